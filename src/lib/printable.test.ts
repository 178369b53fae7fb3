import { describe, expect, it } from 'vitest';
import { printable } from './printable.ts';

describe('printable', () => {
  it('shows terminal controls as \\uXXXX and keeps newlines and tabs', () => {
    const hostile = 'clear\u001b[2J title\u001b]0;pwned\u0007 clip\u001b]52;c;ZXZpbA==\u0007 csi\u009b31m cr\rline\n\tok';
    const safe = printable(hostile);
    expect(safe).toBe('clear\\u001b[2J title\\u001b]0;pwned\\u0007 clip\\u001b]52;c;ZXZpbA==\\u0007 csi\\u009b31m cr\\u000dline\n\tok');
    // eslint-disable-next-line no-control-regex
    expect(safe).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });
  it('leaves a JSON report parseable, with the control kept as its escape', () => {
    const json = `{"name": "a\u009bb"}`;
    expect(JSON.parse(printable(json))).toEqual({ name: 'a\u009bb' });
  });
  it('reveals bidi and zero-width characters, so a name reads on a terminal as it is (audit 4, N4)', () => {
    expect(printable('Toolscope demo shop\u202Epohs omed\u202C')).toBe('Toolscope demo shop\\u202epohs omed\\u202c');
    expect(printable('a\u200bb\u2066c\ufeff')).toBe('a\\u200bb\\u2066c\\ufeff');
    expect(JSON.parse(printable('{"name": "bidi_\u202Eexe.gnp"}'))).toEqual({ name: 'bidi_\u202Eexe.gnp' });
  });
});
