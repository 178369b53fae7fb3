// The SDK checks every 2026-07-28 result against the spec's strict schema before handing it
// over, so one malformed tool hides the whole page and one odd content block hides the whole
// result. An inspector must show what is valid and name what is not: for tools/list,
// tools/call and resources/read, this fetch layer (between the SDK and the wire; Traffic below it still sees the
// original) keeps the server's result aside and gives the SDK a minimal valid stand-in that
// points to it. McpConnection takes the original back and parses it leniently itself.
// A tools/call answered with a task (resultType "task") is held too: the SDK 2.4 has no task
// runtime and would reject it. input_required results (and any other resultType) pass through
// untouched: the SDK drives them. Only Toolscope's own requests (McpConnection marks them with
// LENIENT_HEADER, never sent) are held: a request the SDK makes for itself — the Skills
// extension's resources/read — gets the server's result, which it checks and uses itself.
import { isRecord } from './guards.ts';
import { eventData, splitEvents } from './wire/sse.ts';
import type { Middleware } from '@modelcontextprotocol/client';
import { withBody } from './wire/withBody.ts';

export const RAW_RESULT_KEY = 'dev.toolscope/raw-result';
/** Set on a request (never sent) whose result Toolscope parses itself, leniently. */
export const LENIENT_HEADER = 'x-toolscope-lenient';
const HELD_METHODS: Record<string, Record<string, unknown>> = {
  'tools/list': { tools: [], ttlMs: 0, cacheScope: 'private' },
  'tools/call': { content: [] },
  'resources/read': { contents: [], ttlMs: 0, cacheScope: 'private' },
};
const MAX_HELD = 64;

export class RawResults {
  readonly #held = new Map<string, unknown>();
  #seq = 0;

  /** The original result behind a stand-in the SDK returned; undefined for any other value. */
  take(value: unknown): { raw: unknown } | undefined {
    const meta = isRecord(value) ? value._meta : undefined;
    const key = isRecord(meta) ? meta[RAW_RESULT_KEY] : undefined;
    if (typeof key !== 'string' || !this.#held.has(key)) return undefined;
    const raw = this.#held.get(key);
    this.#held.delete(key);
    return { raw };
  }

  /** Its layer of the fetch chain (see fetchChain.ts): 2026-era tools/list and tools/call answers are held aside. */
  readonly middleware: Middleware = (next) => {
    return async (input, init) => {
      const headers = new Headers(init?.headers);
      const ours = headers.has(LENIENT_HEADER);
      headers.delete(LENIENT_HEADER);
      const response = await next(input, ours ? { ...init, headers } : init);
      if (!ours) return response;
      const held = heldRequests(init);
      if (!held.size || !response.ok || !response.body) return response;
      const type = response.headers.get('content-type') ?? '';
      const rewrite = (message: unknown) => this.#rewrite(message, held);
      if (type.includes('application/json')) {
        const text = await response.text();
        let body: string = text;
        try {
          body = JSON.stringify(rewriteMessages(JSON.parse(text), rewrite));
        } catch {
          // Not JSON after all: the SDK reports it as it would have.
        }
        return withBody(response, body);
      }
      if (type.includes('text/event-stream')) {
        const stream = response.body
          .pipeThrough(new TextDecoderStream())
          .pipeThrough(sseRewriter(rewrite))
          .pipeThrough(new TextEncoderStream());
        return withBody(response, stream);
      }
      return response;
    };
  };

  #rewrite(message: unknown, held: Map<string | number, string>): unknown {
    if (!isRecord(message) || !('result' in message) || (typeof message.id !== 'string' && typeof message.id !== 'number')) return message;
    const method = held.get(message.id);
    const standIn = method ? HELD_METHODS[method] : undefined;
    if (!standIn) return message;
    const result = message.result;
    const resultType = isRecord(result) ? result.resultType : undefined;
    // A task handle (tasks extension) is ours to drive; the SDK drives every other kind of result
    // (input_required rounds above all).
    const ours = resultType === undefined || resultType === 'complete' || (resultType === 'task' && method === 'tools/call');
    if (!ours) return message;
    const key = `r${++this.#seq}`;
    this.#held.set(key, result);
    while (this.#held.size > MAX_HELD) {
      const oldest = this.#held.keys().next().value;
      if (oldest === undefined) break;
      this.#held.delete(oldest);
    }
    return { ...message, result: { resultType: 'complete', ...standIn, _meta: { [RAW_RESULT_KEY]: key } } };
  }
}

/** The ids of the held methods in a 2026-era request body (a 2026 request names its method in Mcp-Method). */
function heldRequests(init: RequestInit | undefined): Map<string | number, string> {
  const held = new Map<string | number, string>();
  if (!new Headers(init?.headers).has('mcp-method') || typeof init?.body !== 'string') return held;
  let parsed: unknown;
  try {
    parsed = JSON.parse(init.body);
  } catch {
    return held;
  }
  for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
    if (!isRecord(message) || typeof message.method !== 'string' || !(message.method in HELD_METHODS)) continue;
    if (typeof message.id === 'string' || typeof message.id === 'number') held.set(message.id, message.method);
  }
  return held;
}

const rewriteMessages = (parsed: unknown, rewrite: (message: unknown) => unknown) =>
  Array.isArray(parsed) ? parsed.map(rewrite) : rewrite(parsed);

/** Rewrites the JSON-RPC message in each complete SSE event's data; everything else passes as is. */
function sseRewriter(rewrite: (message: unknown) => unknown): TransformStream<string, string> {
  let buffer = '';
  const rewriteEvent = (event: string) => {
    const data = eventData(event);
    if (data === undefined) return event;
    let replaced: string;
    try {
      replaced = JSON.stringify(rewriteMessages(JSON.parse(data), rewrite));
    } catch {
      return event;
    }
    return [...event.split(/\r?\n/).filter((line) => !line.startsWith('data:')), `data: ${replaced}`].join('\n');
  };
  return new TransformStream<string, string>({
    transform(chunk, controller) {
      const { events, rest } = splitEvents(buffer + chunk);
      buffer = rest;
      for (const event of events) controller.enqueue(rewriteEvent(event.text) + event.end);
    },
    flush(controller) {
      if (buffer) controller.enqueue(rewriteEvent(buffer));
    },
  });
}
