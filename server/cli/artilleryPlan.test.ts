import { describe, expect, it } from 'vitest';
import { oneLine } from './artilleryPlan.ts';

describe('the exported plan', () => {
  it('keeps server text in a comment on one line: a name with line breaks cannot add YAML keys', () => {
    const hostile = 'shop\nconfig:\n  processor: ./evil.js\r\u2028x\u0007';
    expect(oneLine(hostile)).toBe('shop config:   processor: ./evil.js  x ');
    expect(oneLine(hostile)).not.toMatch(/[\n\r\u2028]/);
  });
});
