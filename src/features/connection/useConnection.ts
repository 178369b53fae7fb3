import { useCallback, useRef, useState } from 'react';
import { retryableImport } from '../../lib/chunks.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import { failureOf, type McpFailure } from '../../mcp/errors.ts';
import type { ProxySession } from '../../mcp/proxy.ts';
import type { FetchLike, TrafficRecorder } from '../../mcp/traffic.ts';
import { storedPath, type ConnectionPath } from './connectionPath.ts';
import { refreshedToken, usableToken } from './oauthGrants.ts';
import { rememberEra, rememberedEra } from './eraMemory.ts';

export type ConnectionState =
  | { status: 'idle' }
  | { status: 'connecting'; url: string }
  | { status: 'connected'; connection: McpConnection; id: number; authContext: string; eraSource: 'probed' | 'remembered' | 're-probed' }
  | { status: 'failed'; url: string; failure: McpFailure; via: ConnectionPath };

/** Starts fetching the protocol layer (the SDK) early, without blocking the first screen. */
export const preloadProtocolLayer = retryableImport(() => import('../../mcp/connection.ts'));

/** Owns the one live connection; a newer connect attempt always wins over an older one. */
export function useConnection(recorder: TrafficRecorder, proxy: ProxySession | undefined) {
  const [state, setState] = useState<ConnectionState>({ status: 'idle' });
  const attempt = useRef(0);
  const live = useRef<McpConnection | undefined>(undefined);
  const last = useRef<{ url: string; path?: ConnectionPath; customHeaders: Record<string, string> }>(undefined);

  const disconnect = useCallback(() => {
    attempt.current++;
    const current = live.current;
    live.current = undefined;
    void current?.close();
    setState({ status: 'idle' });
  }, []);

  const connect = useCallback(
    async (url: string, bearerToken: string, path?: ConnectionPath, customHeaders: Record<string, string> = {}) => {
      // An explicit choice wins; else the remembered one; else direct.
      const via: ConnectionPath = proxy ? (path ?? storedPath(url) ?? 'direct') : 'direct';
      last.current = { url, path: via, customHeaders };
      const id = ++attempt.current;
      const previous = live.current;
      live.current = undefined;
      void previous?.close();
      setState({ status: 'connecting', url });
      try {
        // The SDK is the biggest dependency: load it on first connect, keeping the first screen small.
        const { McpConnection } = await preloadProtocolLayer();
        // A token typed by the user wins; else this server's OAuth sign-in, if any — refreshed
        // whenever the server says it expired.
        const plainFetch: FetchLike = (input, init) => globalThis.fetch(input, init);
        const typed = bearerToken.trim();
        const token = typed || (await usableToken(url, plainFetch, proxy));
        const options = {
          url,
          bearerToken: token,
          customHeaders,
          fetch: recorder.fetch,
          proxy: via === 'proxy' ? proxy : undefined,
          refreshToken: typed || !token ? undefined : () => refreshedToken(url, plainFetch, proxy),
        };
        const eraHint = rememberedEra(url);
        let eraSource: 'probed' | 'remembered' | 're-probed' = eraHint ? 'remembered' : 'probed';
        let connection: McpConnection;
        try {
          connection = await McpConnection.connect({ ...options, eraHint });
        } catch (error) {
          // The remembered era may be stale (the server was upgraded or replaced): probe afresh,
          // unless the failure has nothing to do with the era.
          const kind = failureOf(error).kind;
          if (!eraHint || ['auth', 'cors', 'unreachable', 'invalid-input', 'cancelled'].includes(kind)) throw error;
          connection = await McpConnection.connect(options);
          eraSource = 're-probed';
        }
        rememberEra(url, { era: connection.era, protocolVersion: connection.protocolVersion });
        if (id !== attempt.current) {
          void connection.close();
          return;
        }
        live.current = connection;
        setState({
          status: 'connected',
          connection,
          id,
          authContext: token || Object.keys(customHeaders).length ? `credentials#${id}` : 'anonymous',
          eraSource,
        });
      } catch (error) {
        if (id !== attempt.current) return;
        setState({ status: 'failed', url, failure: failureOf(error), via });
      }
    },
    [recorder, proxy],
  );

  /** Connects again as last time, with this bearer token (after an OAuth sign-in). */
  const reconnect = useCallback(
    (bearerToken: string) => {
      const previous = last.current;
      if (previous) void connect(previous.url, bearerToken, previous.path, previous.customHeaders);
    },
    [connect],
  );

  return { state, connect, disconnect, reconnect };
}
