// What a test expects of its call, judged (issue 83): the outcome in the page's words, a time
// budget, values in structuredContent chosen by JSONPath (RFC 9535, through jsonpath-rfc9535) —
// a literal compared deeply (RFC 8785 canonical form) or matchers — and a JSON Schema the
// structuredContent must meet. Each failure names its path, what was expected and what came. Pure.
import canonicalize from 'canonicalize';
import { query, type JsonValue } from 'jsonpath-rfc9535';
import { errorMessage } from '../../src/lib/errorMessage.ts';
import { schemaIssues } from '../../src/schema/validate.ts';
import type { Expectation, Matchers, OutcomeWord } from './suiteFile.ts';

export interface Failure {
  /** Where: a JSONPath, or `outcome`, `ms`, `schema`. */
  path: string;
  expected: string;
  actual: string;
}

/** What a call gave, as a test reads it. */
export interface Observed {
  /** ok | tool-error | protocol-error | invalid-output, or another of the page's outcome words (unreachable, cancelled…). */
  outcome: string;
  ms: number;
  result?: Record<string, unknown>;
  /** Said when the outcome is not ok: the error's message, the tool's own text. */
  message?: string;
}

/** A string longer than this is not matched against a pattern (a failure that says so). */
const MAX_MATCHED_CHARS = 1_000_000;

const shown = (value: unknown) => {
  const text = value === undefined ? 'nothing' : (JSON.stringify(value) ?? typeof value);
  return text.length > 200 ? `${text.slice(0, 200)}… (${text.length} characters)` : text;
};

const kindOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;

const article = (kind: string) => `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`;

const same = (a: unknown, b: unknown) => canonicalize(a) === canonicalize(b);

/** Each matcher a value breaks, as failures at `path`. */
function judgeValue(path: string, values: readonly unknown[], expected: unknown): Failure[] {
  const matchers: Matchers =
    typeof expected === 'object' && expected !== null && !Array.isArray(expected) ? expected : { equals: expected };
  if (matchers.exists !== undefined && values.length > 0 !== matchers.exists)
    return [{ path, expected: matchers.exists ? 'a value' : 'no value', actual: values.length ? shown(values[0]) : 'no value' }];
  if (!values.length) return matchers.exists === false ? [] : [{ path, expected: describe(matchers), actual: 'no value at this path' }];
  const failures: Failure[] = [];
  for (const value of values) {
    const fail = (what: string) => failures.push({ path, expected: what, actual: shown(value) });
    if ('equals' in matchers && !same(value, matchers.equals)) fail(shown(matchers.equals));
    // The pattern is the suite's own; the text is the server's, bounded so no pattern runs on megabytes.
    if (
      matchers.matches !== undefined &&
      !(typeof value === 'string' && value.length <= MAX_MATCHED_CHARS && new RegExp(matchers.matches, 'u').test(value))
    )
      fail(
        `a string matching /${matchers.matches}/${typeof value === 'string' && value.length > MAX_MATCHED_CHARS ? ` (at most ${MAX_MATCHED_CHARS} characters are matched)` : ''}`,
      );
    if ('contains' in matchers) {
      const holds =
        typeof value === 'string'
          ? typeof matchers.contains === 'string' && value.includes(matchers.contains)
          : Array.isArray(value) && value.some((item) => same(item, matchers.contains));
      if (!holds) fail(`something containing ${shown(matchers.contains)}`);
    }
    if (matchers.gte !== undefined && !(typeof value === 'number' && value >= matchers.gte)) fail(`a number ≥ ${matchers.gte}`);
    if (matchers.lte !== undefined && !(typeof value === 'number' && value <= matchers.lte)) fail(`a number ≤ ${matchers.lte}`);
    if (matchers.length !== undefined) {
      const length = typeof value === 'string' || Array.isArray(value) ? value.length : undefined;
      if (length !== matchers.length)
        failures.push({
          path,
          expected: `length ${matchers.length}`,
          actual: length === undefined ? `${kindOf(value)} (no length)` : `length ${length}`,
        });
    }
    if (matchers.type !== undefined) {
      const kind = kindOf(value);
      if (kind !== matchers.type && !(matchers.type === 'number' && kind === 'integer'))
        failures.push({ path, expected: article(matchers.type), actual: `${article(kind)}: ${shown(value)}` });
    }
  }
  return failures;
}

const describe = (matchers: Matchers) =>
  Object.entries(matchers)
    .map(([name, value]) => `${name} ${shown(value)}`)
    .join(', ');

/** The values a JSONPath selects in `root` (a path that cannot run selects nothing, and says so). */
export function select(root: unknown, path: string): { values: unknown[] } | { error: string } {
  try {
    return { values: query((root ?? null) as JsonValue, path) };
  } catch (error) {
    return { error: errorMessage(error) };
  }
}

/** Every way the call fails the expectation (none: it passes). */
export function judge(observed: Observed, expect: Expectation = {}): Failure[] {
  const failures: Failure[] = [];
  const wanted: OutcomeWord = expect.outcome ?? 'ok';
  if (observed.outcome !== wanted)
    failures.push({
      path: 'outcome',
      expected: wanted,
      actual: `${observed.outcome}${observed.message ? `: ${observed.message.slice(0, 300)}` : ''}`,
    });
  if (expect.maxMs !== undefined && observed.ms > expect.maxMs)
    failures.push({ path: 'ms', expected: `at most ${expect.maxMs} ms`, actual: `${Math.round(observed.ms)} ms` });
  const structured = observed.result?.structuredContent;
  for (const [path, expected] of Object.entries(expect.structuredContent ?? {})) {
    const selected = select(structured, path);
    if ('error' in selected) failures.push({ path, expected: 'a path that runs', actual: selected.error });
    else failures.push(...judgeValue(path, selected.values, expected));
  }
  if (expect.schema !== undefined)
    for (const issue of schemaIssues(expect.schema, structured))
      failures.push({ path: 'schema', expected: 'structuredContent that meets the schema', actual: issue });
  return failures;
}
