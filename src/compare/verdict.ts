// The verdict of running a saved call again: the same result (pass), another one (changed), an
// error (failed), or held back (not sent). Timestamps and `_meta` move on every call and do not count.
import { isRecord } from '../mcp/guards.ts';
import { diffResults, type ResultDiff } from './diff.ts';

export type Verdict =
  | { status: 'pass' }
  | { status: 'changed'; diff: ResultDiff }
  | { status: 'failed'; message: string }
  /** Held back: its arguments no longer match the tool's schema ("Send anyway" sends it unchecked). */
  | { status: 'not sent'; message: string };

/** A saved call run again: the same result (pass), another one (changed), or an error (failed). */
export function judge(expected: unknown, outcome: { result: unknown } | { failure: string }): Verdict {
  if ('failure' in outcome) return { status: 'failed', message: outcome.failure };
  const wasError = isRecord(expected) && expected.isError === true;
  if (isRecord(outcome.result) && outcome.result.isError === true && !wasError) {
    return { status: 'failed', message: 'The tool returned an error result where it used to succeed.' };
  }
  // Timestamps move on every call (expiry, "generated at"): they do not make a result "changed".
  const same = diffResults(steady(withoutMeta(expected)), steady(withoutMeta(outcome.result))).same;
  return same ? { status: 'pass' } : { status: 'changed', diff: diffResults(withoutMeta(expected), withoutMeta(outcome.result)) };
}

const TIMESTAMP = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?\b/g;

/** Whether a string holds an ISO 8601 date-time: a value that moves on every call (a verdict does not count it). */
export const holdsTimestamp = (text: string): boolean => new RegExp(TIMESTAMP.source).test(text);

/** The value with every ISO 8601 date-time in its strings (also inside JSON text) replaced by one placeholder. */
function steady(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(TIMESTAMP, '<timestamp>');
  if (Array.isArray(value)) return value.map(steady);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, steady(item)]));
  return value;
}

// `_meta` (server info, timing) and resultType change between runs without the result changing.
function withoutMeta(result: unknown): unknown {
  if (!isRecord(result)) return result;
  const { _meta: _ignored, ...rest } = result;
  return rest;
}
