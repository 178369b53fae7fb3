// The deep link's walk ahead of the app: server/discover and the first tools/list page sent side
// by side, then the rest of the pages one after another, each the moment the previous one is in.
// It runs in a worker of its own (walk.worker.ts), so the app's loading and rendering
// on the main thread never holds a page back; each exchange is posted, whole, to the page
// (handover.ts), which hands it to the connection. No DOM here, nothing but fetch: it is tested
// in Node as it is.
import { ANSWER_CAP_BYTES } from '../lib/answerCap.ts';
import { CLIENT_INFO, CLIENT_CAPABILITIES } from '../mcp/clientIdentity.ts';
import { nextPageDecision } from '../mcp/pagination.ts';

export const PREFETCH_VERSION = '2026-07-28';
/** Pages walked ahead at most. */
export const MAX_PREFETCH_PAGES = 500;

/** The request as sent (what Traffic shows of it): plain data, so it crosses to the page. */
export interface SentRequest {
  method: 'POST';
  headers: Record<string, string>;
  body: string;
  credentials: 'omit';
}

/**
 * How the server answered: a JSON body as its bytes, any other body as its stream — both moved
 * to the page, not copied (a page of 100 tools is ~30 KB; copying 100 of them cost the page's
 * busy thread more than decoding them there).
 */
export interface Answer {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: ArrayBuffer | ReadableStream<Uint8Array> | null;
  /** The body's size on the wire, when it was read here (a JSON body). */
  bytes?: number;
  /** When it had arrived whole (epoch ms). */
  endedAt: number;
}

/**
 * One exchange of the walk. `cursor` is the page's ('' the first); `next` is the page the walk
 * sends right after this one, so the page knows it is coming before the worker says so.
 */
export type WalkExchange = {
  method: 'server/discover' | 'tools/list';
  cursor: string;
  request: SentRequest;
  /** When it was sent (epoch ms). */
  sentAt: number;
  next?: string;
} & ({ answer: Answer } | { failed: string });

/**
 * A request of the walk has left (posted right after it did, so the page can show it in Traffic
 * while it waits for the answer): its exchange follows once the answer is in.
 */
export interface WalkSent {
  sending: WalkExchange['method'];
  cursor: string;
  request: SentRequest;
  sentAt: number;
}

/** What a walk posts to the page: each request as it leaves, then its exchange. */
export type WalkMessage = WalkExchange | WalkSent;

export function prefetchRequest(method: WalkExchange['method'], params: Record<string, unknown>, id: string): SentRequest {
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': PREFETCH_VERSION,
      'mcp-method': method,
    },
    body: JSON.stringify({
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
    }),
    credentials: 'omit',
  };
}

interface Sent {
  method: WalkExchange['method'];
  cursor: string;
  request: SentRequest;
  sentAt: number;
  /** The answer, and the JSON-RPC result when the body is JSON (the walk reads nothing else). */
  done: Promise<{ answer: Answer; result?: Record<string, unknown> } | { failed: string }>;
}

function send(server: string, fetchImpl: typeof fetch, method: WalkExchange['method'], cursor: string, id: string): Sent {
  const request = prefetchRequest(method, cursor ? { cursor } : {}, id);
  const done = (async () => {
    try {
      const response = await fetchImpl(server, request);
      const headers = [...response.headers.entries()];
      const base = { status: response.status, statusText: response.statusText, headers };
      if (!(response.headers.get('content-type') ?? '').includes('application/json'))
        return { answer: { ...base, body: response.body, endedAt: Date.now() } };
      // An answer past the cap is left to the connection, which reads it under the cap and says so.
      if (Number(response.headers.get('content-length') ?? 0) > ANSWER_CAP_BYTES) {
        await response.body?.cancel().catch(() => undefined);
        return { failed: 'the answer is larger than the cap per answer' };
      }
      const buffer = await response.arrayBuffer();
      if (buffer.byteLength > ANSWER_CAP_BYTES) return { failed: 'the answer is larger than the cap per answer' };
      let result: Record<string, unknown> | undefined;
      try {
        const body: unknown = JSON.parse(new TextDecoder().decode(buffer));
        const value = typeof body === 'object' && body !== null ? (body as { result?: unknown }).result : undefined;
        result = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
      } catch {
        // Not JSON after all: the page's connection says so when it reads it.
      }
      return { answer: { ...base, body: buffer, bytes: buffer.byteLength, endedAt: Date.now() }, result };
    } catch (error) {
      return { failed: error instanceof Error ? error.message : String(error) };
    }
  })();
  return { method, cursor, request, sentAt: Date.now(), done };
}

const sending = (sent: Sent): WalkSent => ({ sending: sent.method, cursor: sent.cursor, request: sent.request, sentAt: sent.sentAt });

function exchange(sent: Sent, outcome: Awaited<Sent['done']>, next?: string): WalkExchange {
  const base = {
    method: sent.method,
    cursor: sent.cursor,
    request: sent.request,
    sentAt: sent.sentAt,
    ...(next === undefined ? {} : { next }),
  };
  return 'failed' in outcome ? { ...base, failed: outcome.failed } : { ...base, answer: outcome.answer };
}

/** Where a walk handed over part-way goes on: the page to send, its index, the cursors already seen. */
export interface WalkFrom {
  cursor: string;
  index: number;
  seen: string[];
}

export interface WalkOptions {
  stopped?: () => boolean;
  fetchImpl?: typeof fetch;
  /** Go on from here (discover is not sent again). */
  from?: WalkFrom;
  /** Asked before each next page is sent: true — another walk took it over (this one ends here). */
  handOff?: (from: WalkFrom) => boolean;
}

/**
 * Walks a 2026-07-28 server's tools/list ahead of the app, posting each exchange as it ends.
 * Stops where the one pagination rule stops (the end, a cursor seen before, MAX_PREFETCH_PAGES),
 * at the first answer that is not a JSON result, when `stopped()` says so — or at once after the
 * first page when discover does not name 2026-07-28 (the app then connects its own way).
 */
export async function walkAhead(server: string, post: (message: WalkMessage) => void, options: WalkOptions = {}): Promise<void> {
  const { stopped = () => false, fetchImpl = fetch, from, handOff } = options;
  let modern = true;
  let page: Sent;
  if (from) {
    page = send(server, fetchImpl, 'tools/list', from.cursor, `prefetch-tools-${from.index}`);
    post(sending(page));
  } else {
    // Side by side: the server was on 2026-07-28 last time (the only servers prefetched), so the
    // first page need not wait for discover to say so again; it is only used if discover does.
    const discover = send(server, fetchImpl, 'server/discover', '', 'prefetch-discover');
    page = send(server, fetchImpl, 'tools/list', '', 'prefetch-tools-0');
    post(sending(discover));
    post(sending(page));
    const found = await discover.done;
    post(exchange(discover, found));
    const versions = 'result' in found ? found.result?.supportedVersions : undefined;
    modern = Array.isArray(versions) && versions.includes(PREFETCH_VERSION);
  }
  const seen = new Set<string>(from ? [...from.seen, from.cursor] : ['']);
  for (let index = (from?.index ?? 0) + 1; ; index++) {
    const outcome = await page.done;
    const cursor = 'result' in outcome ? outcome.result?.nextCursor : undefined;
    // The one pagination rule (src/mcp/pagination.ts): the end, a cursor seen before ('' is the
    // first page's: the walk sent it without one), or the page limit.
    const decision =
      modern && !stopped() ? nextPageDecision(typeof cursor === 'string' ? cursor : undefined, seen, index, MAX_PREFETCH_PAGES) : undefined;
    const next = decision?.reason === 'continue' ? decision.cursor : undefined;
    // The next page leaves before this one is posted on: copying an answer across to the page
    // costs the walk's thread a moment, and only the next request is on the walk's critical path.
    const handedOff = next !== undefined && handOff?.({ cursor: next, index, seen: [...seen] }) === true;
    const following = next !== undefined && !handedOff ? send(server, fetchImpl, 'tools/list', next, `prefetch-tools-${index}`) : undefined;
    post(exchange(page, outcome, next));
    if (!following || next === undefined) return;
    post(sending(following));
    seen.add(next);
    page = following;
  }
}
