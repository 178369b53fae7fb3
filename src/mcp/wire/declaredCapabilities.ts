// The capabilities a server declared, as it sent them. The SDK's client keeps only the capability
// keys its schema knows, so an extension's key at the top level — `serverExecutionTelemetry`
// (SEP-2448) — never reaches `getServerCapabilities()`. This layer of the fetch chain reads a copy of
// the `initialize` (2025) and `server/discover` (2026-07-28) answers and keeps their
// `result.capabilities` whole; the SDK reads the original. Bounded: only those two answers, read
// until the answer is found (a stream the server leaves open is let go), at most 1 MB, and a connect
// waits at most 2 s for it.
import type { Middleware } from '@modelcontextprotocol/client';
import { isRecord, own } from '../guards.ts';
import { sseDataPayloads } from './sse.ts';

const HANDSHAKES = new Set(['initialize', 'server/discover']);
/** A handshake answer is small: the copy is read no further than this. */
const MAX_READ = 1_000_000;
/** How long a connect waits for the copy's reading. */
const SETTLE_MS = 2000;

const handshakeIds = (body: unknown): Set<unknown> => {
  // Most requests are not a handshake: not parsed twice (a call's arguments can be large).
  if (typeof body !== 'string' || body.length > 1_000_000 || !/"(?:initialize|server\/discover)"/.test(body)) return new Set();
  try {
    const parsed: unknown = JSON.parse(body);
    return new Set(
      (Array.isArray(parsed) ? parsed : [parsed])
        .filter((message) => isRecord(message) && HANDSHAKES.has(String(message.method)))
        .map((message) => (message as Record<string, unknown>).id),
    );
  } catch {
    return new Set();
  }
};

export class DeclaredCapabilities {
  #capabilities: unknown;
  #reading: Promise<void> = Promise.resolve();

  /** The capabilities of the last handshake answer, whole (undefined before one arrived). */
  get capabilities(): unknown {
    return this.#capabilities;
  }

  /** Resolves once the handshake's answer is read — or after SETTLE_MS, whatever a stream does (one left open must not hold up a connect). */
  async settled(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([this.#reading, new Promise<void>((resolve) => (timer = setTimeout(resolve, SETTLE_MS)))]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** A handshake answer read elsewhere (a deep link's prefetched server/discover): its capabilities, whole. */
  adopt(result: unknown) {
    const capabilities = isRecord(result) ? own(result, 'capabilities') : undefined;
    if (isRecord(capabilities)) this.#capabilities = capabilities;
  }

  /** Whether `text` holds the answer to one of `ids` (its capabilities kept when it does). */
  #found(text: string, ids: Set<unknown>, sse: boolean): boolean {
    for (const payload of sse ? sseDataPayloads(text) : [text]) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(payload);
      } catch {
        continue;
      }
      for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
        if (!isRecord(message) || !ids.has(own(message, 'id'))) continue;
        const result = own(message, 'result');
        const capabilities = isRecord(result) ? own(result, 'capabilities') : undefined;
        if (isRecord(capabilities)) this.#capabilities = capabilities;
        return true;
      }
    }
    return false;
  }

  /** Reads the copy as it arrives, up to MAX_READ characters, and lets it go once the answer is in. */
  async #read(body: ReadableStream<Uint8Array>, ids: Set<unknown>, sse: boolean): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    try {
      while (text.length < MAX_READ) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        if (this.#found(text, ids, sse)) return;
      }
      // A stream that ended without its last blank line still ended its last event.
      this.#found(sse ? `${text}\n\n` : text, ids, sse);
    } catch {
      // The copy could not be read: the SDK's own reading of the original decides what happens.
    } finally {
      await reader.cancel().catch(() => undefined);
    }
  }

  readonly middleware: Middleware = (next) => async (input, init) => {
    const ids = handshakeIds(init?.body);
    const response = await next(input, init);
    if (!ids.size || !response.ok || !response.body) return response;
    const sse = (response.headers.get('content-type') ?? '').includes('text/event-stream');
    const copy = response.clone();
    if (copy.body) {
      const body = copy.body;
      this.#reading = this.#reading.then(() => this.#read(body, ids, sse));
    }
    return response;
  };
}
