// What one `toolscope report` may cost, whatever the server does: every HTTP request has a
// deadline (--timeout), every response body a byte cap, and the whole report a byte budget. A
// server that streams forever or answers with gigabytes ends the report with exit 2 and a
// sentence saying which limit it hit, never an out-of-memory crash or a hung CI job.
import type { FetchLike } from '../../src/mcp/recording/traffic.ts';
import { ANSWER_CAP_BYTES } from '../../src/lib/answerCap.ts';

export interface Limits {
  /** Per HTTP request, headers and body together. */
  timeoutMs: number;
  /** Per response body. */
  responseBytes: number;
  /** All response bodies of the report together. */
  reportBytes: number;
}

export const DEFAULT_LIMITS: Limits = { timeoutMs: 30_000, responseBytes: ANSWER_CAP_BYTES, reportBytes: 4 * ANSWER_CAP_BYTES };

export class LimitError extends Error {}

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * `fetch` with the limits applied; `hit()` tells which one stopped the report, if any, and
 * `stopped` rejects when one is hit (the SDK may keep waiting on a stream it no longer reads).
 */
export function limitedFetch(next: FetchLike, limits: Limits) {
  let total = 0;
  let hit: string | undefined;
  let reject: (error: LimitError) => void = () => undefined;
  const stopped = new Promise<never>((_resolve, fail) => {
    reject = fail;
  });
  stopped.catch(() => undefined);
  const stop = (controller: ReadableStreamDefaultController<Uint8Array>, message: string) => {
    hit ??= message;
    const error = new LimitError(message);
    controller.error(error);
    reject(error);
  };
  const fetch: FetchLike = async (input, init) => {
    const timeout = AbortSignal.timeout(limits.timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const timedOut = () => {
      if (timeout.aborted) hit ??= `A request got no complete answer within ${limits.timeoutMs / 1000} s (--timeout).`;
    };
    let response: Response;
    try {
      response = await next(input, { ...init, signal });
    } catch (error) {
      timedOut();
      throw error;
    }
    if (!response.body) return response;
    // A declared size over the cap is refused before a byte is read, and said with that size.
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    const tooLarge = () =>
      Number.isFinite(declared)
        ? `A response of ${mb(declared)} is larger than ${mb(limits.responseBytes)} (the cap per response, --max-mb); it was not read.`
        : `A response passed ${mb(limits.responseBytes)} (the cap per response, --max-mb); it was not read further.`;
    if (Number.isFinite(declared) && declared > limits.responseBytes) {
      await response.body.cancel().catch(() => undefined);
      hit ??= tooLarge();
      const error = new LimitError(hit);
      reject(error);
      throw error;
    }
    let bytes = 0;
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          timedOut();
          controller.error(error);
          return;
        }
        if (chunk.done) return controller.close();
        bytes += chunk.value.byteLength;
        total += chunk.value.byteLength;
        if (bytes > limits.responseBytes) {
          await reader.cancel().catch(() => undefined);
          return stop(controller, tooLarge());
        }
        if (total > limits.reportBytes) {
          await reader.cancel().catch(() => undefined);
          return stop(controller, `The server's answers passed ${mb(limits.reportBytes)} in all (the cap per report).`);
        }
        controller.enqueue(chunk.value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  /** The limit hit since the last take, once (a long-lived session: the agent's). */
  const take = () => {
    const said = hit;
    hit = undefined;
    return said;
  };
  return { fetch, hit: () => hit, take, stopped };
}
