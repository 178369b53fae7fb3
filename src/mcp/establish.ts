// Connection policy, free of React: which path (direct or Toolscope's proxy), which token (typed,
// else the server's OAuth grant, refreshed on 401), which era (remembered, re-probed when it no
// longer works), and the authorization context that keys every cache of this server.
import { prefetchEligible } from './wire/prefetchEligibility.ts';
import type { ConnectOptions, McpConnection } from './connection.ts';
import type { EraHint } from './era.ts';
import { failureOf, type McpFailure } from './errors.ts';
import type { ProxySession } from './wire/proxy.ts';
import type { FetchLike } from './recording/traffic.ts';

export type ConnectionPath = 'direct' | 'proxy';
export type EraSource = 'probed' | 'remembered' | 're-probed';

/** An explicit choice wins; else the remembered one; else direct. No proxy: always direct. */
export function choosePath(proxyAvailable: boolean, explicit?: ConnectionPath, remembered?: ConnectionPath): ConnectionPath {
  return proxyAvailable ? (explicit ?? remembered ?? 'direct') : 'direct';
}

// Failures that say nothing about the era: probing afresh would fail the same way.
const ERA_UNRELATED: readonly McpFailure['kind'][] = ['auth', 'cors', 'unreachable', 'invalid-input', 'cancelled'];

/** Whether a connection made with a remembered era should be tried again with a fresh probe. */
export const shouldReprobe = (failure: McpFailure) => !ERA_UNRELATED.includes(failure.kind);

export interface ConnectRequest {
  url: string;
  /** A token typed by the person; wins over any OAuth grant. */
  bearerToken: string;
  via: ConnectionPath;
  customHeaders: Record<string, string>;
  /** Header names the server's source declares secret (a registry entry's `isSecret`). */
  secretHeaders?: readonly string[];
  /** The URL came from a link: no reachability probe beyond the MCP requests themselves. */
  fromLink?: boolean;
  /** The page's origin, in a browser (see ConnectOptions.pageOrigin). */
  pageOrigin?: string;
  /** The link's prefetched first requests (sent without credentials, direct): used only for such a connection. */
  prefetched?: ConnectOptions['prefetched'];
}

/** Where the policy reads and writes what it remembers, and how it reaches the server. */
export interface ConnectDeps {
  connect: (options: ConnectOptions) => Promise<McpConnection>;
  /** The traffic recorder's fetch: MCP requests and token refreshes both show in Traffic. */
  fetch: FetchLike;
  proxy?: ProxySession;
  /** This server's OAuth access token, refreshed first when it has expired. */
  storedToken: (url: string, fetch: FetchLike) => Promise<string | undefined>;
  /** A new access token after the server answered 401; undefined when none can be had. */
  refreshToken: (url: string, fetch: FetchLike) => Promise<string | undefined>;
  rememberedEra: (url: string) => EraHint | undefined;
  rememberEra: (url: string, hint: EraHint) => void;
}

export interface Established {
  connection: McpConnection;
  eraSource: EraSource;
  authContext: string;
}

export async function establish(request: ConnectRequest, deps: ConnectDeps): Promise<Established> {
  const { url, via, customHeaders } = request;
  const typed = request.bearerToken.trim();
  const token = typed || (await deps.storedToken(url, deps.fetch));
  const options: ConnectOptions = {
    url,
    bearerToken: token,
    customHeaders,
    secretHeaders: request.secretHeaders,
    fetch: deps.fetch,
    proxy: via === 'proxy' ? deps.proxy : undefined,
    stdio: deps.proxy?.stdio,
    probe: !request.fromLink,
    pageOrigin: request.pageOrigin,
    // Only a token from a sign-in can be refreshed; a typed one is the person's to change.
    refreshToken: typed || !token ? undefined : () => deps.refreshToken(url, deps.fetch),
    // The prefetch went direct, without credentials: adopted only by such a connection.
    prefetched: prefetchEligible({ url, via, sendsToken: Boolean(token), customHeaders, pageOrigin: request.pageOrigin })
      ? request.prefetched
      : undefined,
  };
  const eraHint = deps.rememberedEra(url);
  let eraSource: EraSource = eraHint ? 'remembered' : 'probed';
  let connection: McpConnection;
  try {
    connection = await deps.connect({ ...options, eraHint });
  } catch (error) {
    // The remembered era may be stale (the server was upgraded or replaced): probe afresh.
    if (!eraHint || !shouldReprobe(failureOf(error))) throw error;
    connection = await deps.connect(options);
    eraSource = 're-probed';
  }
  deps.rememberEra(url, { era: connection.era, protocolVersion: connection.protocolVersion });
  return { connection, eraSource, authContext: connection.authContext };
}
