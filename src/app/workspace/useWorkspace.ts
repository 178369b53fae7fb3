// Several servers in one tab, through the workspace model (src/workspace): every connected server
// is a server session in one Workspace — its connection, its one call session, what it was opened
// with. The one on screen is useConnection's; the others stay connected off screen with their call
// sessions, so a call running there keeps running and its result is in the run list on return. The
// set survives a reload (features/servers/serverSet.ts says what is kept).
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  reopenServer,
  type ConnectedState,
  type ConnectionAsk,
  type ConnectionState,
  type ParkedServer,
} from '../../features/connection/useConnection.ts';
import { startListing } from '../../features/tools/api/toolPages.ts';
import { loadServerSet, rememberServerSet } from '../../features/servers/serverSet.ts';
import { describeFailure, failureOf } from '../../mcp/errors.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import type { ProxySession } from '../../mcp/wire/proxy.ts';
import type { TrafficRecorder } from '../../mcp/recording/traffic.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { redactUrl } from '../../lib/redactUrl.ts';
import { toasts } from '../../web/toasts.ts';
import type { Workspace, WorkspaceSnapshot } from '../../workspace/workspace.ts';
import { retryableImport } from '../../lib/retryableImport.ts';
import type { PageServer } from './pageServer.ts';
import type { ServerSet } from './ServersPane.tsx';

export type { PageServer };

// A server session is made by the connected screen's chunk (its call session's code is not the start
// screen's); every way to connect has started loading that chunk already (boot.ts warmUp, preload).
const loadPageServer = retryableImport(() => import('./ConnectedView.tsx'));

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

const parkedOf = (server: PageServer): ParkedServer => ({
  state: {
    status: 'connected',
    connection: server.connection,
    id: server.id,
    authContext: server.authContext,
    eraSource: server.eraSource,
    trafficFrom: server.trafficFrom,
  },
  ask: server.target,
});

/**
 * The tab's Workspace and what useConnection tells it: `joined` for a connection that is up (it
 * becomes a server session there, the one place the page makes one), `closed` for one it closed.
 */
export function usePageWorkspace() {
  const queryClient = useQueryClient();
  // Made with the first server (its code is the connected screen's): the start screen has none.
  const [workspace, setWorkspace] = useState<Workspace<PageServer>>();
  const made = useRef<Promise<Workspace<PageServer>>>(undefined);
  const now = useRef<Workspace<PageServer>>(undefined);
  const onSavedChange = useCallback(
    (server: string) => void queryClient.invalidateQueries({ queryKey: queryKeys.saved(server) }),
    [queryClient],
  );
  const join = useCallback(
    async (connected: ConnectedState, ask: ConnectionAsk, show: boolean) => {
      const chunk = await loadPageServer();
      made.current ??= Promise.resolve(new chunk.Workspace<PageServer>()).then((created) => {
        now.current = created;
        setWorkspace(created);
        return created;
      });
      return (await made.current).add(chunk.pageServer(connected, ask, onSavedChange), show);
    },
    [onSavedChange],
  );
  /** A connection is up: its listing starts at once, and it joins the set (before the screen shows it). */
  const joined = useCallback(
    async (connected: ConnectedState, ask: ConnectionAsk) => {
      startListing(queryClient, connected.connection, connected.authContext);
      await join(connected, ask, true);
    },
    [queryClient, join],
  );
  // At once (not a tick later): the render that follows a disconnect must not still count it in the set.
  const closed = useCallback((connection: McpConnection) => {
    const drop = (set: Workspace<PageServer>) => {
      if (set.get(connection.url)?.connection === connection) set.remove(connection.url);
    };
    if (now.current) drop(now.current);
    else void made.current?.then(drop);
  }, []);
  return { workspace, join, joined, closed };
}

const NONE: WorkspaceSnapshot<PageServer> = { servers: [], labels: new Map(), running: new Map() };
const nothing = () => () => undefined;
const none = () => NONE;

export function useWorkspace(
  { workspace, join }: Pick<ReturnType<typeof usePageWorkspace>, 'workspace' | 'join'>,
  { state, park, adopt, disconnect, recorder, proxy, linkServer, setOpenTool }: Wiring,
) {
  const queryClient = useQueryClient();
  const snapshot = useSyncExternalStore(workspace?.subscribe ?? nothing, workspace?.getSnapshot ?? none);
  const { labels, running } = snapshot;
  const shown = state.status === 'connected' ? state.connection : undefined;
  const shownUrl = shown?.url;
  // Never the server on screen twice (connecting to a server of the set brings it back instead).
  const parked = useMemo(() => snapshot.servers.filter((server) => server.connection !== shown), [snapshot.servers, shown]);

  /** "Add server": the one on screen stays connected, and the connection form takes the screen. */
  const add = useCallback(() => {
    if (park()) workspace?.hide();
  }, [park, workspace]);

  const open = useCallback(
    (url: string, tool?: string) => {
      const target = workspace?.get(url);
      if (!target || target.connection === shown) return;
      park();
      setOpenTool(tool ? { url, tool } : undefined);
      adopt(parkedOf(target));
      workspace?.show(url);
    },
    [workspace, shown, park, adopt, setOpenTool],
  );

  const disconnectOne = useCallback((url: string) => void workspace?.remove(url), [workspace]);

  /** Whether this server is in the set, off screen (connecting to it again brings it on screen instead). */
  const has = useCallback((url: string) => parked.some((server) => server.url === url), [parked]);

  /** The top bar's Disconnect: the server on screen goes; the next of the set comes on screen. */
  const disconnectShown = useCallback(() => {
    disconnect();
    const [next] = snapshot.servers.filter((server) => server.url !== shownUrl);
    if (!next) return;
    setOpenTool(undefined);
    adopt(parkedOf(next));
    workspace?.show(next.url);
  }, [disconnect, workspace, snapshot.servers, shownUrl, adopt, setOpenTool]);

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
          if (workspace?.has(url)) return void entry.state.connection.close();
          startListing(queryClient, entry.state.connection, entry.state.authContext);
          return join(entry.state, entry.ask, false).then(() => undefined);
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
  }, [proxy.loaded, proxy.session, toReopen, recorder, queryClient, linkServer, workspace, join]);

  // The set as it stands, for a reload (once what the last reload left has been reopened): the one
  // on screen first.
  useEffect(() => {
    if (reopened) rememberServerSet([...(shownUrl ? [shownUrl] : []), ...parked.map((server) => server.url)]);
  }, [reopened, shownUrl, parked]);

  const others = useMemo(
    () =>
      parked.map((server) => ({
        url: server.url,
        label: labels.get(server.url) ?? server.url,
        connection: server.connection,
        authContext: server.authContext,
        running: running.get(server.url) ?? 0,
      })),
    [parked, labels, running],
  );
  const forView = useMemo(
    (): ServerSet | undefined =>
      shownUrl === undefined ? undefined : { others, label: labels.get(shownUrl) ?? shownUrl, open, disconnect: disconnectOne },
    [others, labels, shownUrl, open, disconnectOne],
  );
  return {
    parked,
    labels,
    add,
    open,
    has,
    disconnectShown,
    forView,
    shownServer: snapshot.servers.find((server) => server.connection === shown),
  };
}
