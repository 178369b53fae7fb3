import { describe, expect, it } from 'vitest';
import { deeperThan, MAX_JSON_DEPTH } from './jsonDepth.ts';

const nested = (levels: number) => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`) as unknown;

describe('deeperThan', () => {
  it('counts arrays and objects as levels, scalars as none', () => {
    expect(deeperThan(1, 0)).toBe(false);
    expect(deeperThan({}, 0)).toBe(true);
    expect(deeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(deeperThan({ a: [{ b: {} }] }, 3)).toBe(true);
  });

  it('measures 100,000 levels without overflowing the stack (which JSON.stringify does)', () => {
    const deep = nested(100_000);
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(deeperThan(deep)).toBe(true);
    expect(deeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(deeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
  });
});
