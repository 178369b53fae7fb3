// Walking a paginated list one page at a time. The SDK's own walk returns nothing when a
// server never stops paging; we show each page as it arrives and stop, with a clear
// message, the moment a cursor repeats (an absent nextCursor ends the list; an empty string
// is a cursor like any other).

export type PageStop = { reason: 'end' } | { reason: 'repeated-cursor'; cursor: string } | { reason: 'page-limit'; pages: number };

/** Decides whether to fetch after a page whose nextCursor is `next`, given cursors seen so far. */
export function nextPageDecision(
  next: string | undefined,
  seen: ReadonlySet<string>,
  pagesLoaded: number,
  maxPages: number,
): PageStop | { reason: 'continue'; cursor: string } {
  if (next === undefined) return { reason: 'end' };
  if (seen.has(next)) return { reason: 'repeated-cursor', cursor: next };
  if (pagesLoaded >= maxPages) return { reason: 'page-limit', pages: pagesLoaded };
  return { reason: 'continue', cursor: next };
}

export function describeStop(stop: PageStop): string | undefined {
  switch (stop.reason) {
    case 'end':
      return undefined;
    case 'repeated-cursor':
      return `Stopped loading: the server returned the cursor ${JSON.stringify(stop.cursor.slice(0, 80))} twice, so pagination would never end. Tools shown are the pages received so far.`;
    case 'page-limit':
      return `Stopped after ${stop.pages} pages (the safety limit). Tools shown are the pages received so far.`;
  }
}
