import { startTransition, useCallback, useRef, useState } from 'react';
import { retryableImport } from '../../lib/retryableImport.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import { failureOf, type McpFailure } from '../../mcp/errors.ts';
import type { ProxySession } from '../../mcp/proxy.ts';
import { choosePath, establish, type ConnectionPath, type EraSource } from '../../mcp/establish.ts';
import type { TrafficRecorder } from '../../mcp/traffic.ts';
import { storedPath } from './api/connectionPath.ts';
import { refreshedToken, usableToken } from '../../mcp/grants.ts';
import { rememberEra, rememberedEra } from './api/eraMemory.ts';
import { adoptPrefetch, setPrefetchAllowed } from '../../prefetch/index.ts';
import { prefetchEligible } from '../../mcp/prefetchEligibility.ts';

export type ConnectionState =
  | { status: 'idle' }
  | { status: 'connecting'; url: string }
  | {
      status: 'connected';
      connection: McpConnection;
      id: number;
      authContext: string;
      eraSource: EraSource;
      /** The traffic sequence number before this connection began (its own exchanges come after). */
      trafficFrom: number;
    }
  | { status: 'failed'; url: string; failure: McpFailure; via: ConnectionPath };

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
  onEstablished?: (connection: McpConnection, authContext: string) => void,
) {
  const [state, setState] = useState<ConnectionState>({ status: 'idle' });
  const attempt = useRef(0);
  const live = useRef<McpConnection | undefined>(undefined);
  const last = useRef<{
    url: string;
    bearerToken: string;
    path?: ConnectionPath;
    customHeaders: Record<string, string>;
    secretHeaders: readonly string[];
  }>(undefined);

  const disconnect = useCallback(() => {
    attempt.current++;
    const current = live.current;
    live.current = undefined;
    void current?.close();
    setState({ status: 'idle' });
  }, []);

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
      last.current = { url, bearerToken, path: via, customHeaders, secretHeaders };
      const id = ++attempt.current;
      const trafficFrom = recorder.getSnapshot().at(-1)?.seq ?? 0;
      const previous = live.current;
      live.current = undefined;
      void previous?.close();
      setState({ status: 'connecting', url });
      try {
        // The SDK is the biggest dependency: load it on first connect, keeping the first screen small.
        const { McpConnection } = await preloadProtocolLayer();
        const { connection, eraSource, authContext } = await establish(
          {
            url,
            bearerToken,
            via,
            customHeaders,
            secretHeaders,
            fromLink,
            pageOrigin: window.location.origin,
            prefetched: fromLink ? adoptPrefetch(url, recorder) : undefined,
          },
          {
            connect: (options) => McpConnection.connect(options),
            fetch: recorder.fetchMasking(secretHeaders),
            proxy,
            storedToken: (server, fetch) => usableToken(server, fetch, proxy),
            refreshToken: (server, fetch) => refreshedToken(server, fetch, proxy),
            rememberedEra,
            rememberEra,
          },
        );
        if (id !== attempt.current) {
          void connection.close();
          return;
        }
        live.current = connection;
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
        performance.mark('toolscope:connected');
        onEstablished?.(connection, authContext);
        // A transition: if the connected screen's code is still on its way, the page keeps showing
        // "connecting" and then shows the screen whole, instead of a placeholder first (React
        // holds a placeholder on screen for a moment once it has shown one).
        startTransition(() => setState({ status: 'connected', connection, id, authContext, eraSource, trafficFrom }));
      } catch (error) {
        if (id !== attempt.current) return;
        setState({ status: 'failed', url, failure: failureOf(error), via });
      }
    },
    [recorder, proxy, onEstablished],
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

  return { state, connect, disconnect, reconnect, retry };
}
