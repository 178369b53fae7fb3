// Adapts a tool's JSON Schema for the form renderer (RJSF speaks draft-07 shapes) without
// changing what it accepts: 2020-12 `prefixItems` tuples become draft-07 `items` arrays,
// `oneOf`/`anyOf` lists of `const`s get the `type` their values imply (a titled select), and
// three things are marked for the field template (rjsfTheme.tsx):
//  - nullable fields (`type: [X, "null"]`, `anyOf: [X, {type: "null"}]`) get an
//    unset / null / value choice; the anyOf form becomes X itself plus the mark;
//  - a remote `$ref` (never fetched) becomes a raw JSON field for that part only;
//  - a `$ref` into a recursive definition is expanded only when the user adds it;
// and `patternProperties` maps get the key–value editor RJSF gives `additionalProperties`.
// The original schema is still what validates the arguments.
import { isRecord } from '../mcp/guards.ts';
import { resolveLocal, schemaAt } from './schemaPath.ts';

type Json = unknown;

export const NULLABLE = 'x-toolscope-nullable';
export const RAW_REF = 'x-toolscope-raw-ref';
export const RECURSIVE = 'x-toolscope-recursive';

const isNullSchema = (node: unknown) =>
  isRecord(node) && node.type === 'null' && Object.keys(node).every((key) => key === 'type' || key === 'title');

/** The other branch of a two-branch union with `{type: "null"}`, if that is what this is. */
function nullableBranch(node: Record<string, Json>): { key: 'anyOf' | 'oneOf'; other: Record<string, Json> } | undefined {
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options: unknown = node[key];
    if (!Array.isArray(options) || options.length !== 2) continue;
    const nulls = options.filter(isNullSchema);
    const other: unknown = options.find((option) => !isNullSchema(option));
    if (nulls.length === 1 && isRecord(other)) return { key, other };
  }
  return undefined;
}

/** Local definitions that can reach themselves through `$ref`s (a tree node holding nodes). */
function recursiveDefinitions(schema: Record<string, Json>): Set<string> {
  const defs = new Map<string, Json>();
  for (const container of ['$defs', 'definitions'] as const) {
    const group = schema[container];
    if (isRecord(group)) for (const [name, def] of Object.entries(group)) defs.set(`#/${container}/${name}`, def);
  }
  const refsIn = (node: Json): string[] => {
    const found: string[] = [];
    const stack = [node];
    const seen = new WeakSet<object>();
    while (stack.length) {
      const next = stack.pop();
      if (typeof next !== 'object' || next === null || seen.has(next)) continue;
      seen.add(next);
      if (isRecord(next) && typeof next.$ref === 'string') found.push(next.$ref);
      stack.push(...(Object.values(next) as unknown[]));
    }
    return found;
  };
  const edges = new Map([...defs].map(([ref, def]) => [ref, refsIn(def)]));
  const recursive = new Set<string>();
  for (const start of defs.keys()) {
    const stack = [...(edges.get(start) ?? [])];
    const visited = new Set<string>();
    while (stack.length) {
      const ref = stack.pop() ?? '';
      if (ref === start) {
        recursive.add(start);
        break;
      }
      if (visited.has(ref)) continue;
      visited.add(ref);
      stack.push(...(edges.get(ref) ?? []));
    }
  }
  return recursive;
}

interface Context {
  tuples: number;
  recursive: Set<string>;
}

function constType(options: unknown[]): string | undefined {
  const values = options.map((option) => (isRecord(option) && 'const' in option ? option.const : undefined));
  if (values.some((value) => value === undefined)) return undefined;
  if (values.every((value) => typeof value === 'string')) return 'string';
  if (values.every((value) => typeof value === 'number' && Number.isInteger(value))) return 'integer';
  if (values.every((value) => typeof value === 'number')) return 'number';
  if (values.every((value) => typeof value === 'boolean')) return 'boolean';
  return undefined;
}

function adapt(node: Json, depth: number, seen: WeakMap<object, Json>, changes: Context): Json {
  if (depth > 200 || typeof node !== 'object' || node === null) return node;
  const cached = seen.get(node);
  if (cached !== undefined) return cached;
  if (Array.isArray(node)) {
    const copy: Json[] = [];
    seen.set(node, copy);
    for (const item of node) copy.push(adapt(item, depth + 1, seen, changes));
    return copy;
  }
  if (isRecord(node) && typeof node.$ref === 'string' && !node.$ref.startsWith('#')) {
    // Never fetched: this part is edited as raw JSON, the rest of the form still works.
    const raw = { [RAW_REF]: node.$ref, title: node.title, description: node.description };
    seen.set(node, raw);
    return raw;
  }
  const copy: Record<string, Json> = {};
  seen.set(node, copy);
  for (const [key, value] of Object.entries(node)) copy[key] = adapt(value, depth + 1, seen, changes);
  if (typeof copy.$ref === 'string' && (copy.$ref === '#' || changes.recursive.has(copy.$ref))) copy[RECURSIVE] = true;
  // patternProperties as a key–value editor: the form offers entries of the pattern's schema
  // (several patterns: any of them); the original schema still checks the keys.
  if (isRecord(copy.patternProperties) && (copy.additionalProperties === undefined || copy.additionalProperties === false)) {
    const patterns = Object.values(copy.patternProperties);
    if (patterns.length > 0) copy.additionalProperties = patterns.length === 1 ? patterns[0] : { anyOf: patterns };
  }
  const branch = nullableBranch(copy);
  if (branch) {
    // anyOf [X, null] → X with the nullable mark (the outer title, description and default win).
    const rest = Object.fromEntries(Object.entries(copy).filter(([key]) => key !== branch.key));
    Object.keys(copy).forEach((key) => delete copy[key]);
    Object.assign(copy, branch.other, rest, { [NULLABLE]: true });
    if (typeof branch.other.type === 'string') copy.type = [branch.other.type, 'null'];
  } else if (Array.isArray(copy.type) && copy.type.length === 2 && copy.type.includes('null')) {
    copy[NULLABLE] = true;
  }
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
  const changes: Context = { tuples: 0, recursive: recursiveDefinitions(schema) };
  const adapted = adapt(schema, 0, new WeakMap(), changes);
  if (!isRecord(adapted)) return schema;
  // Converted tuples are draft-07 shapes: have the form's own validator read them that way.
  return changes.tuples > 0 ? { ...adapted, $schema: 'http://json-schema.org/draft-07/schema#' } : adapted;
}

/**
 * Whether the field at this instance path (property names and array indexes) is a nullable
 * one, following properties, items, additionalProperties and local `$ref`s of the form schema.
 */
export function nullableAt(formSchema: Record<string, unknown>, path: readonly (string | number)[]): boolean {
  const node = schemaAt(formSchema, path);
  const resolved = resolveLocal(formSchema, node);
  return (isRecord(node) && node[NULLABLE] === true) || (isRecord(resolved) && resolved[NULLABLE] === true);
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
