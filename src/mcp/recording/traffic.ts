// The traffic recorder: a fetch wrapper that keeps every HTTP exchange the SDK makes, with
// headers, timing, size and the JSON-RPC messages inside (JSON or SSE). Bounded: at most
// MAX_ENTRIES exchanges and MAX_BODY_CHARS of each body are kept (under 80 MB in the worst case).
import { isRecord, own } from '../guards.ts';
import { hasMetaChallenge } from '../auth/metaChallenge.ts';
import { maskHeaders, maskOAuthBody, maskResponseHeaders } from '../secrets.ts';
import { sseDataPayloads } from '../wire/sse.ts';
import { stdioStopOf } from '../wire/stdioStop.ts';
import { withBody } from '../wire/withBody.ts';

export const MAX_ENTRIES = 300;
export const MAX_BODY_CHARS = 256 * 1024;

export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

export interface RpcSummary {
  /** "tools/call", "notifications/progress", or "response" for a bare result/error. */
  method: string;
  id?: string | number;
  /** Tool or resource name when the request names one. */
  target?: string;
  error?: { code: number; message: string };
  /** The stdio bridge's word that its child process is gone (see STDIO_STOPPED): the exit it names. */
  stopped?: string;
  /** A result with `isError: true`: the tool's own failure (a tools/call answer). */
  toolError?: true;
  /** A result whose `_meta["mcp/www_authenticate"]` asks for a sign-in (ChatGPT's form). */
  signIn?: true;
  /** A tools/call answer that breaks the tool's outputSchema: what is wrong (the judge's word, see judgeToolResults). */
  invalidOutput?: string;
}

/** What is wrong with a tool's successful result (undefined: nothing) — the call path's own rule. */
export type ResultJudge = (tool: string, result: Record<string, unknown>) => Promise<string | undefined>;

export interface TrafficEntry {
  seq: number;
  startedAt: number;
  url: string;
  httpMethod: string;
  requestHeaders: [string, string][];
  requestBody?: string;
  sent: RpcSummary[];
  state: 'pending' | 'streaming' | 'done' | 'failed';
  status?: number;
  responseHeaders?: [string, string][];
  responseBody: string;
  responseBytes: number;
  received: RpcSummary[];
  durationMs?: number;
  error?: string;
  /** The server this exchange belongs to (its URL), when several servers share the log. */
  server?: string;
}

/** Summarises the JSON-RPC message(s) in a JSON text (object or batch array). */
export function summarizeRpc(text: string): RpcSummary[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  return summarizeMessages(parsed);
}

/** Summarises JSON-RPC message(s) already parsed (undefined: the text was not JSON). */
export function summarizeMessages(parsed: unknown): RpcSummary[] {
  if (parsed === undefined) return [];
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  return messages.filter(isRecord).map((message) => {
    const method = own(message, 'method');
    const id = own(message, 'id');
    const params = own(message, 'params');
    const target = isRecord(params) ? (own(params, 'name') ?? own(params, 'uri')) : undefined;
    const error = own(message, 'error');
    const stopped = isRecord(error) ? stdioStopOf(own(error, 'data')) : undefined;
    const result = own(message, 'result');
    return {
      method: typeof method === 'string' ? method : 'response',
      id: typeof id === 'string' || typeof id === 'number' ? id : undefined,
      target: typeof target === 'string' ? target : undefined,
      error:
        isRecord(error) && typeof own(error, 'code') === 'number'
          ? { code: Number(own(error, 'code')), message: typeof own(error, 'message') === 'string' ? String(own(error, 'message')) : '' }
          : undefined,
      ...(stopped ? { stopped } : {}),
      ...(isRecord(result) && own(result, 'isError') === true ? { toolError: true as const } : {}),
      ...(hasMetaChallenge(result) ? { signIn: true as const } : {}),
    };
  });
}

export class TrafficRecorder {
  #entries: readonly TrafficEntry[] = [];
  #listeners = new Set<() => void>();
  #seq = 0;
  #judge: ResultJudge | undefined;

  constructor(private readonly baseFetch: FetchLike = (input, init) => globalThis.fetch(input, init)) {}

  readonly subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly getSnapshot = (): readonly TrafficEntry[] => this.#entries;

  clear() {
    this.#entries = [];
    this.#emit();
  }

  /**
   * Hands over the finished exchanges and forgets them: a recorder that must keep everything
   * (`toolscope record --listen`, past MAX_ENTRIES) takes them as they finish.
   */
  takeSettled(): TrafficEntry[] {
    const settled = this.#entries.filter((entry) => entry.state === 'done' || entry.state === 'failed');
    if (settled.length) this.#entries = this.#entries.filter((entry) => entry.state !== 'done' && entry.state !== 'failed');
    return settled;
  }

  /**
   * Lets the call path judge each tools/call answer the wire carries (the pill's "Invalid output"
   * rule), so Traffic says what the response pane says. Returns the undo.
   */
  judgeToolResults(judge: ResultJudge): () => void {
    this.#judge = judge;
    return () => {
      if (this.#judge === judge) this.#judge = undefined;
    };
  }

  /** Each successful tools/call answer in a finished body, handed to the judge; a verdict marks its message. */
  #judgeAnswers(seq: number, body: string, isSse: boolean) {
    const judge = this.#judge;
    const entry = this.#entries.find((candidate) => candidate.seq === seq);
    if (!judge || !entry) return;
    const calls = new Map(
      entry.sent.flatMap((message) =>
        message.method === 'tools/call' && message.id !== undefined && message.target ? [[message.id, message.target] as const] : [],
      ),
    );
    if (!calls.size) return;
    for (const [id, result] of toolResultsIn(isSse ? sseDataPayloads(body) : [body], calls)) {
      void judge(calls.get(id) ?? '', result)
        .then((problem) => {
          if (problem)
            this.#update(seq, (current) => ({
              received: current.received.map((message) =>
                message.id === id && message.method === 'response' ? { ...message, invalidOutput: problem } : message,
              ),
            }));
        })
        .catch(() => undefined);
    }
  }

  #emitScheduled = false;

  /** Listeners hear about changes at most once per frame-ish tick, however busy the wire is. */
  #emit() {
    if (this.#emitScheduled) return;
    this.#emitScheduled = true;
    setTimeout(() => {
      this.#emitScheduled = false;
      for (const listener of this.#listeners) listener();
    }, 32);
  }

  #update(seq: number, change: (entry: TrafficEntry) => Partial<TrafficEntry>) {
    this.#entries = this.#entries.map((entry) => (entry.seq === seq ? { ...entry, ...change(entry) } : entry));
    this.#emit();
  }

  /**
   * One message between Toolscope and an MCP App's frame (postMessage, not HTTP): its own
   * channel in Traffic (method APP, URL `app: <tool>`), summarized like any JSON-RPC body.
   */
  recordApp(tool: string, direction: 'to app' | 'from app', message: unknown) {
    let body: string;
    try {
      body = JSON.stringify(message) ?? '';
    } catch {
      body = '(not JSON)';
    }
    const cut = body.length > MAX_BODY_CHARS ? body.slice(0, MAX_BODY_CHARS) : body;
    const summary = summarizeRpc(cut);
    const entry: TrafficEntry = {
      seq: ++this.#seq,
      startedAt: Date.now(),
      url: `app: ${tool} (${direction})`,
      httpMethod: 'APP',
      requestHeaders: [],
      ...(direction === 'from app' ? { requestBody: cut, sent: summary, received: [] } : { sent: [], received: summary }),
      state: 'done',
      responseBody: direction === 'to app' ? cut : '',
      responseBytes: direction === 'to app' ? body.length : 0,
      durationMs: 0,
    };
    this.#entries = [...this.#entries, entry].slice(-MAX_ENTRIES);
    this.#emit();
  }

  /** A fetch that records the exchange, then hands the caller an untouched copy of the response. */
  readonly fetch: FetchLike = (input, init) => this.#exchange(input, init, () => this.baseFetch(input, init));

  /** The recorder's fetch for a connection whose source declared these header names secret: masked by name too. */
  fetchMasking(declared: readonly string[], server?: string): FetchLike {
    return declared.length || server !== undefined
      ? (input, init) => this.#exchange(input, init, () => this.baseFetch(input, init), undefined, declared, server)
      : this.fetch;
  }

  /**
   * An exchange sent before the recorder existed (the deep link's prefetch): logged as any other,
   * from when it was sent, and its response handed on as fetch would.
   */
  replay(input: string, init: RequestInit, response: Promise<Response>, sentAt: number): Promise<Response> {
    return this.#exchange(input, init, () => response, sentAt);
  }

  /**
   * An exchange sent before the recorder existed whose answer was read whole (the prefetch walk's
   * JSON pages): logged at once, from its text and the message the caller parsed from it.
   */
  replayAnswered(
    input: string,
    init: RequestInit,
    sentAt: number,
    answer: { status: number; headers: [string, string][]; text: string; bytes?: number; endedAt: number },
    parsed: unknown,
  ): void {
    const seq = ++this.#seq;
    const requestBody = typeof init.body === 'string' ? init.body : undefined;
    const { text } = answer;
    const entry: TrafficEntry = {
      seq,
      startedAt: sentAt,
      url: input,
      httpMethod: (init.method ?? 'GET').toUpperCase(),
      requestHeaders: maskHeaders(new Headers(init.headers)),
      requestBody,
      sent: requestBody ? summarizeRpc(requestBody) : [],
      status: answer.status,
      responseHeaders: maskResponseHeaders(new Headers(answer.headers)),
      state: 'done',
      responseBody: text.length > MAX_BODY_CHARS ? `${text.slice(0, MAX_BODY_CHARS)}\n… (truncated)` : text,
      responseBytes: answer.bytes ?? new TextEncoder().encode(text).byteLength,
      received: summarizeMessages(parsed),
      durationMs: Math.max(0, answer.endedAt - sentAt),
    };
    this.#entries = [...this.#entries, entry].slice(-MAX_ENTRIES);
    this.#emit();
  }

  async #exchange(
    input: string | URL,
    init: RequestInit | undefined,
    send: () => Promise<Response>,
    sentAt?: number,
    declared: readonly string[] = [],
    server?: string,
  ): Promise<Response> {
    const seq = ++this.#seq;
    const started = performance.now() - (sentAt === undefined ? 0 : Math.max(0, Date.now() - sentAt));
    const requestHeaders = new Headers(init?.headers);
    const rawBody = typeof init?.body === 'string' || init?.body instanceof URLSearchParams ? init.body.toString() : undefined;
    // A form POST here is an OAuth token request (a refresh, say): its credentials are masked,
    // in the request and in the answer.
    const oauth = init?.body instanceof URLSearchParams || /x-www-form-urlencoded/i.test(requestHeaders.get('content-type') ?? '');
    const requestBody = rawBody !== undefined && oauth ? maskOAuthBody(rawBody) : rawBody;
    const entry: TrafficEntry = {
      seq,
      startedAt: sentAt ?? Date.now(),
      url: String(input),
      httpMethod: (init?.method ?? 'GET').toUpperCase(),
      requestHeaders: maskHeaders(requestHeaders, declared),
      requestBody,
      sent: requestBody ? summarizeRpc(requestBody) : [],
      state: 'pending',
      responseBody: '',
      responseBytes: 0,
      received: [],
      ...(server === undefined ? {} : { server }),
    };
    this.#entries = [...this.#entries, entry].slice(-MAX_ENTRIES);
    this.#emit();
    let response: Response;
    try {
      response = await send();
    } catch (error) {
      this.#update(seq, () => ({ state: 'failed', error: abortOrText(error), durationMs: performance.now() - started }));
      throw error;
    }
    const base = { status: response.status, responseHeaders: maskResponseHeaders(response.headers) };
    if (!response.body || response.type === 'opaqueredirect') {
      this.#update(seq, () => ({ ...base, state: 'done', durationMs: performance.now() - started }));
      return response;
    }
    const contentType = response.headers.get('content-type') ?? '';
    if (contentType.includes('text/event-stream')) {
      // A stream is shown as it arrives: one copy for the caller, one for the log.
      const [forCaller, forLog] = response.body.tee();
      this.#update(seq, () => ({ ...base, state: 'streaming' }));
      void this.#record(seq, forLog, contentType, started, oauth);
      return withBody(response, forCaller);
    }
    // Anything else is read whole by its caller anyway: read it once, natively (a tee and two
    // JS stream readers cost more per request than the rest of the recording together).
    let buffer: ArrayBuffer;
    try {
      buffer = await response.arrayBuffer();
    } catch (error) {
      this.#update(seq, () => ({ ...base, state: 'failed', error: abortOrText(error), durationMs: performance.now() - started }));
      // The caller meets the broken body where it would have: reading it, not fetching.
      return withBody(response, new ReadableStream({ start: (controller) => controller.error(error) }));
    }
    // Only what the log keeps is decoded (a character takes at most 4 bytes).
    const cut = buffer.byteLength > MAX_BODY_CHARS * 4;
    const body = new TextDecoder().decode(cut ? buffer.slice(0, MAX_BODY_CHARS * 4) : buffer);
    this.#update(seq, () => ({
      ...base,
      ...this.#finished(body, buffer.byteLength, false, oauth, cut),
      durationMs: performance.now() - started,
    }));
    if (!cut && !oauth) this.#judgeAnswers(seq, body, false);
    return withBody(response, buffer);
  }

  /** The recorded body of a finished exchange: masked, cut, and summarized. */
  #finished(body: string, bytes: number, isSse: boolean, oauth: boolean, cut = false): Partial<TrafficEntry> {
    return {
      state: 'done',
      responseBody: oauth
        ? maskOAuthBody(body)
        : cut || body.length > MAX_BODY_CHARS
          ? `${body.slice(0, MAX_BODY_CHARS)}\n… (truncated)`
          : body,
      responseBytes: bytes,
      received: isSse ? sseDataPayloads(body).flatMap(summarizeRpc) : summarizeRpc(body),
    };
  }

  async #record(seq: number, stream: ReadableStream<Uint8Array>, contentType: string, started: number, oauth: boolean) {
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    let body = '';
    let bytes = 0;
    const isSse = contentType.includes('text/event-stream');
    const summarize = () => (isSse ? sseDataPayloads(body).flatMap(summarizeRpc) : summarizeRpc(body));
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        if (body.length < MAX_BODY_CHARS) body += decoder.decode(value, { stream: true });
        if (isSse) this.#update(seq, () => ({ responseBody: body, responseBytes: bytes, received: summarize() }));
      }
      this.#update(seq, () => ({ ...this.#finished(body, bytes, isSse, oauth), durationMs: performance.now() - started }));
      if (!oauth && body.length < MAX_BODY_CHARS) this.#judgeAnswers(seq, body, isSse);
    } catch (error) {
      this.#update(seq, () => ({
        state: 'failed',
        responseBody: oauth ? maskOAuthBody(body) : body,
        responseBytes: bytes,
        received: summarize(),
        error: abortOrText(error),
        durationMs: performance.now() - started,
      }));
    }
  }
}

/** The successful (no isError) results of the given tools/call ids among JSON-RPC payload texts. */
function toolResultsIn(
  payloads: readonly string[],
  calls: ReadonlyMap<string | number, string>,
): [string | number, Record<string, unknown>][] {
  const found: [string | number, Record<string, unknown>][] = [];
  for (const text of payloads) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      continue;
    }
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
      if (!isRecord(message)) continue;
      const id = own(message, 'id');
      const result = own(message, 'result');
      if ((typeof id === 'string' || typeof id === 'number') && calls.has(id) && isRecord(result) && own(result, 'isError') !== true)
        found.push([id, result]);
    }
  }
  return found;
}

const abortOrText = (error: unknown) => (error instanceof Error && error.name === 'AbortError' ? 'aborted' : String(error));
