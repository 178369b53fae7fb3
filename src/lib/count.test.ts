import { describe, expect, it } from 'vitest';
import { formatCount } from './count.ts';

describe('formatCount', () => {
  it('groups thousands as en-US does, for whole numbers of any size', () => {
    for (const value of [0, 7, 999, 1000, 10_000, 123_456, 1_000_000, 9_007_199_254_740_991, -1234])
      expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
    expect(formatCount(1234.9)).toBe('1,234');
  });
});
