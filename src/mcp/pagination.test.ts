import { describe, expect, it } from 'vitest';
import { describeStop, nextPageDecision, walkPages } from './pagination.ts';

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

describe('walkPages (the one walker)', () => {
  const server = (cursors: (string | undefined)[]) => {
    const asked: (string | undefined)[] = [];
    const listPage = (cursor: string | undefined) => {
      asked.push(cursor);
      return Promise.resolve({ nextCursor: cursors[asked.length - 1], n: asked.length });
    };
    return { asked, listPage };
  };

  it('walks to the end, reporting each page but the last', async () => {
    const { asked, listPage } = server(['a', 'b', undefined]);
    const seen: number[] = [];
    const walk = await walkPages(listPage, { onPage: ({ pages }) => seen.push(pages.length) });
    expect(asked).toEqual([undefined, 'a', 'b']);
    expect(walk.cursors).toEqual([undefined, 'a', 'b']);
    expect(walk.pages.map((page) => page.n)).toEqual([1, 2, 3]);
    expect(walk.stop).toEqual({ reason: 'end' });
    expect(seen).toEqual([1, 2]);
  });

  it('stops at a repeated cursor and at the page limit', async () => {
    expect((await walkPages(server(['a', 'b', 'a', 'c']).listPage)).stop).toEqual({ reason: 'repeated-cursor', cursor: 'a' });
    const endless = await walkPages((cursor) => Promise.resolve({ nextCursor: `${cursor ?? ''}x` }), { maxPages: 5 });
    expect(endless.stop).toEqual({ reason: 'page-limit', pages: 5 });
    expect(endless.pages).toHaveLength(5);
  });
});
