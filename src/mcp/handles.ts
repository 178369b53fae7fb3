// Handles carried from call to call: id-like values a result returned (basket_id from
// create_basket) offered to a later form whose parameter has the same name.
import { isRecord, own } from './guards.ts';

const HANDLE_KEY = /(?:^|_|-)(?:id|handle|token|key|ref)$|[a-z](?:Id|Handle|Token|Key|Ref)$/;

const EXPIRY_KEY = /^(?:expires?(?:_?at|_?on)?|expiresAt|expiry|expiration(?:_?time)?|valid_?until)$/i;

/** A moment the server named for a handle's end: an ISO date, or epoch seconds / milliseconds. */
function expiryOf(record: Record<string, unknown>): number | undefined {
  for (const [key, value] of Object.entries(record)) {
    if (!EXPIRY_KEY.test(key)) continue;
    const time =
      typeof value === 'number'
        ? value > 1e12
          ? value
          : value > 1e9
            ? value * 1000
            : NaN
        : typeof value === 'string'
          ? Date.parse(value)
          : NaN;
    if (Number.isFinite(time)) return time;
  }
  return undefined;
}

/** id-like values in structuredContent: [key path, value, when the server said it expires], a few levels deep. */
export function handles(
  value: unknown,
  path = '',
  depth = 0,
  out: [string, string | number, number?][] = [],
): [string, string | number, number?][] {
  if (depth > 4 || out.length > 200) return out;
  if (Array.isArray(value)) value.slice(0, 20).forEach((item) => handles(item, `${path}[]`, depth + 1, out));
  else if (isRecord(value)) {
    // A sibling `expires_at` (create_basket's) bounds the handles of this object.
    const expiresAt = expiryOf(value);
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if ((typeof item === 'string' || typeof item === 'number') && HANDLE_KEY.test(key)) out.push([at, item, expiresAt]);
      else handles(item, at, depth + 1, out);
    }
  }
  return out;
}

export interface Handle {
  /** The parameter name it fits (the last key of its path). */
  key: string;
  value: string | number;
  /** Where it came from: a run of this page (runId), or a call in History (runId 0, with `at`). */
  tool: string;
  runId: number;
  /** When the call that returned it was made (History's handles): its age is shown. */
  at?: number;
  /** When the server said it stops working. */
  expiresAt?: number;
}

export interface ResultSource {
  tool: string;
  /** The run of this page; 0 for a call from History. */
  runId: number;
  structuredContent: unknown;
  /** When the call was made (History's). */
  at?: number;
}

/**
 * Every id-like value of these results, each value once per key: this page's runs first (newest
 * first), then History's calls (newest first). Values the server said have expired are left out.
 */
export function collectHandles(sources: readonly ResultSource[], now = Date.now()): Handle[] {
  const seen = new Set<string>();
  const out: Handle[] = [];
  const order = [...sources].sort((a, b) =>
    a.at === undefined || b.at === undefined
      ? (a.at === undefined ? 0 : 1) - (b.at === undefined ? 0 : 1) || b.runId - a.runId
      : b.at - a.at,
  );
  for (const source of order) {
    for (const [path, value, expiresAt] of handles(source.structuredContent)) {
      if (expiresAt !== undefined && expiresAt <= now) continue;
      const key = path.split('.').at(-1)?.replace(/\[\]$/, '') ?? path;
      const id = `${key}\u0000${String(value)}`;
      if (seen.has(id)) continue;
      seen.add(id);
      out.push({
        key,
        value,
        tool: source.tool,
        runId: source.runId,
        ...(source.at !== undefined ? { at: source.at } : {}),
        ...(expiresAt !== undefined ? { expiresAt } : {}),
      });
    }
  }
  return out;
}

/** For each top-level parameter of this schema, the handles of the same name and a fitting type (at most 3). */
/** Whether a property of this type can take the value (an untyped property takes any). */
function fits(type: unknown, value: string | number): boolean {
  return type === undefined || type === typeof value || ((type === 'integer' || type === 'number') && typeof value === 'number');
}

export function offersFor(schema: unknown, all: readonly Handle[]): [string, Handle[]][] {
  const props = isRecord(schema) ? own(schema, 'properties') : undefined;
  if (!isRecord(props)) return [];
  return Object.entries(props).flatMap(([name, prop]): [string, Handle[]][] => {
    const type = isRecord(prop) ? own(prop, 'type') : undefined;
    const matches = all.filter((handle) => handle.key === name && fits(type, handle.value)).slice(0, 3);
    return matches.length ? [[name, matches]] : [];
  });
}

/** Whether a tool's input schema has a property `key` that takes a value like this one (a string by default). */
export function takesHandle(schema: unknown, key: string, value: string | number = ''): boolean {
  const props = isRecord(schema) ? own(schema, 'properties') : undefined;
  const prop = isRecord(props) ? own(props, key) : undefined;
  return prop !== undefined && fits(isRecord(prop) ? own(prop, 'type') : undefined, value);
}
