// A test's snapshot (issue 83): the call's result kept in `__snapshots__/<suite>.snap.json` beside
// the suite — `_meta` left out at every depth and `resultType` at the top (the protocol's own, so
// both eras share one snapshot), each value an
// `ignore` JSONPath selects replaced by "<ignored>" — written the first time, compared every time
// after (RFC 8785 canonical form), rewritten with --update. A change fails naming the paths that
// differ, expected and actual.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import canonicalize from 'canonicalize';
import { paths, type JsonValue } from 'jsonpath-rfc9535';
import type { Failure } from './expectations.ts';

export const IGNORED = '<ignored>';
/** A snapshot failure names at most this many differing paths. */
const MAX_DIFFERENCES = 10;

const withoutMeta = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutMeta)
    : typeof value === 'object' && value !== null
      ? Object.fromEntries(Object.entries(value).flatMap(([key, inner]) => (key === '_meta' ? [] : [[key, withoutMeta(inner)]])))
      : value;

/** The segments of an RFC 9535 normalized path (`$['a'][0]['b\'c']`). */
function segments(normalized: string): (string | number)[] {
  const found: (string | number)[] = [];
  for (const match of normalized.matchAll(/\['((?:[^'\\]|\\.)*)'\]|\[(\d+)\]/g)) {
    if (match[2] !== undefined) found.push(Number(match[2]));
    else found.push(JSON.parse(`"${(match[1] ?? '').replace(/\\'/g, "'").replace(/"/g, '\\"')}"`) as string);
  }
  return found;
}

/**
 * What a snapshot keeps of a result: without the protocol's own fields — `_meta` at every depth, and
 * the 2026-07-28 revision's `resultType` at the top — so one snapshot holds in both eras; each
 * ignored value replaced.
 */
export function snapshotOf(result: unknown, ignore: readonly string[] = []): unknown {
  const kept = withoutMeta(result) as JsonValue;
  if (typeof kept === 'object' && kept !== null && !Array.isArray(kept)) delete kept.resultType;
  for (const expression of ignore)
    for (const normalized of paths(kept, expression)) {
      const steps = segments(normalized);
      const last = steps.pop();
      let node: unknown = kept;
      for (const step of steps) node = (node as Record<string | number, unknown>)[step];
      if (last !== undefined && typeof node === 'object' && node !== null) (node as Record<string | number, unknown>)[last] = IGNORED;
    }
  return kept;
}

/** The paths where two values differ (at most MAX_DIFFERENCES), as failures. */
export function differences(expected: unknown, actual: unknown, path = '$', found: Failure[] = []): Failure[] {
  if (found.length >= MAX_DIFFERENCES || canonicalize(expected) === canonicalize(actual)) return found;
  const both = (value: unknown) => typeof value === 'object' && value !== null;
  if (both(expected) && both(actual) && Array.isArray(expected) === Array.isArray(actual)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])];
    for (const key of keys) {
      const step = Array.isArray(expected)
        ? `${path}[${key}]`
        : /^[A-Za-z_][A-Za-z0-9_]*$/.test(key)
          ? `${path}.${key}`
          : `${path}[${JSON.stringify(key)}]`;
      differences((expected as Record<string, unknown>)[key], (actual as Record<string, unknown>)[key], step, found);
    }
    return found;
  }
  const shown = (value: unknown) => (value === undefined ? 'nothing' : (JSON.stringify(value) ?? '').slice(0, 200));
  found.push({ path: `snapshot ${path}`, expected: shown(expected), actual: shown(actual) });
  return found;
}

/** The snapshots of one suite file, read once, written back once if anything changed. */
export class SnapshotFile {
  readonly file: string;
  #values: Record<string, unknown>;
  #changed = false;

  constructor(suiteFile: string) {
    this.file = join(dirname(suiteFile), '__snapshots__', `${basename(suiteFile, extname(suiteFile))}.snap.json`);
    this.#values = existsSync(this.file) ? (JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, unknown>) : {};
  }

  /** Compares (or writes, the first time or with `update`) a test's snapshot: its failures, and what was done. */
  check(test: string, value: unknown, update: boolean): { failures: Failure[]; done: 'written' | 'updated' | 'matched' | 'changed' } {
    const known = Object.hasOwn(this.#values, test);
    if (!known || update) {
      const same = known && canonicalize(this.#values[test]) === canonicalize(value);
      if (!same) {
        this.#values[test] = value;
        this.#changed = true;
      }
      return { failures: [], done: !known ? 'written' : same ? 'matched' : 'updated' };
    }
    const failures = differences(this.#values[test], value);
    return { failures, done: failures.length ? 'changed' : 'matched' };
  }

  save() {
    if (!this.#changed) return;
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(this.file, `${JSON.stringify(this.#values, null, 2)}\n`);
    this.#changed = false;
  }
}
