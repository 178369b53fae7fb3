// The first requests of a deep link, sent before the app and the SDK have loaded: a small entry
// script (src/app/prefetch.ts) calls startPrefetch() at once for a server the link may contact
// (known, 2026 era, direct, no credentials), which sends server/discover and walks tools/list
// with bare fetch — the requests the SDK would send, with the same headers and envelope. The
// connection then adopts the answers (takePrefetch), each replayed through the Traffic recorder
// so the log shows them as any exchange. Nothing here parses more than the cursor it needs.
import { CLIENT_INFO, CLIENT_CAPABILITIES } from './clientIdentity.ts';

export const PREFETCH_VERSION = '2026-07-28';
/**
 * The servers a deep link may prefetch from, as the app wrote them after a connection that sends
 * exactly these requests (2026-07-28, direct, no token, no header, no credential in the URL): a
 * plain list the entry reads without loading anything else. Forgetting a server removes it.
 */
export const PREFETCH_SERVERS_KEY = 'toolscope:prefetch-servers';
const MAX_PREFETCH_SERVERS = 50;
/** Pages walked ahead at most; and how long the walk waits for the app to adopt it before it stops. */
const MAX_PAGES = 500;
const ADOPT_WITHIN_MS = 10_000;

export interface PrefetchedExchange {
  input: string;
  init: RequestInit;
  /** When it was sent (epoch ms). */
  startedAt: number;
  response: Promise<Response>;
}

export interface Prefetch {
  server: string;
  discover: PrefetchedExchange;
  /** tools/list pages by cursor ('' for the first), as they are sent. */
  pages: Map<string, PrefetchedExchange>;
  /** The app asked for a page the walk does not have: the walk stops (no page is asked for twice). */
  stop: () => void;
}

// The app's tool list has taken over (or the connection failed): a first page arriving later is not shown.
let previewEnded = false;

let current: (Prefetch & { taken: boolean; startedAt: number; stopped: boolean }) | undefined;

const normalized = (url: string) => {
  try {
    return new URL(url.trim()).href;
  } catch {
    return url;
  }
};

function exchange(server: string, method: string, params: Record<string, unknown>, id: string): PrefetchedExchange {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id,
    method,
    params: {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': PREFETCH_VERSION,
        'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
        'io.modelcontextprotocol/clientCapabilities': CLIENT_CAPABILITIES,
      },
    },
  });
  const init: RequestInit = {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': PREFETCH_VERSION,
      'mcp-method': method,
    },
    body,
    credentials: 'omit',
  };
  return { input: server, init, startedAt: Date.now(), response: fetch(server, init) };
}

/** The result of a JSON answer (a copy of the response is kept for the app); undefined for anything else. */
async function resultOf(prefetched: PrefetchedExchange): Promise<Record<string, unknown> | undefined> {
  const response = await prefetched.response;
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('application/json')) return undefined;
  const body: unknown = await response.clone().json();
  const result = typeof body === 'object' && body !== null ? (body as { result?: unknown }).result : undefined;
  return typeof result === 'object' && result !== null ? (result as Record<string, unknown>) : undefined;
}

/** Sends server/discover and walks tools/list ahead of the app (see above). Errors end the walk silently: the app asks again. */
export function startPrefetch(server: string, onFirstPage?: (tools: unknown[]) => void): void {
  const discover = exchange(server, 'server/discover', {}, 'prefetch-discover');
  const started = {
    server: normalized(server),
    discover,
    pages: new Map<string, PrefetchedExchange>(),
    taken: false,
    stopped: false,
    startedAt: Date.now(),
    stop: () => {
      started.stopped = true;
    },
  };
  current = started;
  void (async () => {
    const found = await resultOf(discover);
    const versions = found?.supportedVersions;
    if (!Array.isArray(versions) || !versions.includes(PREFETCH_VERSION)) return;
    let cursor = '';
    for (let page = 0; page < MAX_PAGES; page++) {
      if (started.stopped || (!started.taken && Date.now() - started.startedAt > ADOPT_WITHIN_MS)) return;
      const sent = exchange(server, 'tools/list', cursor ? { cursor } : {}, `prefetch-tools-${page}`);
      started.pages.set(cursor, sent);
      const result = await resultOf(sent);
      if (page === 0 && !previewEnded && Array.isArray(result?.tools)) onFirstPage?.(result.tools as unknown[]);
      const next = result?.nextCursor;
      if (typeof next !== 'string' || !next || started.pages.has(next)) return;
      cursor = next;
    }
  })().catch(() => undefined);
}

function prefetchServers(): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(PREFETCH_SERVERS_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether a deep link to this server may send its first requests before the app has loaded. */
export const prefetchAllowed = (server: string) => prefetchServers().includes(normalized(server));

/** After a connection: whether its next deep link may prefetch (see PREFETCH_SERVERS_KEY). */
export function setPrefetchAllowed(server: string, allowed: boolean): void {
  const key = normalized(server);
  const rest = prefetchServers().filter((item) => item !== key);
  if (!allowed && rest.length === prefetchServers().length) return;
  try {
    window.localStorage.setItem(PREFETCH_SERVERS_KEY, JSON.stringify((allowed ? [key, ...rest] : rest).slice(0, MAX_PREFETCH_SERVERS)));
  } catch {
    // storage full or off: no prefetch, nothing else changes
  }
}

/** Replays a prefetched exchange into a log (TrafficRecorder.replay): the response, as fetch would hand it on. */
export type Replay = (input: string, init: RequestInit, response: Promise<Response>, sentAt: number) => Promise<Response>;

/**
 * The deep link's prefetch for this server, taken once, as a connection adopts it (AdoptedPrefetch
 * in connection.ts): the discover result, and each page by cursor — replayed through `replay` as
 * it is taken; a page the walk does not have stops the walk.
 */
export function adoptPrefetch(
  url: string,
  replay: Replay,
): { discover: () => Promise<unknown>; page: (cursor: string) => Promise<Response> | undefined } | undefined {
  const taken = takePrefetch(url);
  if (!taken) return undefined;
  const send = (exchange: PrefetchedExchange) => replay(exchange.input, exchange.init, exchange.response, exchange.startedAt);
  return {
    discover: async () => {
      const body: unknown = await (await send(taken.discover)).json();
      return typeof body === 'object' && body !== null ? (body as { result?: unknown }).result : undefined;
    },
    page: (cursor) => {
      const exchange = taken.pages.get(cursor);
      if (!exchange) {
        taken.stop();
        return undefined;
      }
      taken.pages.delete(cursor);
      return send(exchange);
    },
  };
}

/** The id of the first tools shown before the app has loaded (src/app/prefetch.ts); the app removes it. */
export const PREVIEW_ID = 'toolscope-preview';
/** A tool picked in that preview: the app opens it once it is ready. */
export const PREVIEW_PICK_KEY = 'toolscope:preview-pick';

/** The app's tool list is on screen: the preview goes; a tool picked in it meanwhile is returned (once). */
export function endPreview(): string | undefined {
  previewEnded = true;
  document.getElementById(PREVIEW_ID)?.remove();
  try {
    const picked = window.sessionStorage.getItem(PREVIEW_PICK_KEY) ?? undefined;
    window.sessionStorage.removeItem(PREVIEW_PICK_KEY);
    return picked;
  } catch {
    return undefined;
  }
}

/** The prefetch for this server, once (a second connection asks the server itself). */
export function takePrefetch(server: string): Prefetch | undefined {
  if (!current || current.taken || current.server !== normalized(server)) return undefined;
  current.taken = true;
  return current;
}
