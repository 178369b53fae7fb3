// Several servers in one tab: the one on screen is useConnection's; the others stay connected,
// parked with their workspaces put away, and come back on screen with their own connection,
// sign-in, headers and trust decisions (all kept per server). The set survives a reload
// (features/servers/serverSet.ts says what is kept).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { reopenServer, type ConnectionState, type ParkedServer } from '../features/connection/useConnection.ts';
import { startListing } from '../features/tools/api/toolPages.ts';
import { loadServerSet, rememberServerSet, serverLabels } from '../features/servers/serverSet.ts';
import { describeFailure, failureOf } from '../mcp/errors.ts';
import type { ProxySession } from '../mcp/proxy.ts';
import type { TrafficRecorder } from '../mcp/traffic.ts';
import { redactUrl } from '../lib/redactUrl.ts';
import { toasts } from '../web/toasts.ts';
import type { ServerSet } from './ConnectedView.tsx';

interface Wiring {
  state: ConnectionState;
  park: () => ParkedServer | undefined;
  adopt: (parked: ParkedServer) => void;
  disconnect: () => void;
  recorder: TrafficRecorder;
  proxy: { loaded: boolean; session?: ProxySession };
  /** The server the page's link opens (it comes on screen; the rest of the set is reopened beside it). */
  linkServer?: string;
  /** The tool a server comes on screen on (picked in its group), by server. */
  setOpenTool: (open: { url: string; tool: string } | undefined) => void;
}

/** Whether this page load is a reload of the same page (Navigation Timing Level 2's type). */
function reloaded(): boolean {
  const [entry] = performance.getEntriesByType('navigation');
  return entry !== undefined && (entry as PerformanceNavigationTiming).type === 'reload';
}

export function useServerSet({ state, park, adopt, disconnect, recorder, proxy, linkServer, setOpenTool }: Wiring) {
  const queryClient = useQueryClient();
  const [parked, setParked] = useState<readonly ParkedServer[]>([]);
  const shown = state.status === 'connected' ? state.connection : undefined;
  const labels = useMemo(
    () =>
      serverLabels(
        [...(shown ? [shown] : []), ...parked.map((entry) => entry.state.connection)].map((connection) => ({
          url: connection.url,
          ...connection.server,
        })),
      ),
    [shown, parked],
  );

  /** "Add server": the one on screen stays connected, and the connection form takes the screen. */
  const add = useCallback(() => {
    const current = park();
    if (current) setParked((list) => [...list, current]);
  }, [park]);

  const open = useCallback(
    (url: string, tool?: string) => {
      const target = parked.find((entry) => entry.state.connection.url === url);
      if (!target) return;
      const current = park();
      setParked((list) => [...list.filter((entry) => entry !== target), ...(current ? [current] : [])]);
      setOpenTool(tool ? { url, tool } : undefined);
      adopt(target);
    },
    [parked, park, adopt, setOpenTool],
  );

  const disconnectOne = useCallback(
    (url: string) => {
      for (const entry of parked) if (entry.state.connection.url === url) void entry.state.connection.close();
      setParked((list) => list.filter((entry) => entry.state.connection.url !== url));
    },
    [parked],
  );

  /** Whether this server is in the set, off screen (connecting to it again brings it on screen instead). */
  const has = useCallback((url: string) => parked.some((entry) => entry.state.connection.url === url), [parked]);

  /** The top bar's Disconnect: the server on screen goes; the next of the set comes on screen. */
  const disconnectShown = useCallback(() => {
    disconnect();
    const [next, ...rest] = parked;
    if (!next) return;
    setParked(rest);
    setOpenTool(undefined);
    adopt(next);
  }, [disconnect, parked, adopt, setOpenTool]);

  // After a reload: the rest of the set opens again beside the link's server, off screen.
  // Only a reload: a new link typed or followed in this tab opens its own server alone.
  const [toReopen] = useState(() => (reloaded() ? loadServerSet().filter((url) => url !== linkServer) : []));
  const [reopened, setReopened] = useState(toReopen.length === 0);
  const started = useRef(false);
  useEffect(() => {
    if (!proxy.loaded || started.current) return;
    started.current = true;
    // The launch's config (`toolscope --config FILE`) opens its servers beside the first, with their headers.
    const launch = new Map((proxy.session?.launch ?? []).map((server) => [server.url, server.headers]));
    const urls = [...new Set([...toReopen, ...launch.keys()])].filter((url) => url !== linkServer);
    let pending = urls.length;
    for (const url of urls)
      reopenServer(url, recorder, proxy.session, launch.get(url))
        .then((entry) => {
          startListing(queryClient, entry.state.connection, entry.state.authContext);
          setParked((list) => (list.some((other) => other.state.connection.url === url) ? list : [...list, entry]));
        })
        .catch((error: unknown) =>
          toasts.show({
            title: `${redactUrl(url).url} was not opened again: ${describeFailure(failureOf(error))}`,
            notes: ['Open it again with Add server.'],
          }),
        )
        .finally(() => {
          if (--pending === 0) setReopened(true);
        });
  }, [proxy.loaded, proxy.session, toReopen, recorder, queryClient, linkServer]);

  // The set as it stands, for a reload (once what the last reload left has been reopened).
  const shownUrl = shown?.url;
  useEffect(() => {
    if (reopened) rememberServerSet([...(shownUrl ? [shownUrl] : []), ...parked.map((entry) => entry.state.connection.url)]);
  }, [reopened, shownUrl, parked]);

  const others = useMemo(
    () =>
      // Never the server on screen twice (defensive: connecting to a parked server brings it back instead).
      parked
        .filter(({ state: entry }) => entry.connection.url !== shownUrl)
        .map(({ state: entry }) => ({
          url: entry.connection.url,
          label: labels.get(entry.connection.url) ?? entry.connection.url,
          connection: entry.connection,
          authContext: entry.authContext,
        })),
    [parked, labels, shownUrl],
  );
  const forView = useMemo(
    (): ServerSet | undefined =>
      shownUrl === undefined ? undefined : { others, label: labels.get(shownUrl) ?? shownUrl, open, disconnect: disconnectOne, add },
    [others, labels, shownUrl, open, disconnectOne, add],
  );
  return { parked, labels, add, open, has, disconnectShown, forView };
}
