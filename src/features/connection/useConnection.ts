import { startTransition, useCallback, useRef, useState } from 'react';
import { retryableImport } from '../../lib/retryableImport.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import { failureOf, type McpFailure } from '../../mcp/errors.ts';
import type { ProxySession } from '../../mcp/wire/proxy.ts';
import { choosePath, establish, type ConnectionPath, type EraSource } from '../../mcp/establish.ts';
import type { TrafficRecorder } from '../../mcp/recording/traffic.ts';
import { storedPath } from './api/connectionPath.ts';
import { refreshedToken, usableToken } from '../../mcp/auth/grants.ts';
import { rememberEra, rememberedEra } from './api/eraMemory.ts';
import { adoptPrefetch, setPrefetchAllowed } from '../../prefetch/index.ts';
import { prefetchEligible } from '../../mcp/wire/prefetchEligibility.ts';
import { serverKey } from '../../lib/serverKey.ts';
import { loadSavedServers } from './api/serverList.ts';

export interface ConnectedState {
  status: 'connected';
  connection: McpConnection;
  id: number;
  authContext: string;
  eraSource: EraSource;
  /** The traffic sequence number before this connection began (its own exchanges come after). */
  trafficFrom: number;
}

export type ConnectionState =
  | { status: 'idle' }
  | { status: 'connecting'; url: string }
  | ConnectedState
  | { status: 'failed'; url: string; failure: McpFailure; via: ConnectionPath };

/** How a connection was asked for: what Retry and a sign-in's reconnect ask for again. */
export interface ConnectionAsk {
  url: string;
  bearerToken: string;
  path?: ConnectionPath;
  customHeaders: Record<string, string>;
  secretHeaders: readonly string[];
}

/** A connected server that is not the one on screen (several servers): still open, its workspace put away. */
export interface ParkedServer {
  state: ConnectedState;
  ask: ConnectionAsk;
}

/** Starts fetching the protocol layer (the SDK) early, without blocking the first screen. */
export const preloadProtocolLayer = retryableImport(() => import('../../mcp/connection.ts'));

/**
 * Holds the one live connection in React state (policy: mcp/establish.ts); a newer attempt wins.
 * `onEstablished` runs the moment a connection is up, before React renders it (the app starts
 * listing tools there, so the first pages travel while the connected screen renders).
 */
export function useConnection(
  recorder: TrafficRecorder,
  proxy: ProxySession | undefined,
  /** The connection is up (before React renders it), and what it was asked with. */
  onEstablished?: (connected: ConnectedState, ask: ConnectionAsk) => void | Promise<void>,
  /** A connection this hook held was closed (a disconnect, another connect, another server adopted). */
  onClosed?: (connection: McpConnection) => void,
) {
  const [state, setState] = useState<ConnectionState>({ status: 'idle' });
  const attempt = useRef(0);
  const live = useRef<McpConnection | undefined>(undefined);
  const last = useRef<ConnectionAsk>(undefined);
  /** The live connection's connected state, as the screen shows it. */
  const liveState = useRef<ConnectedState>(undefined);

  const close = useCallback(
    (connection: McpConnection | undefined) => {
      if (!connection) return;
      void connection.close();
      onClosed?.(connection);
    },
    [onClosed],
  );

  const disconnect = useCallback(() => {
    attempt.current++;
    const current = live.current;
    live.current = undefined;
    close(current);
    setState({ status: 'idle' });
  }, [close]);

  const connect = useCallback(
    async (
      url: string,
      bearerToken: string,
      path?: ConnectionPath,
      customHeaders: Record<string, string> = {},
      fromLink = false,
      // Header names its source (a registry entry) declared secret: this connection masks them by name.
      secretHeaders: readonly string[] = [],
    ) => {
      const via = choosePath(proxy !== undefined, path, storedPath(url));
      const ask: ConnectionAsk = { url, bearerToken, path: via, customHeaders, secretHeaders };
      last.current = ask;
      const id = ++attempt.current;
      const trafficFrom = recorder.getSnapshot().at(-1)?.seq ?? 0;
      const previous = live.current;
      live.current = undefined;
      close(previous);
      setState({ status: 'connecting', url });
      try {
        const { connection, eraSource, authContext } = await openConnection(
          { url, bearerToken, via, customHeaders, secretHeaders, fromLink },
          recorder,
          proxy,
        );
        if (id !== attempt.current) {
          void connection.close();
          return;
        }
        live.current = connection;
        performance.mark('toolscope:connected');
        const connected: ConnectedState = { status: 'connected', connection, id, authContext, eraSource, trafficFrom };
        liveState.current = connected;
        await onEstablished?.(connected, ask);
        // A newer attempt (or a disconnect) came meanwhile: this connection goes, from the set too.
        if (id !== attempt.current) return close(connection);
        // A transition: if the connected screen's code is still on its way, the page keeps showing
        // "connecting" and then shows the screen whole, instead of a placeholder first (React
        // holds a placeholder on screen for a moment once it has shown one).
        startTransition(() => setState(connected));
      } catch (error) {
        if (id !== attempt.current) return;
        setState({ status: 'failed', url, failure: failureOf(error), via });
      }
    },
    [recorder, proxy, onEstablished, close],
  );

  /** Connects again as last time, with this bearer token (after an OAuth sign-in). */
  const reconnect = useCallback(
    (bearerToken: string) => {
      const previous = last.current;
      if (previous) void connect(previous.url, bearerToken, previous.path, previous.customHeaders, false, previous.secretHeaders);
    },
    [connect],
  );

  /** Connects again as last time (after the server stopped answering), or by another path (the proxy after a CORS failure). */
  const retry = useCallback(
    (path?: ConnectionPath) => {
      const previous = last.current;
      if (previous)
        void connect(previous.url, previous.bearerToken, path ?? previous.path, previous.customHeaders, false, previous.secretHeaders);
    },
    [connect],
  );

  /** Takes the connected server off the screen without closing it (another is added or shown). */
  const park = useCallback((): ParkedServer | undefined => {
    const current = liveState.current;
    if (!current || !last.current || live.current !== current.connection) return undefined;
    attempt.current++;
    live.current = undefined;
    const parked = { state: current, ask: last.current };
    setState({ status: 'idle' });
    return parked;
  }, []);

  /** Puts a parked server back on the screen (whatever was on it is closed: park it first to keep it). */
  const adopt = useCallback(
    (parked: ParkedServer) => {
      attempt.current++;
      const previous = live.current;
      if (previous !== parked.state.connection) close(previous);
      live.current = parked.state.connection;
      last.current = parked.ask;
      liveState.current = { ...parked.state, id: attempt.current };
      setState(liveState.current);
    },
    [close],
  );

  return { state, connect, disconnect, reconnect, retry, park, adopt };
}

/**
 * Opens one connection (policy: mcp/establish.ts) — the screen's, or a server of the set opened in
 * the background (a reload restoring several servers). Its exchanges are tagged with its URL in Traffic.
 */
export async function openConnection(
  ask: {
    url: string;
    bearerToken: string;
    via: ConnectionPath;
    customHeaders: Record<string, string>;
    secretHeaders: readonly string[];
    fromLink?: boolean;
  },
  recorder: TrafficRecorder,
  proxy: ProxySession | undefined,
) {
  const { url, customHeaders, fromLink = false } = ask;
  // The SDK is the biggest dependency: load it on first connect, keeping the first screen small.
  const { McpConnection } = await preloadProtocolLayer();
  const opened = await establish(
    {
      ...ask,
      fromLink,
      pageOrigin: window.location.origin,
      prefetched: fromLink ? adoptPrefetch(url, recorder) : undefined,
    },
    {
      connect: (options) => McpConnection.connect(options),
      fetch: recorder.fetchMasking(ask.secretHeaders, url),
      proxy,
      storedToken: (server, fetch) => usableToken(server, fetch, proxy),
      refreshToken: (server, fetch) => refreshedToken(server, fetch, proxy),
      rememberedEra,
      rememberEra,
    },
  );
  const { connection } = opened;
  // Its next deep link may send these first requests early only if they are exactly what this connection sent.
  setPrefetchAllowed(
    url,
    prefetchEligible({
      url,
      via: connection.via,
      sendsToken: connection.hasBearerToken,
      customHeaders,
      era: connection.era,
      pageOrigin: window.location.origin,
    }),
  );
  return opened;
}

/**
 * Opens a server of the tab's set off screen — again after a reload, or one of the launch's config:
 * as the person last opened it
 * where that is known without a secret in storage — its saved entry's headers (values only when
 * the person chose to keep them), its remembered path, its sign-in (establish finds a stored grant).
 */
export async function reopenServer(
  url: string,
  recorder: TrafficRecorder,
  proxy: ProxySession | undefined,
  /** The headers its launch config entry gives (`toolscope --config FILE`): values held in memory, masked in Traffic. */
  launchHeaders?: Record<string, string>,
): Promise<ParkedServer> {
  const saved = loadSavedServers().find((server) => serverKey(server.url) === serverKey(url));
  const customHeaders = launchHeaders ?? (saved && Object.values(saved.headers).every(Boolean) ? saved.headers : {});
  const via = choosePath(proxy !== undefined, saved?.path, storedPath(url));
  const ask: ConnectionAsk = {
    url,
    bearerToken: '',
    path: via,
    customHeaders,
    secretHeaders: launchHeaders ? Object.keys(launchHeaders) : [],
  };
  const { connection, eraSource, authContext } = await openConnection({ ...ask, via }, recorder, proxy);
  return { state: { status: 'connected', connection, id: 0, authContext, eraSource, trafficFrom: 0 }, ask };
}
