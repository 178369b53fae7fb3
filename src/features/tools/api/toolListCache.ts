// What the tool-list cache may serve, by the 2026 rules: a list is fresh for the shortest
// `ttlMs` of its pages; a list whose every page is `cacheScope: "public"` may be shown to other
// credentials on the same server, a "private" one (or one that does not say) only to the same.
import type { InfiniteData } from '@tanstack/react-query';
import type { ToolsPage } from '../../../mcp/tools.ts';

export type ToolListPages = InfiniteData<ToolsPage>;

/** How long the list stays fresh: the shortest ttlMs of its pages (0: always stale). */
export const listTtl = (pages: readonly ToolsPage[]) => (pages.length ? Math.min(...pages.map((page) => page.ttlMs)) : 0);

export const isFresh = (pages: readonly ToolsPage[], updatedAt: number, now: number) => now < updatedAt + listTtl(pages);

/** Whether a cached list may be shown to other credentials: every page said "public". */
export const isShareable = (pages: readonly ToolsPage[]) => pages.length > 0 && pages.every((page) => page.cacheScope === 'public');

export interface CachedList {
  data: ToolListPages;
  updatedAt: number;
}

/** A fresh, public list cached under other credentials, if there is one: the newest. */
export function sharedList(candidates: readonly CachedList[], now: number): CachedList | undefined {
  return candidates
    .filter(({ data, updatedAt }) => isShareable(data.pages) && isFresh(data.pages, updatedAt, now))
    .sort((a, b) => b.updatedAt - a.updatedAt)[0];
}
