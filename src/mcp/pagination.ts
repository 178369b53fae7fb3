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

/** The most pages any walk asks for (the tool list, the report, the conformance adapter). */
export const MAX_PAGES = 5000;

/** How far a walk got: its pages, the cursor each was asked with, and why it stopped. */
export interface Walk<Page> {
  pages: Page[];
  cursors: (string | undefined)[];
  stop: PageStop;
}

/**
 * The one page walker: asks for each page the moment the previous one arrives, and stops at the
 * end, at a repeated cursor or at the page limit. `onPage` sees the walk so far after each page
 * that is not the last (the tool list shows a first walk as it goes).
 */
export async function walkPages<Page extends { nextCursor?: string }>(
  listPage: (cursor: string | undefined) => Promise<Page>,
  options: { maxPages?: number; onPage?: (walk: Omit<Walk<Page>, 'stop'>) => void } = {},
): Promise<Walk<Page>> {
  const pages: Page[] = [];
  const cursors: (string | undefined)[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const page = await listPage(cursor);
    pages.push(page);
    cursors.push(cursor);
    const next = nextPageDecision(page.nextCursor, seen, pages.length, options.maxPages ?? MAX_PAGES);
    if (next.reason !== 'continue') return { pages, cursors, stop: next };
    seen.add(next.cursor);
    cursor = next.cursor;
    options.onPage?.({ pages, cursors });
  }
}
