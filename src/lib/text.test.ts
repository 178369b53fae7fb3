import { describe, expect, it } from 'vitest';
import { hasInvisible, revealInvisible } from './text.ts';

describe('revealInvisible', () => {
  it('makes bidi overrides and control characters visible, keeping normal text', () => {
    expect(revealInvisible('bidi\u202Egnp.exe')).toBe('bidi⟨U+202E⟩gnp.exe');
    expect(revealInvisible('a\u0000b\u001b[31m')).toBe('a⟨U+0000⟩b⟨U+001B⟩[31m');
    expect(revealInvisible('plain name\twith tab')).toBe('plain name\twith tab');
    expect(hasInvisible('zero\u200Bwidth')).toBe(true);
    expect(hasInvisible('naïve café')).toBe(false);
  });

  it('answers each text on its own, however many were tested before (no state between calls)', () => {
    const texts = ['a\u202Eb', 'a\u202Eb', 'plain', 'x\u0007', 'plain again', '\uFEFFbom'];
    expect(texts.map(hasInvisible)).toEqual([true, true, false, true, false, true]);
  });
});
