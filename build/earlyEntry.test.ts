import { describe, expect, it } from 'vitest';
import { inlineSafe } from './earlyEntry.ts';

describe('the inline early entry', () => {
  it('refuses code that would end its <script> element early or open an HTML comment', () => {
    expect(inlineSafe(' var a = "x";\n')).toBe('var a = "x";');
    expect(() => inlineSafe('var a = "</script><img src=x>";')).toThrow(/<\/script/);
    expect(() => inlineSafe('var a = "</SCRIPT >";')).toThrow();
    expect(() => inlineSafe('var a = "<!--";')).toThrow();
  });
});
