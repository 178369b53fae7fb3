// Small helpers the report's rules share: a quoted, shortened value for a message, and the
// top-level properties of a tool's input schema.
import { isRecord, own } from '../mcp/guards.ts';

/** A value as a message quotes it: JSON-quoted, cut at `max` characters. */
export const quote = (text: string, max = 80) => JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);

/** The top-level properties of an object schema, with local `$ref`s (#/$defs/…, #/definitions/…) followed once. */
export function properties(schema: unknown): [string, Record<string, unknown>][] {
  if (!isRecord(schema)) return [];
  const props = own(schema, 'properties');
  if (!isRecord(props)) return [];
  return Object.entries(props).flatMap(([key, value]): [string, Record<string, unknown>][] => {
    if (!isRecord(value)) return [];
    const ref = own(value, '$ref');
    if (typeof ref === 'string') {
      const target = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
      const defs = target ? own(schema, target[1] ?? '') : undefined;
      const resolved = target && isRecord(defs) ? own(defs, decodeURIComponent(target[2] ?? '')) : undefined;
      if (isRecord(resolved)) return [[key, { ...resolved, ...value }]];
    }
    return [[key, value]];
  });
}
