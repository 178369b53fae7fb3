// What one answer may weigh: a POST's response body past the cap is not read further, and the
// request fails saying so — a 20 MB tools/list is refused with the cap named, not parsed until the
// page stops answering (issue 79). 16 MB is the CLI's default --max-mb (server/cli/limits.ts), so
// the page, the CLI and the agent refuse the same answer; the CLI passes its own --max-mb.
// The server's GET stream (notifications over hours) is not capped: its bytes are not one answer.
import type { Middleware } from '@modelcontextprotocol/client';
import { ANSWER_CAP_BYTES } from '../../lib/answerCap.ts';
import { McpError } from '../errors.ts';
import { withBody } from './withBody.ts';

export const RESPONSE_CAP_BYTES = ANSWER_CAP_BYTES;

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** The answer was too large: said with the declared size when the server gave one, else the cap. */
export class ResponseTooLarge extends McpError {
  constructor(limit: number, declared?: number) {
    super({
      kind: 'unknown',
      message:
        declared !== undefined
          ? `The server's answer of ${mb(declared)} is larger than ${mb(limit)} (the cap per answer): Toolscope did not read it.`
          : `The server's answer passed ${mb(limit)} (the cap per answer): Toolscope stopped reading it.`,
    });
  }
}

/**
 * The cap as a layer of the connection's fetch chain. A browser reports a body that errored as a
 * network failure (and Toolscope would then look for a CORS cause): the connection asks `throwIfHit()`
 * first, so what the person reads is the cap, with its size.
 */
export class ResponseCap {
  #hit: ResponseTooLarge | undefined;
  constructor(readonly limit = RESPONSE_CAP_BYTES) {}

  /** Throws the answer the cap stopped since the last call, once: the real cause of a failed request. */
  throwIfHit(): void {
    const hit = this.#hit;
    this.#hit = undefined;
    if (hit) throw hit;
  }

  readonly middleware: Middleware = (next) => async (input, init) => {
    const response = await next(input, init);
    if ((init?.method ?? 'GET').toUpperCase() !== 'POST' || !response.body) return response;
    const { limit } = this;
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (Number.isFinite(declared) && declared > limit) {
      await response.body.cancel().catch(() => undefined);
      throw (this.#hit = new ResponseTooLarge(limit, declared));
    }
    let bytes = 0;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform: (chunk, controller) => {
          bytes += chunk.byteLength;
          if (bytes > limit) controller.error((this.#hit = new ResponseTooLarge(limit)));
          else controller.enqueue(chunk);
        },
      }),
    );
    return withBody(response, counted);
  };
}
