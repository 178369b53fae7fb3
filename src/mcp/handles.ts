// Handles carried from call to call: id-like values a result returned (basket_id from
// create_basket) offered to a later form whose parameter has the same name.
import { isRecord, own } from './guards.ts';

const HANDLE_KEY = /(?:^|_|-)(?:id|handle|token|key|ref)$|[a-z](?:Id|Handle|Token|Key|Ref)$/;

/** id-like values in structuredContent: [key path, value], a few levels deep. */
export function handles(value: unknown, path = '', depth = 0, out: [string, string | number][] = []): [string, string | number][] {
  if (depth > 4 || out.length > 200) return out;
  if (Array.isArray(value)) value.slice(0, 20).forEach((item) => handles(item, `${path}[]`, depth + 1, out));
  else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if ((typeof item === 'string' || typeof item === 'number') && HANDLE_KEY.test(key)) out.push([at, item]);
      else handles(item, at, depth + 1, out);
    }
  }
  return out;
}

export interface Handle {
  /** The parameter name it fits (the last key of its path). */
  key: string;
  value: string | number;
  /** Where it came from. */
  tool: string;
  runId: number;
}

export interface ResultSource {
  tool: string;
  runId: number;
  structuredContent: unknown;
}

/** Every id-like value of these results, newest first, each value once per key. */
export function collectHandles(sources: readonly ResultSource[]): Handle[] {
  const seen = new Set<string>();
  const out: Handle[] = [];
  for (const source of [...sources].sort((a, b) => b.runId - a.runId)) {
    for (const [path, value] of handles(source.structuredContent)) {
      const key = path.split('.').at(-1)?.replace(/\[\]$/, '') ?? path;
      const id = `${key}\u0000${String(value)}`;
      if (seen.has(id)) continue;
      seen.add(id);
      out.push({ key, value, tool: source.tool, runId: source.runId });
    }
  }
  return out;
}

/** For each top-level parameter of this schema, the handles of the same name and a fitting type (at most 3). */
export function offersFor(schema: unknown, all: readonly Handle[]): [string, Handle[]][] {
  const props = isRecord(schema) ? own(schema, 'properties') : undefined;
  if (!isRecord(props)) return [];
  return Object.entries(props).flatMap(([name, prop]): [string, Handle[]][] => {
    const type = isRecord(prop) ? own(prop, 'type') : undefined;
    const fits = (value: string | number) =>
      type === undefined || type === typeof value || ((type === 'integer' || type === 'number') && typeof value === 'number');
    const matches = all.filter((handle) => handle.key === name && fits(handle.value)).slice(0, 3);
    return matches.length ? [[name, matches]] : [];
  });
}
