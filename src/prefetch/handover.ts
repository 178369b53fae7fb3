// The first requests of a deep link, sent before the app and the SDK have loaded: a small entry
// script (entry.ts) calls startPrefetch() at once for a server the link may contact (allowList.ts:
// known, 2026 era, direct, no credentials), which has a walker — a worker of its own in the
// browser — send server/discover and walk tools/list (walk.ts): the requests the SDK would send,
// with the same headers and envelope. The connection then adopts the answers (adoptPrefetch), each
// replayed through the Traffic recorder so the log shows them as any exchange. No DOM and no
// storage here (preview.ts and allowList.ts hold those): it is tested in Node as it is.
import { isRecord } from '../mcp/guards.ts';
import { DEFAULT_TIMEOUT_MS } from '../mcp/wire/timeouts.ts';
import { sseDataStream } from '../mcp/wire/sse.ts';
import {
  PREFETCH_VERSION,
  walkAhead,
  type SentRequest,
  type WalkExchange,
  type WalkFrom,
  type WalkMessage,
  type WalkSent,
} from './walk.ts';

export { PREFETCH_VERSION };
/** How long the walk waits for the app to adopt it before it stops. */
const ADOPT_WITHIN_MS = 10_000;

/**
 * Runs the walk somewhere and hands each exchange to `post`: a worker in the browser (the main
 * thread stays the app's), the same thread in Node's tests. `failed`: the walker itself broke (a
 * worker that would not load) — every exchange not yet in is then given up, and the app asks.
 */
export type Walker = (server: string, post: (message: WalkMessage) => void, failed: () => void) => { stop: () => void };

export const inThreadWalker: Walker = (server, post) => {
  let stopped = false;
  void walkAhead(server, post, { stopped: () => stopped }).catch(() => undefined);
  return { stop: () => (stopped = true) };
};

/** A walker running elsewhere (a worker): it takes a walk over part-way (and says 'ready' once up). */
export interface WalkerPort {
  post: (message: { server: string; from: WalkFrom }) => void;
  listen: (onMessage: (data: WalkMessage | 'ready') => void, onError: () => void) => void;
  terminate: () => void;
}

/**
 * The first requests leave from this thread at once (a worker takes a moment to start), and the
 * walk is handed over to `spawn`'s walker right after the first page — whether or not it is up
 * yet: a message waits for a worker that is still starting, where a walk that waited here for it
 * to say 'ready' went on page by page on a thread busy loading the app (the first 200–400 ms of
 * a deep link walked a quarter as fast). A walker that cannot be spawned leaves the walk here;
 * one that breaks after the hand-over — or has not said 'ready' within `readyWithinMs` of it —
 * loses what it had (the app asks for it), so a worker that never starts cannot hold the list.
 */
export function handingOverWalker(spawn: () => WalkerPort, readyWithinMs = 3000): Walker {
  return (server, post, failed) => {
    let stopped = false;
    let handedOver = false;
    let ready = false;
    let port: WalkerPort | undefined;
    const giveUp = () => {
      port?.terminate();
      port = undefined;
      failed();
    };
    const handOff = (from: WalkFrom) => {
      if (!port) return false;
      port.post({ server, from });
      handedOver = true;
      if (!ready) setTimeout(() => !ready && !stopped && giveUp(), readyWithinMs);
      return true;
    };
    // The first requests leave before the worker is even asked for, and it is asked for in a task
    // of its own: starting one takes the thread ~10 ms, which held the requests back (they go out
    // once this task ends). The first page is ~20 ms away; had it come first, the next one is handed over.
    void walkAhead(server, post, { stopped: () => stopped, handOff }).catch(() => undefined);
    setTimeout(() => {
      if (stopped) return;
      try {
        port = spawn();
        port.listen(
          (data) => {
            if (data === 'ready') ready = true;
            else post(data);
          },
          () => {
            if (handedOver) giveUp();
            else port = undefined;
          },
        );
      } catch {
        port = undefined;
      }
    }, 0);
    return {
      stop: () => {
        stopped = true;
        port?.terminate();
      },
    };
  };
}

interface Pending {
  /** The exchange as the walk posted it; undefined when the walk ended before it. */
  promise: Promise<WalkExchange | undefined>;
  settle: (exchange: WalkExchange | undefined) => void;
  /** Handed to the connection (once; it may still be on its way). */
  taken: boolean;
  /** Its request, once the walk says it has left (Traffic shows it while the answer is awaited). */
  sent?: WalkSent;
}

export interface Prefetch {
  server: string;
  /** Each exchange by key ('discover', or 'page:' + cursor, '' the first), as the walk is known to send it. */
  exchanges: Map<string, Pending>;
  /** The app asked for a page the walk does not have: the walk stops (no page is asked for twice). */
  stop: () => void;
}

// Shared by the two copies of this module: the one inlined in index.html that starts the walk
// (build/earlyEntry.ts) and the app's, which adopts it. `previewEnded`: the app's tool list has
// taken over (or the connection failed): a first page arriving later is not shown.
interface SharedState {
  current?: Prefetch & { taken: boolean };
  previewEnded: boolean;
  /** The first page was handled (shown, or not there to show). */
  firstPage?: Promise<void>;
}
const SHARED = Symbol.for('toolscope.prefetch');
const shared = ((globalThis as { [SHARED]?: SharedState })[SHARED] ??= { previewEnded: false });

export const normalized = (url: string) => {
  try {
    return new URL(url.trim()).href;
  } catch {
    return url;
  }
};

const pageKey = (cursor: string) => `page:${cursor}`;

const ADOPTED = Promise.resolve(undefined);

function pending(): Pending {
  let settle: Pending['settle'] = () => undefined;
  const promise = new Promise<WalkExchange | undefined>((resolve) => (settle = resolve));
  return { promise, settle, taken: false };
}

/** The tools of a first page, read from its answer (for the preview only). */
function firstTools(walked: WalkExchange): unknown[] | undefined {
  if ('failed' in walked || !(walked.answer.body instanceof ArrayBuffer)) return undefined;
  try {
    const body: unknown = JSON.parse(new TextDecoder().decode(walked.answer.body));
    const result = typeof body === 'object' && body !== null ? (body as { result?: unknown }).result : undefined;
    const tools = typeof result === 'object' && result !== null ? (result as { tools?: unknown }).tools : undefined;
    return Array.isArray(tools) ? tools : undefined;
  } catch {
    return undefined;
  }
}

/** Sends server/discover and walks tools/list ahead of the app (see above). Errors end the walk silently: the app asks again. */
export function startPrefetch(server: string, onFirstPage?: (tools: unknown[]) => void, walker: Walker = inThreadWalker): void {
  let firstPageDone = () => undefined as void;
  shared.firstPage = new Promise<void>((resolve) => (firstPageDone = resolve));
  const exchanges = new Map<string, Pending>([
    ['discover', pending()],
    [pageKey(''), pending()],
  ]);
  const giveUp = () => {
    for (const entry of exchanges.values()) entry.settle(undefined);
    firstPageDone();
  };
  const post = (message: WalkMessage) => {
    if ('sending' in message) {
      const key = message.sending === 'server/discover' ? 'discover' : pageKey(message.cursor);
      // Its entry is there already: discover and the first page from the start, any other page
      // since the exchange before it named it as next.
      const entry = exchanges.get(key);
      if (entry) entry.sent = message;
      return;
    }
    const walked = message;
    const key = walked.method === 'server/discover' ? 'discover' : pageKey(walked.cursor);
    // The next page is known to be on its way before this one is handed on: the app may ask for it at once.
    if (walked.next !== undefined && !exchanges.has(pageKey(walked.next))) exchanges.set(pageKey(walked.next), pending());
    exchanges.get(key)?.settle(walked);
    if (key === pageKey('')) {
      const tools = shared.previewEnded ? undefined : firstTools(walked);
      try {
        if (tools) onFirstPage?.(tools);
      } finally {
        firstPageDone();
      }
    }
    // The walk's last exchange: any page still expected will never come.
    if (walked.method === 'tools/list' && walked.next === undefined) giveUp();
  };
  const run = walker(server, post, giveUp);
  const started = {
    server: normalized(server),
    exchanges,
    taken: false,
    stop: () => {
      run.stop();
      giveUp();
    },
  };
  shared.current = started;
  setTimeout(() => {
    if (!started.taken) started.stop();
  }, ADOPT_WITHIN_MS);
}

/**
 * Where adopted exchanges are logged (TrafficRecorder): an answer read whole (its text, and the
 * JSON the connection reads, parsed once for both), or one still to be read (a stream), as fetch
 * would hand it on.
 */
export interface PrefetchLog {
  replayAnswered: (input: string, init: RequestInit, sentAt: number, answer: AnsweredText, parsed: unknown) => void;
  replay: (input: string, init: RequestInit, response: Promise<Response>, sentAt: number) => Promise<Response>;
}

export interface AnsweredText {
  status: number;
  statusText: string;
  headers: [string, string][];
  text: string;
  bytes?: number;
  endedAt: number;
}

const GIVEN_UP = 'Toolscope stopped waiting for this answer (sent early, for the deep link)';

/** An exchange the walk posted, as fetch would have handed it on (undefined: the walk ended without it). */
function responseOf(walked: WalkExchange | undefined): Response {
  if (!walked) throw new TypeError(GIVEN_UP);
  if ('failed' in walked) throw new TypeError(walked.failed);
  const { status, statusText, headers, body } = walked.answer;
  return new Response([101, 204, 205, 304].includes(status) ? null : body, { status, statusText, headers });
}

/**
 * The JSON-RPC message of this request in an answer Traffic handed on: a JSON body, or an SSE
 * stream read up to this request's answer only (the server may keep it open after it).
 */
async function messageIn(handed: Response, request: SentRequest, signal: AbortSignal): Promise<unknown> {
  try {
    const type = handed.headers.get('content-type') ?? '';
    if (type.includes('application/json')) return JSON.parse(await handed.text()) as unknown;
    if (!handed.ok || !handed.body || !type.includes('text/event-stream')) return undefined;
    const id = (JSON.parse(request.body) as { id?: unknown }).id;
    for await (const data of sseDataStream(handed.body, signal)) {
      const message: unknown = JSON.parse(data);
      if (isRecord(message) && message.id === id && ('result' in message || 'error' in message)) return message;
    }
  } catch {
    // not readable as an answer: the connection asks its own way
  }
  return undefined;
}

/** The JSON-RPC message of an exchange the walk posted, logged once; undefined when there is none to use. */
async function adopted(server: string, walked: WalkExchange | undefined, log: PrefetchLog, signal: AbortSignal): Promise<unknown> {
  if (!walked) return undefined;
  const init: RequestInit = { ...walked.request };
  const body = 'answer' in walked ? walked.answer.body : undefined;
  if (body instanceof ArrayBuffer && 'answer' in walked) {
    // A JSON body read whole (the walk's pages): logged from its text, parsed once for both.
    const text = new TextDecoder().decode(body);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    log.replayAnswered(server, init, walked.sentAt, { ...walked.answer, text }, parsed);
    return parsed;
  }
  // A failure, or any other answer (an SSE stream, say): logged as fetch would have handed it on,
  // and its answer to this request read from it, so the page is not asked for a second time.
  const handed = await log.replay(server, init, Promise.resolve(walked).then(responseOf), walked.sentAt).catch(() => undefined);
  return handed ? messageIn(handed, walked.request, signal) : undefined;
}

/** A request still unanswered this long after it is taken shows in Traffic as pending, like any other. */
const SHOW_PENDING_AFTER_MS = 500;
const TIMED_OUT = Symbol('timed out');

/**
 * The deep link's prefetch for this server, taken once, as a connection adopts it (AdoptedPrefetch
 * in connection.ts): the discover result, and each page by cursor — each exchange logged once as it
 * is taken; a page the walk does not have stops the walk. An exchange still on its way half a second
 * after it is taken shows in Traffic as pending, as sent. A page not in (or, streamed, not read to
 * its answer) within `waitMs` of being taken stops the walk too, and the connection asks for it: a
 * server that stalls never holds the list for good. Discover waits as long as the connection's own
 * probe would, and says when it timed out (that is the probe's verdict: no second probe).
 */
export function adoptPrefetch(
  url: string,
  log: PrefetchLog,
  // As long as for a page the connection asks for itself.
  waitMs = DEFAULT_TIMEOUT_MS,
):
  | {
      discover: (waitMs: number) => Promise<{ result: unknown } | { timedOut: true }>;
      page: (cursor: string) => Promise<unknown> | undefined;
      stop: () => void;
    }
  | undefined {
  const taken = takePrefetch(url);
  if (!taken) return undefined;
  const take = (key: string, wait: number): Promise<unknown> | undefined => {
    const entry = taken.exchanges.get(key);
    if (!entry || entry.taken) return undefined;
    entry.taken = true;
    // Still on its way: Traffic shows the request as sent, pending until the walk posts its answer
    // (or, the wait over, as given up).
    let shown: Promise<Response> | undefined;
    let arrived = false;
    const show = () => {
      const sent = entry.sent;
      if (sent && !shown && !arrived) shown = log.replay(taken.server, { ...sent.request }, entry.promise.then(responseOf), sent.sentAt);
    };
    const pendingTimer = setTimeout(show, SHOW_PENDING_AFTER_MS);
    const late = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => {
        show();
        late.abort();
        stop();
        resolve(TIMED_OUT);
      }, wait);
    });
    const answer = entry.promise.then(async (walked) => {
      clearTimeout(pendingTimer);
      // Sent, and given up before any answer (the walker broke, the walk stopped): shown as given up.
      if (!walked) show();
      arrived = true;
      // The answer is the connection's from here on: not kept a second time (10,000 tools are ~3 MB of text).
      entry.promise = ADOPTED;
      entry.settle = () => undefined;
      if (!shown) return adopted(taken.server, walked, log, late.signal);
      const handed = await shown.catch(() => undefined);
      return handed && walked ? messageIn(handed, walked.request, late.signal) : undefined;
    });
    return Promise.race([answer, deadline]).finally(() => clearTimeout(timer));
  };
  const resultOf = (message: unknown) =>
    typeof message === 'object' && message !== null ? (message as { result?: unknown }).result : undefined;
  // Done with the walk: it stops, and what it sent that the connection did not take (the first
  // page beside a discover that did not name 2026-07-28, a page after a listing called off) is
  // still logged — as answered, or as given up — so Traffic shows every request the page sent.
  const stop = () => {
    const untaken = [...taken.exchanges.values()].filter((entry) => !entry.taken && entry.sent);
    taken.stop();
    for (const entry of untaken) {
      entry.taken = true;
      void entry.promise.then((walked) => {
        if (walked) return adopted(taken.server, walked, log, AbortSignal.abort());
        const { request, sentAt } = entry.sent as WalkSent;
        return log.replay(taken.server, { ...request }, Promise.reject(new TypeError(GIVEN_UP)), sentAt).catch(() => undefined);
      });
    }
  };
  return {
    discover: async (discoverWaitMs) => {
      const message = await take('discover', discoverWaitMs);
      return message === TIMED_OUT ? { timedOut: true } : { result: resultOf(message) };
    },
    page: (cursor) => {
      const message = take(pageKey(cursor), waitMs);
      if (!message) stop();
      return message?.then((value) => (value === TIMED_OUT ? undefined : value));
    },
    stop,
  };
}

/** Whether this page started a deep link's prefetch (entry.ts). */
export const prefetching = () => shared.firstPage !== undefined;

/** Resolves once a deep link's first page was handled — at once without a prefetch, and after `maxMs` at most. */
export function firstPageSettled(maxMs: number): Promise<void> {
  const { firstPage } = shared;
  if (!firstPage) return Promise.resolve();
  return Promise.race([firstPage, new Promise<void>((resolve) => setTimeout(resolve, maxMs))]);
}

/** The app's tool list is on screen (or the connection failed): a first page arriving later is not shown. */
export function markPreviewEnded(): void {
  shared.previewEnded = true;
}

/** The prefetch for this server, once (a second connection asks the server itself). */
export function takePrefetch(server: string): Prefetch | undefined {
  const current = shared.current;
  if (!current || current.taken || current.server !== normalized(server)) return undefined;
  current.taken = true;
  return current;
}
