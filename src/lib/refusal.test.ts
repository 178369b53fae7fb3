import { describe, expect, it } from 'vitest';
import { refused } from './refusal.ts';

describe('refused: the one wording of a refusal', () => {
  it('says "Refused: " once, however often a reason is passed along', () => {
    expect(refused('Read-only mode is on.')).toBe('Refused: Read-only mode is on.');
    expect(refused(refused('Read-only mode is on.'))).toBe('Refused: Read-only mode is on.');
    expect(refused('Refused, Refused: it may destroy data')).toBe('Refused: it may destroy data');
  });
});
