import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { McpConnection } from '../../../mcp/connection.ts';
import { describeStop, nextPageDecision } from '../../../mcp/pagination.ts';
import { createPageMerger, type McpTool, type ToolsPage } from '../../../mcp/tools.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

export const MAX_PAGES = 5000;

function decide(data: InfiniteData<ToolsPage, unknown>) {
  const last = data.pages.at(-1);
  const seen = new Set(data.pageParams.filter((cursor): cursor is string => typeof cursor === 'string'));
  return nextPageDecision(last?.nextCursor, seen, data.pages.length, MAX_PAGES);
}

export function toolPagesOptions(connection: McpConnection, authContext: string, connectionId: number) {
  return infiniteQueryOptions({
    queryKey: queryKeys.tools(connection.url, authContext, connectionId),
    queryFn: ({ pageParam, signal }) => connection.listToolsPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (_last, pages, _lastParam, params) => {
      const decision = decide({ pages, pageParams: params });
      return decision.reason === 'continue' ? decision.cursor : undefined;
    },
    // Cache as long as the server allows (ttlMs; the shortest page wins; 0 = always stale).
    staleTime: (query) => {
      const pages = query.state.data?.pages ?? [];
      return pages.length ? Math.min(...pages.map((page) => page.ttlMs)) : 0;
    },
    refetchOnWindowFocus: false,
    retry: false,
    // Pages only ever append; deep-comparing thousands of tools on every page is O(n²).
    structuralSharing: false,
  });
}

export interface ToolListData {
  tools: McpTool[];
  pagesLoaded: number;
  loading: boolean;
  error?: unknown;
  stopMessage?: string;
  findings: string[];
}

/** Loads every page, one after another, showing each as it arrives. */
export function useToolPages(connection: McpConnection, authContext: string, connectionId: number): ToolListData {
  const query = useInfiniteQuery(toolPagesOptions(connection, authContext, connectionId));
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  const pages = query.data?.pages;
  const [merge] = useState(createPageMerger);
  const merged = useMemo(() => merge(pages ?? []), [merge, pages]);
  const decision = query.data ? decide(query.data) : undefined;
  return {
    tools: merged.tools,
    pagesLoaded: pages?.length ?? 0,
    loading: query.isPending || query.isFetchingNextPage || Boolean(query.hasNextPage && !query.isError),
    error: query.error ?? undefined,
    stopMessage: decision && decision.reason !== 'continue' ? describeStop(decision) : undefined,
    findings: merged.findings,
  };
}
