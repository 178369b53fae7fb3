// How long a request may take: the wording of a timeout (which limit, and how to raise it) and
// the hard "Maximum total" limit the SDK enforces only when progress arrives.
import type { McpFailure } from '../errors.ts';

/**
 * How long a request waits for its answer unless a call's settings say otherwise — a page the
 * deep link's walk fetched too (src/prefetch/, which must stay free of the SDK: hence here).
 */
export const DEFAULT_TIMEOUT_MS = 60_000;

/** Which limit a timed-out call hit, and how to raise it. */
export function describeTimeout(elapsedMs: number, timeoutMs: number, maxTotalMs: number | undefined): McpFailure {
  const seconds = (ms: number) => `${ms < 10_000 ? Number((ms / 1000).toFixed(1)) : Math.round(ms / 1000)} s`;
  if (maxTotalMs !== undefined && elapsedMs >= maxTotalMs - 250) {
    return {
      kind: 'timeout',
      message: `Timed out: the call ran for the maximum total time of ${seconds(maxTotalMs)}, even though the server was still reporting progress. Raise “Maximum total” in Call settings to wait longer.`,
    };
  }
  return {
    kind: 'timeout',
    message: `Timed out: no result and no progress for ${seconds(timeoutMs)} (the per-call timeout, reset by each progress notification). Raise “Timeout” in Call settings if the tool is just slow.`,
  };
}

/** A signal that aborts when `outer` does or after `ms`, whichever is first; release() when done. */
export function hardLimit(ms: number, outer: AbortSignal | undefined) {
  const controller = new AbortController();
  let hit = false;
  const follow = () => controller.abort(outer?.reason);
  if (outer?.aborted) follow();
  outer?.addEventListener('abort', follow, { once: true });
  const timer = setTimeout(() => {
    hit = true;
    controller.abort();
  }, ms);
  return {
    signal: controller.signal,
    hit: () => hit,
    release: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', follow);
    },
  };
}
