import { infiniteQueryOptions, useInfiniteQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { McpConnection } from '../../../mcp/connection.ts';
import { describeStop, nextPageDecision } from '../../../mcp/pagination.ts';
import { createPageMerger, type McpTool, type ToolsPage } from '../../../mcp/tools.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { serverKey } from '../../../lib/serverKey.ts';
import { listTtl, sharedList, type CachedList, type ToolListPages } from './toolListCache.ts';

export const MAX_PAGES = 5000;
/** How long a list nobody looks at is kept, so a reconnect or a return to the server finds it. */
const KEEP_UNUSED_MS = 30 * 60_000;

function decide(data: ToolListPages) {
  const last = data.pages.at(-1);
  const seen = new Set(data.pageParams.filter((cursor): cursor is string => typeof cursor === 'string'));
  return nextPageDecision(last?.nextCursor, seen, data.pages.length, MAX_PAGES);
}

/** A fresh public list of this server cached under other credentials (see toolListCache.ts). */
function publicListFor(queryClient: QueryClient, server: string, authContext: string): CachedList | undefined {
  const candidates = queryClient
    .getQueryCache()
    .findAll({ queryKey: queryKeys.toolsOf(server) })
    .filter((query) => query.queryKey[2] !== authContext && query.state.data !== undefined)
    .map((query) => ({ data: query.state.data as ToolListPages, updatedAt: query.state.dataUpdatedAt }));
  return sharedList(candidates, Date.now());
}

/**
 * The next page, requested as soon as a page arrives (its cursor known), so the network never
 * waits for React to render the page before: per connection, one page ahead, dropped whenever a
 * walk starts again from the first page (a reload or list_changed).
 */
const ahead = new WeakMap<McpConnection, Map<string, Promise<ToolsPage>>>();

async function listPage(connection: McpConnection, cursor: string | undefined, signal: AbortSignal): Promise<ToolsPage> {
  let pending = ahead.get(connection);
  if (!pending || cursor === undefined) ahead.set(connection, (pending = new Map<string, Promise<ToolsPage>>()));
  const early = cursor === undefined ? undefined : pending.get(cursor);
  if (cursor !== undefined) pending.delete(cursor);
  const page = await (early ?? connection.listToolsPage(cursor, signal));
  const next = page.nextCursor;
  if (next !== undefined && next !== cursor && !signal.aborted) {
    const request = connection.listToolsPage(next);
    request.catch(() => undefined); // reported when (if) that page is asked for
    pending.set(next, request);
  }
  return page;
}

export function toolPagesOptions(connection: McpConnection, authContext: string, shared?: CachedList) {
  return infiniteQueryOptions({
    queryKey: queryKeys.tools(serverKey(connection.url), authContext),
    queryFn: ({ pageParam, signal }) => listPage(connection, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (_last, pages, _lastParam, params) => {
      const decision = decide({ pages, pageParams: params });
      return decision.reason === 'continue' ? decision.cursor : undefined;
    },
    // Fresh as long as the server allows (ttlMs; the shortest page wins; 0 = always stale), so a
    // reconnect within it shows the list at once; a stale one is shown while it refreshes.
    staleTime: (query) => listTtl(query.state.data?.pages ?? []),
    gcTime: KEEP_UNUSED_MS,
    initialData: shared?.data as InfiniteData<ToolsPage, string | undefined> | undefined,
    initialDataUpdatedAt: shared?.updatedAt,
    refetchOnWindowFocus: false,
    retry: false,
    // Pages only ever append; deep-comparing thousands of tools on every page is O(n²).
    structuralSharing: false,
  });
}

export type ListFreshness =
  | { source: 'server'; updatedAt: number; ttlMs: number }
  /** Listed before this connection (a reconnect, a return to the server): from the cache. */
  | { source: 'cache'; updatedAt: number; ttlMs: number; refreshing: boolean; sharedPublic: boolean };

export interface ToolListData {
  tools: McpTool[];
  pagesLoaded: number;
  loading: boolean;
  error?: unknown;
  stopMessage?: string;
  findings: string[];
  freshness?: ListFreshness;
  /** Lists again from the first page, bypassing the cache. */
  reload: () => void;
}

/** Loads every page, one after another, showing each as it arrives. */
export function useToolPages(connection: McpConnection, authContext: string): ToolListData {
  const queryClient = useQueryClient();
  const server = serverKey(connection.url);
  const [connectedAt] = useState(() => Date.now());
  // Read once per connection: a public list another credential left behind, if fresh.
  const [shared] = useState(() =>
    queryClient.getQueryData(queryKeys.tools(server, authContext)) ? undefined : publicListFor(queryClient, server, authContext),
  );
  const query = useInfiniteQuery(toolPagesOptions(connection, authContext, shared));
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  const pages = query.data?.pages;
  const [merge] = useState(createPageMerger);
  const merged = useMemo(() => merge(pages ?? []), [merge, pages]);
  const decision = query.data ? decide(query.data) : undefined;
  const reload = useCallback(
    () => void queryClient.resetQueries({ queryKey: queryKeys.tools(server, authContext) }),
    [queryClient, server, authContext],
  );
  const updatedAt = query.dataUpdatedAt;
  const ttlMs = listTtl(pages ?? []);
  return {
    tools: merged.tools,
    pagesLoaded: pages?.length ?? 0,
    loading: query.isPending || query.isFetchingNextPage || Boolean(query.hasNextPage && !query.isError),
    error: query.error ?? undefined,
    stopMessage: decision && decision.reason !== 'continue' ? describeStop(decision) : undefined,
    findings: merged.findings,
    freshness: !pages
      ? undefined
      : updatedAt < connectedAt
        ? {
            source: 'cache',
            updatedAt,
            ttlMs,
            refreshing: query.isFetching,
            sharedPublic: shared !== undefined && query.data === shared.data,
          }
        : { source: 'server', updatedAt, ttlMs },
    reload,
  };
}
