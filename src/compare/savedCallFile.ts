// Saved calls as a file (export / import) and the verdict of running one again.
import { redactUrl } from '../lib/redactUrl.ts';
import { isRecord } from '../mcp/guards.ts';
import { diffResults, type ResultDiff } from './diff.ts';
import { errorMessage } from '../lib/errorMessage.ts';

export interface PortableCall {
  name: string;
  tool: string;
  args: Record<string, unknown>;
  expected: unknown;
}

const FORMAT = 'toolscope-saved-calls';

export function exportSaved(server: string, calls: readonly PortableCall[]): string {
  return JSON.stringify(
    {
      format: FORMAT,
      version: 1,
      server: redactUrl(server).url,
      calls: calls.map(({ name, tool, args, expected }) => ({ name, tool, args, expected })),
    },
    null,
    2,
  );
}

/** A file of saved calls: the calls in it, or why it cannot be read. Nothing in it is trusted beyond its shape. */
export function parseSavedFile(text: string): { calls: PortableCall[] } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problem: `Not JSON: ${errorMessage(error)}` };
  }
  if (!isRecord(value) || value.format !== FORMAT || !Array.isArray(value.calls)) {
    return { problem: `Not a Toolscope saved-calls file (expected "format": "${FORMAT}" and a "calls" array).` };
  }
  const calls = value.calls.flatMap((call): PortableCall[] =>
    isRecord(call) && typeof call.name === 'string' && typeof call.tool === 'string' && isRecord(call.args)
      ? [{ name: call.name.slice(0, 200), tool: call.tool, args: call.args, expected: call.expected }]
      : [],
  );
  if (calls.length !== value.calls.length)
    return { problem: `${value.calls.length - calls.length} entries lack a name, tool or arguments object.` };
  return { calls };
}

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
