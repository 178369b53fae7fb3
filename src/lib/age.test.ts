import { describe, expect, it } from 'vitest';
import { ago, humanDuration, roughDuration } from './age.ts';

describe('rough durations', () => {
  it('reads to the minute, then hours and days', () => {
    expect(roughDuration(-5)).toBe('under a minute');
    expect(roughDuration(59_000)).toBe('under a minute');
    expect(roughDuration(60_000)).toBe('1 min');
    expect(roughDuration(89 * 60_000)).toBe('89 min');
    expect(roughDuration(90 * 60_000)).toBe('2 h');
    expect(roughDuration(35 * 3_600_000)).toBe('35 h');
    expect(roughDuration(36 * 3_600_000)).toBe('2 d');
    expect(ago(30_000)).toBe('just now');
    expect(ago(5 * 60_000)).toBe('5 min ago');
  });

  it('gives call durations to the tenth of a second', () => {
    expect(humanDuration(340.4)).toBe('340 ms');
    expect(humanDuration(21_900)).toBe('21.9 s');
    expect(humanDuration(125_000)).toBe('2 min 05 s');
  });
});
