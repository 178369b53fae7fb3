// The capabilities a server declared, as it sent them. The SDK's client keeps only the capability
// keys its schema knows, so an extension's key at the top level — `serverExecutionTelemetry`
// (SEP-2448) — never reaches `getServerCapabilities()`. This layer of the fetch chain reads a copy of
// the `initialize` (2025) and `server/discover` (2026-07-28) answers and keeps their
// `result.capabilities` whole; the SDK reads the original. Bounded: only those two answers, each
// read under the connection's cap per answer (the layer beneath).
import type { Middleware } from '@modelcontextprotocol/client';
import { isRecord, own } from '../guards.ts';
import { sseDataPayloads } from './sse.ts';

const HANDSHAKES = new Set(['initialize', 'server/discover']);

const handshakeIds = (body: unknown): Set<unknown> => {
  if (typeof body !== 'string' || body.length > 1_000_000) return new Set();
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

  /** Resolves once the copies being read are read (the handshake's answer is in). */
  settled(): Promise<void> {
    return this.#reading;
  }

  /** A handshake answer read elsewhere (a deep link's prefetched server/discover): its capabilities, whole. */
  adopt(result: unknown) {
    const capabilities = isRecord(result) ? own(result, 'capabilities') : undefined;
    if (isRecord(capabilities)) this.#capabilities = capabilities;
  }

  readonly middleware: Middleware = (next) => async (input, init) => {
    const ids = handshakeIds(init?.body);
    const response = await next(input, init);
    if (!ids.size || !response.ok || !response.body) return response;
    const sse = (response.headers.get('content-type') ?? '').includes('text/event-stream');
    const copy = response.clone();
    this.#reading = this.#reading.then(async () => {
      const text = await copy.text().catch(() => '');
      const payloads = sse ? sseDataPayloads(text.endsWith('\n\n') ? text : `${text}\n\n`) : [text];
      for (const payload of payloads) {
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
        }
      }
    });
    return response;
  };
}
