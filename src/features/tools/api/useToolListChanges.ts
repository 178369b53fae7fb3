import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { serverKey } from '../../../lib/serverKey.ts';
import type { McpConnection } from '../../../mcp/connection.ts';
import { describeDiff, diffTools, type McpTool } from '../../../mcp/tools.ts';

/**
 * Listens for `list_changed` (2025 notifications or a 2026 subscriptions/listen stream),
 * reloads the list at once (a change invalidates any cached pages), and says what changed.
 * A stdio server that was restarted (`serverGeneration` grew) may list other tools: the same.
 */
export function useToolListChanges(connection: McpConnection, tools: McpTool[], loading: boolean, serverGeneration?: number) {
  const queryClient = useQueryClient();
  // The last fully loaded list: a second notification during a reload must not compare
  // against a half-loaded list.
  const latest = useRef<McpTool[]>(undefined);
  useEffect(() => {
    if (!loading) latest.current = tools;
  });
  const [before, setBefore] = useState<{ tools: McpTool[]; cause: 'notification' | 'restart' }>();

  const changed = useCallback(
    (cause: 'notification' | 'restart') => {
      // A notification before the first list was complete changes nothing anyone saw: no diff
      // against an empty list ("added" every tool), just the reload.
      if (latest.current) setBefore({ tools: latest.current, cause });
      // The list changed for everyone: every cached copy of it goes, whatever the credentials.
      void queryClient.resetQueries({ queryKey: queryKeys.toolsOf(serverKey(connection.url)) });
    },
    [connection, queryClient],
  );

  const seenGeneration = useRef(serverGeneration);
  useEffect(() => {
    if (serverGeneration === undefined || serverGeneration === seenGeneration.current) return;
    const first = seenGeneration.current === undefined;
    seenGeneration.current = serverGeneration;
    if (!first) changed('restart');
  }, [serverGeneration, changed]);

  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    void connection
      .watchToolChanges(() => changed('notification'))
      .then((unwatch) => {
        if (live) stop = unwatch;
        else unwatch();
      });
    return () => {
      live = false;
      stop?.();
    };
  }, [connection, changed]);

  return useMemo(
    () => (before && !loading ? describeDiff(diffTools(before.tools, tools), before.cause) : undefined),
    [before, loading, tools],
  );
}
