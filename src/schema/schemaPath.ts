// Walking a schema along an instance path (property names and array indexes), following local
// `$ref`s (with their sibling keywords), tuples, items, additionalProperties and the branches of
// allOf/anyOf/oneOf. Used to ask "what is the schema of the value at this path?".
import { isRecord } from '../mcp/guards.ts';

type Path = readonly (string | number)[];

/** The node with its local `$ref` chain merged in (siblings win, as in 2020-12); bounded. */
export function resolveLocal(root: unknown, node: unknown): unknown {
  for (let hops = 0; hops < 32 && isRecord(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#'); hops++) {
    const target = node.$ref
      .slice(2)
      .split('/')
      .filter(Boolean)
      .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((at, part) => (isRecord(at) ? at[part] : undefined), root);
    if (!isRecord(target)) return node;
    node = { ...target, ...Object.fromEntries(Object.entries(node).filter(([key]) => key !== '$ref')) };
  }
  return node;
}

const branches = (node: Record<string, unknown>): unknown[] =>
  ['allOf', 'anyOf', 'oneOf'].flatMap((key) => (Array.isArray(node[key]) ? (node[key] as unknown[]) : []));

function child(root: unknown, node: unknown, segment: string | number, depth = 0): unknown {
  const at = resolveLocal(root, node);
  if (!isRecord(at) || depth > 8) return undefined;
  const properties = isRecord(at.properties) ? at.properties : {};
  if (Object.hasOwn(properties, String(segment))) return properties[String(segment)];
  if (typeof segment === 'number') {
    const tuple = Array.isArray(at.prefixItems) ? at.prefixItems : Array.isArray(at.items) ? at.items : undefined;
    if (tuple) return tuple[segment] ?? (Array.isArray(at.items) ? at.additionalItems : at.items);
    if (at.items !== undefined) return at.items;
  }
  for (const branch of branches(at)) {
    const found = child(root, branch, segment, depth + 1);
    if (found !== undefined) return found;
  }
  // A map entry (its key may look like an index: "0").
  if (at.additionalProperties !== undefined && at.additionalProperties !== false) return at.additionalProperties;
  return undefined;
}

/** The (unresolved) schema node of the value at `path`, if the schema says. */
export function schemaAt(root: unknown, path: Path): unknown {
  let node: unknown = root;
  for (const segment of path) {
    node = child(root, node, segment);
    if (node === undefined) return undefined;
  }
  return node;
}

export interface PropertyHint {
  name: string;
  detail?: string;
}

/** Property names (with a short detail) the object at `path` may have, its branches included. */
export function propertiesAt(root: unknown, path: Path): PropertyHint[] {
  const found = new Map<string, PropertyHint>();
  const visit = (node: unknown, depth: number) => {
    const at = resolveLocal(root, node);
    if (!isRecord(at) || depth > 8) return;
    const required = Array.isArray(at.required) ? at.required : [];
    if (isRecord(at.properties)) {
      for (const [name, property] of Object.entries(at.properties)) {
        if (found.has(name)) continue;
        const resolved = resolveLocal(root, property);
        const type = isRecord(resolved) ? resolved.type : undefined;
        const detail = [
          Array.isArray(type) ? type.join(' | ') : typeof type === 'string' ? type : undefined,
          required.includes(name) ? 'required' : undefined,
        ]
          .filter(Boolean)
          .join(', ');
        found.set(name, { name, detail: detail || undefined });
      }
    }
    for (const branch of branches(at)) visit(branch, depth + 1);
  };
  visit(schemaAt(root, path), 0);
  return [...found.values()];
}

/** A value the schema names, as JSON text to insert, with where it came from. */
export interface ValueHint {
  text: string;
  detail?: string;
}

const MAX_VALUE_HINTS = 500;
/** A schema is server data: a 1 MB enum member is no completion to offer. */
const MAX_HINT_CHARS = 200;

/**
 * Values the schema names for the value at `path`: enum and const members (a const with its
 * title), true/false for booleans, null where allowed, the default and the examples.
 * Primitives only — an object or array is typed, not picked.
 */
export function valuesAt(root: unknown, path: Path): ValueHint[] {
  const found = new Map<string, ValueHint>();
  const add = (value: unknown, detail?: string) => {
    if (found.size >= MAX_VALUE_HINTS) return;
    if (value !== null && !['string', 'number', 'boolean'].includes(typeof value)) return;
    const text = JSON.stringify(value);
    if (text.length <= MAX_HINT_CHARS && !found.has(text)) found.set(text, { text, detail: detail?.slice(0, 80) });
  };
  const visit = (node: unknown, depth: number) => {
    const at = resolveLocal(root, node);
    if (!isRecord(at) || depth > 8) return;
    if (Array.isArray(at.enum)) for (const member of at.enum) add(member, 'enum');
    if (Object.hasOwn(at, 'const')) add(at.const, typeof at.title === 'string' ? at.title : 'const');
    const types: unknown[] = Array.isArray(at.type) ? at.type : [at.type];
    if (types.includes('boolean')) for (const flag of [true, false]) add(flag, 'boolean');
    if (types.includes('null')) add(null, 'null');
    if (Object.hasOwn(at, 'default')) add(at.default, 'default');
    if (Array.isArray(at.examples)) for (const example of at.examples) add(example, 'example');
    for (const branch of branches(at)) visit(branch, depth + 1);
  };
  const node = schemaAt(root, path);
  if (node !== undefined) visit(node, 0);
  return [...found.values()];
}
