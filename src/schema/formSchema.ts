// Adapts a tool's JSON Schema for the form renderer (RJSF speaks draft-07 shapes) without
// changing what it accepts: 2020-12 `prefixItems` tuples become draft-07 `items` arrays, and
// `oneOf`/`anyOf` lists of `const`s get the `type` their values imply (a titled select).
// The original schema is still what validates the arguments.
import { isRecord } from '../mcp/guards.ts';

type Json = unknown;

function constType(options: unknown[]): string | undefined {
  const values = options.map((option) => (isRecord(option) && 'const' in option ? option.const : undefined));
  if (values.some((value) => value === undefined)) return undefined;
  if (values.every((value) => typeof value === 'string')) return 'string';
  if (values.every((value) => typeof value === 'number' && Number.isInteger(value))) return 'integer';
  if (values.every((value) => typeof value === 'number')) return 'number';
  if (values.every((value) => typeof value === 'boolean')) return 'boolean';
  return undefined;
}

function adapt(node: Json, depth: number, seen: WeakMap<object, Json>, changes: { tuples: number }): Json {
  if (depth > 200 || typeof node !== 'object' || node === null) return node;
  const cached = seen.get(node);
  if (cached !== undefined) return cached;
  if (Array.isArray(node)) {
    const copy: Json[] = [];
    seen.set(node, copy);
    for (const item of node) copy.push(adapt(item, depth + 1, seen, changes));
    return copy;
  }
  const copy: Record<string, Json> = {};
  seen.set(node, copy);
  for (const [key, value] of Object.entries(node)) copy[key] = adapt(value, depth + 1, seen, changes);
  if (Array.isArray(copy.prefixItems)) {
    const rest = copy.items;
    copy.items = copy.prefixItems;
    delete copy.prefixItems;
    if (rest !== undefined) copy.additionalItems = rest;
    changes.tuples++;
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = copy[key];
    if (copy.type === undefined && Array.isArray(options) && options.length > 0) {
      const type = constType(options);
      if (type) copy.type = type;
    }
  }
  return copy;
}

export function prepareFormSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const changes = { tuples: 0 };
  const adapted = adapt(schema, 0, new WeakMap(), changes);
  if (!isRecord(adapted)) return schema;
  // Converted tuples are draft-07 shapes: have the form's own validator read them that way.
  return changes.tuples > 0 ? { ...adapted, $schema: 'http://json-schema.org/draft-07/schema#' } : adapted;
}

/** The first `$ref` that points outside the schema (never fetched), if any. */
export function remoteRef(schema: unknown): string | undefined {
  const stack: { node: unknown; depth: number }[] = [{ node: schema, depth: 0 }];
  const seen = new WeakSet<object>();
  while (stack.length) {
    const next = stack.pop();
    if (!next || typeof next.node !== 'object' || next.node === null || seen.has(next.node) || next.depth > 200) continue;
    seen.add(next.node);
    if (isRecord(next.node) && typeof next.node.$ref === 'string' && !next.node.$ref.startsWith('#')) return next.node.$ref;
    for (const child of Object.values(next.node)) stack.push({ node: child, depth: next.depth + 1 });
  }
  return undefined;
}
