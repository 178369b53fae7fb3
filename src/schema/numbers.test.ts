import { describe, expect, it } from 'vitest';
import { unsafeIntegers } from './numbers.ts';

describe('unsafe integers', () => {
  it('flags integers beyond 2^53 - 1 at their path, and nothing else', () => {
    expect(
      unsafeIntegers({ id: 9007199254740991, small: -3, share: 0.1, nested: [{ big: 2 ** 60 }], text: '99999999999999999999' }),
    ).toEqual([{ path: '/nested/0/big', message: expect.stringContaining('would be sent as 1152921504606847000') }]);
    // What JSON.parse makes of "9007199254740993": already a different number.
    expect(unsafeIntegers(JSON.parse('{"order": 9007199254740993}'))[0]?.message).toContain('sent as 9007199254740992');
    expect(unsafeIntegers(1e300)).toHaveLength(1);
  });
});
