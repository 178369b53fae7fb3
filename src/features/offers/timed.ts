// One request of the Prompts and Resources views, timed: what came back and its size as sent, or
// why it failed — and how long it took (the "Outcome" line and History say both).
import { failureOf, type McpFailure } from '../../mcp/errors.ts';
import { jsonBytes } from '../../mcp/results.ts';

/** A request as it ended: what came back and its size as sent, or why it failed — and how long it took. */
export type Timed<Value> =
  { ok: true; value: Value; durationMs: number; bytes: number } | { ok: false; error: unknown; failure: McpFailure; durationMs: number };

/** Runs one request, timed; never throws (a failure is an outcome to show, not an exception). */
export async function timed<Value>(run: () => Promise<Value>, raw: (value: Value) => unknown): Promise<Timed<Value>> {
  const started = performance.now();
  try {
    const value = await run();
    const bytes = jsonBytes(raw(value));
    return { ok: true, value, durationMs: performance.now() - started, bytes };
  } catch (error) {
    return { ok: false, error, failure: failureOf(error), durationMs: performance.now() - started };
  }
}
