import { describe, expect, it } from 'vitest';
import { describeStop, nextPageDecision } from './pagination.ts';

describe('nextPageDecision', () => {
  it('ends when there is no nextCursor', () => {
    expect(nextPageDecision(undefined, new Set(), 1, 10)).toEqual({ reason: 'end' });
  });

  it('treats an empty-string cursor as a real cursor, not the end', () => {
    expect(nextPageDecision('', new Set(), 1, 10)).toEqual({ reason: 'continue', cursor: '' });
  });

  it('stops at once on a repeated cursor, with a message naming it', () => {
    const decision = nextPageDecision('abc', new Set(['abc']), 2, 10);
    expect(decision).toEqual({ reason: 'repeated-cursor', cursor: 'abc' });
    if (decision.reason === 'repeated-cursor') expect(describeStop(decision)).toContain('"abc" twice');
  });

  it('stops at the page limit', () => {
    expect(nextPageDecision('next', new Set(), 10, 10)).toEqual({ reason: 'page-limit', pages: 10 });
  });

  it('has no message for a normal end', () => {
    expect(describeStop({ reason: 'end' })).toBeUndefined();
  });
});
