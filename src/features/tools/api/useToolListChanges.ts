import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { serverKey } from '../../../lib/serverKey.ts';
import type { McpConnection } from '../../../mcp/connection.ts';
import type { McpTool } from '../../../mcp/tools.ts';
import { describeLiveChange } from '../../../compare/toolListDiff.ts';

const RESTART_SETTLES_MS = 5000;

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
  const [before, setBefore] = useState<{ tools: McpTool[]; cause: 'notification' | 'restart'; at: number }>();

  const changed = useCallback(
    (cause: 'notification' | 'restart') => {
      // A notification before the first list was complete changes nothing anyone saw: no diff
      // against an empty list ("added" every tool), just the reload.
      const list = latest.current;
      const at = Date.now();
      // A restarted server often says its list changed as it starts (tools registered once a
      // client is known): that is still the restart's news, compared with the list before it.
      if (list)
        setBefore((previous) =>
          cause === 'notification' && previous?.cause === 'restart' && at - previous.at < RESTART_SETTLES_MS
            ? previous
            : { tools: list, cause, at },
        );
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
    void connection.changes
      .watchTools(() => changed('notification'))
      .then((unwatch) => {
        if (live) stop = unwatch;
        else unwatch();
      });
    return () => {
      live = false;
      stop?.();
    };
  }, [connection, changed]);

  return useMemo(() => (before && !loading ? describeLiveChange(before.tools, tools, before.cause) : undefined), [before, loading, tools]);
}
