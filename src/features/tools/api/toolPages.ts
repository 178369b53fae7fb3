import { queryOptions, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { McpConnection } from '../../../mcp/connection.ts';
import { MAX_PAGES, describeStop, nextPageDecision, walkPages as walk } from '../../../mcp/pagination.ts';
import { createPageMerger, mergePages } from '../../../mcp/pageMerge.ts';
import { type McpTool, type ToolsPage } from '../../../mcp/tools.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { serverKey } from '../../../lib/serverKey.ts';
import { listTtl, sharedList, type CachedList, type ToolListPages } from './toolListCache.ts';

/** How long a list nobody looks at is kept, so a reconnect or a return to the server finds it. */
const KEEP_UNUSED_MS = 30 * 60_000;

function decide(data: ToolListPages) {
  const last = data.pages.at(-1);
  const seen = new Set(data.pageParams.filter((cursor): cursor is string => typeof cursor === 'string'));
  return nextPageDecision(last?.nextCursor, seen, data.pages.length, MAX_PAGES);
}

/** Pages of a walk that stopped short of its end without a reason (called off), not a finished list. */
const incomplete = (data: ToolListPages) => decide(data).reason === 'continue';

/** A fresh public list of this server cached under other credentials (see toolListCache.ts). */
function publicListFor(queryClient: QueryClient, server: string, authContext: string): CachedList | undefined {
  const candidates = queryClient
    .getQueryCache()
    .findAll({ queryKey: queryKeys.toolsOf(server) })
    .filter((query) => query.queryKey[2] !== authContext && query.state.data !== undefined)
    .map((query) => ({ data: query.state.data as ToolListPages, updatedAt: query.state.dataUpdatedAt }));
  return sharedList(candidates, Date.now());
}

/** While a first walk streams in, the list on screen is updated at most this often (the first page at once). */
const PUBLISH_EVERY_MS = 100;

/**
 * Walks every page in one query: each page is requested the moment the previous one arrives
 * (never waiting for React), and a first walk is published as it goes — the first page at once,
 * then at most every 100 ms — so 1,000 pages cost a few dozen renders, not 2,000. A page held back
 * is shown when its 100 ms are up, whether or not another has come: a slow page never hides those
 * before it. A refresh of a list already shown replaces it only when complete (nothing shrinks
 * and regrows).
 */
async function walkPages(
  connection: McpConnection,
  signal: AbortSignal,
  publish: ((data: ToolListPages) => void) | undefined,
): Promise<ToolListPages> {
  let published = 0;
  let heldBack: ReturnType<typeof setTimeout> | undefined;
  // The walk keeps appending to its own arrays: copies, as they are when published.
  const publishNow = (pages: readonly ToolsPage[], cursors: readonly (string | undefined)[]) => {
    clearTimeout(heldBack);
    heldBack = undefined;
    published = performance.now();
    publish?.({ pages: [...pages], pageParams: [...cursors] });
  };
  try {
    const done = await walk((cursor) => connection.listToolsPage(cursor, signal), {
      onPage: ({ pages, cursors }) => {
        if (!publish) return;
        const wait = PUBLISH_EVERY_MS - (performance.now() - published);
        if (pages.length === 1 || wait <= 0) publishNow(pages, cursors);
        else heldBack ??= setTimeout(() => publishNow(pages, cursors), wait);
      },
    });
    performance.mark('toolscope:listed');
    return { pages: done.pages, pageParams: done.cursors };
  } finally {
    clearTimeout(heldBack);
  }
}

export function toolPagesOptions(
  queryClient: QueryClient,
  connection: McpConnection,
  authContext: string,
  shared?: CachedList,
  /** When this connection's listing began (see startListing). */
  startedAt = 0,
) {
  const queryKey = queryKeys.tools(serverKey(connection.url), authContext);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => {
      const shown = queryClient.getQueryData<ToolListPages>(queryKey);
      const firstWalk = !shown || decide(shown).reason === 'continue';
      return walkPages(connection, signal, firstWalk ? (partial) => queryClient.setQueryData(queryKey, partial) : undefined);
    },
    // Fresh as long as the server allows (ttlMs; the shortest page wins; 0 = always stale), so a
    // reconnect within it shows the list at once; a stale one is shown while it refreshes. A walk
    // that was called off part-way (a disconnect) left an incomplete list: never fresh.
    staleTime: ({ state }) => (!state.data || incomplete(state.data) ? 0 : listTtl(state.data.pages)),
    gcTime: KEEP_UNUSED_MS,
    initialData: shared?.data,
    initialDataUpdatedAt: shared?.updatedAt,
    refetchOnWindowFocus: false,
    // startListing fetched (or kept a fresh list) when the connection began; a mount adds nothing —
    // unless that walk was called off (an unmount and remount, as React's development mode does)
    // and left an incomplete list, or only an older one.
    refetchOnMount: ({ state }) =>
      state.fetchStatus === 'idle' &&
      ((state.data !== undefined && incomplete(state.data)) || Math.max(state.dataUpdatedAt, state.errorUpdatedAt) < startedAt),
    retry: false,
    // Pages only ever append; deep-comparing thousands of tools on every update is O(n²).
    structuralSharing: false,
  });
}

export type ListFreshness =
  | { source: 'server'; updatedAt: number; ttlMs: number }
  /** Listed before this connection (a reconnect, a return to the server): from the cache. */
  | { source: 'cache'; updatedAt: number; ttlMs: number; refreshing: boolean; sharedPublic: boolean };

export interface ToolListData {
  tools: McpTool[];
  /** The pages as the server sent them (the report's rules look at pages: duplicates, ttlMs). */
  pages: readonly ToolsPage[];
  pagesLoaded: number;
  loading: boolean;
  error?: unknown;
  stopMessage?: string;
  findings: string[];
  freshness?: ListFreshness;
  /** Lists again from the first page, bypassing the cache. */
  reload: () => void;
}

interface Listing {
  /** A public list another credential left behind, shown until this walk replaces it. */
  shared?: CachedList;
  /** When this connection's listing began: data older than this came from the cache. */
  startedAt: number;
}
const listings = new WeakMap<McpConnection, Listing>();

/**
 * Starts listing a new connection's tools at once — called as the connection is established,
 * so the first pages are on their way while the connected screen renders (a cached list still
 * fresh by its ttlMs is not fetched again). Idempotent per connection.
 */
export function startListing(queryClient: QueryClient, connection: McpConnection, authContext: string): Listing {
  const started = listings.get(connection);
  if (started) return started;
  const server = serverKey(connection.url);
  // Read once per connection: a public list another credential left behind, if fresh.
  const shared = queryClient.getQueryData(queryKeys.tools(server, authContext))
    ? undefined
    : publicListFor(queryClient, server, authContext);
  const listing = { shared, startedAt: Date.now() };
  listings.set(connection, listing);
  void queryClient.prefetchQuery(toolPagesOptions(queryClient, connection, authContext, shared, listing.startedAt));
  return listing;
}

const NO_PAGES: readonly ToolsPage[] = [];

/** Loads every page, one after another, showing each as it arrives. */
export function useToolPages(connection: McpConnection, authContext: string): ToolListData {
  const queryClient = useQueryClient();
  const server = serverKey(connection.url);
  const [{ shared, startedAt: connectedAt }] = useState(() => startListing(queryClient, connection, authContext));
  const query = useQuery(toolPagesOptions(queryClient, connection, authContext, shared, connectedAt));
  const pages = query.data?.pages;
  const [merge] = useState(createPageMerger);
  const merged = useMemo(() => merge(pages ?? []), [merge, pages]);
  const reload = useCallback(
    () => void queryClient.resetQueries({ queryKey: queryKeys.tools(server, authContext) }),
    [queryClient, server, authContext],
  );
  const { data, error, isPending, isFetching, dataUpdatedAt: updatedAt } = query;
  // One object per change of the list or its state (not per render), so the list can skip
  // re-rendering when the rest of the page changes — a call, a keystroke.
  return useMemo((): ToolListData => {
    const decision = data ? decide(data) : undefined;
    const ttlMs = listTtl(pages ?? []);
    return {
      tools: merged.tools,
      pages: pages ?? NO_PAGES,
      pagesLoaded: pages?.length ?? 0,
      // Loading while a walk is still short of its end (a refresh behind a complete list is not "loading").
      loading: isPending || (isFetching && decision?.reason === 'continue'),
      error: error ?? undefined,
      stopMessage: decision && decision.reason !== 'continue' ? describeStop(decision) : undefined,
      findings: merged.findings,
      freshness: !pages
        ? undefined
        : updatedAt < connectedAt
          ? {
              source: 'cache',
              updatedAt,
              ttlMs,
              refreshing: isFetching,
              sharedPublic: shared !== undefined && data === shared.data,
            }
          : { source: 'server', updatedAt, ttlMs },
      reload,
    };
  }, [data, pages, merged, error, isPending, isFetching, updatedAt, connectedAt, shared, reload]);
}

/** One server of several: its tools as listed so far (the other servers' groups, the "Hosts" view). */
export interface ServerTools {
  url: string;
  tools: readonly McpTool[];
  loading: boolean;
  error?: unknown;
}

/**
 * The tool lists of several connected servers at once — each the same query (and walk) as its own
 * workspace's, so a server listed in the background is not listed twice when it comes on screen.
 */
export function useServersTools(servers: readonly { connection: McpConnection; authContext: string }[]): ServerTools[] {
  const queryClient = useQueryClient();
  // A stable combine: the same results give the same array (the views below memoize on it).
  const combine = useCallback(
    (results: { data?: ToolListPages; isPending: boolean; isFetching: boolean; error: Error | null }[]) =>
      results.map((result, index) => ({
        url: servers[index]?.connection.url ?? '',
        tools: mergePages(result.data?.pages ?? []).tools,
        loading: result.isPending || (result.isFetching && result.data !== undefined && incomplete(result.data)),
        error: result.error ?? undefined,
      })),
    [servers],
  );
  return useQueries({
    queries: servers.map(({ connection, authContext }) => {
      const { shared, startedAt } = startListing(queryClient, connection, authContext);
      return toolPagesOptions(queryClient, connection, authContext, shared, startedAt);
    }),
    combine,
  });
}
