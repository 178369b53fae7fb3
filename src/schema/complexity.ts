// Bounded measurement of a schema's size, so a pathological schema (1,000 levels deep, or
// enormous) is edited as JSON instead of freezing the page in a form renderer.
import { isRecord } from '../mcp/guards.ts';
import { formatCount } from '../lib/count.ts';

export const MAX_FORM_DEPTH = 32;
export const MAX_FORM_NODES = 5_000;

export interface SchemaSize {
  depth: number;
  nodes: number;
  /** True when the walk stopped at a limit; the numbers are then lower bounds. */
  truncated: boolean;
}

export function measureSchema(schema: unknown, limits = { depth: MAX_FORM_DEPTH * 4, nodes: MAX_FORM_NODES * 2 }): SchemaSize {
  let nodes = 0;
  let depth = 0;
  let truncated = false;
  const seen = new WeakSet<object>();
  const stack: { value: unknown; level: number }[] = [{ value: schema, level: 0 }];
  while (stack.length) {
    const next = stack.pop();
    if (!next || typeof next.value !== 'object' || next.value === null || seen.has(next.value)) continue;
    seen.add(next.value);
    nodes++;
    depth = Math.max(depth, next.level);
    if (nodes >= limits.nodes || next.level >= limits.depth) {
      truncated = true;
      break;
    }
    const children = Array.isArray(next.value) ? next.value : isRecord(next.value) ? Object.values(next.value) : [];
    for (const child of children) stack.push({ value: child, level: next.level + 1 });
  }
  return { depth, nodes, truncated };
}

/** Why this schema should be edited as JSON rather than as a form, if it should. */
export function formUnsuitability(schema: unknown): string | undefined {
  // A remote $ref deeper down becomes a JSON field of its own (formSchema.ts); only a schema
  // that is nothing but a remote reference leaves no form at all.
  if (isRecord(schema) && typeof schema.$ref === 'string' && !schema.$ref.startsWith('#'))
    return `The schema is a reference to ${schema.$ref.slice(0, 200)}, a remote schema Toolscope never fetches; edit the arguments as JSON.`;
  const size = measureSchema(schema);
  // Schema nesting counts properties/items wrappers too: two levels per data level.
  if (size.depth > MAX_FORM_DEPTH * 2)
    return `The schema nests ${size.truncated ? 'more than ' : ''}${Math.floor(size.depth / 2)} levels deep; a form that deep is unusable, so edit the arguments as JSON.`;
  if (size.nodes > MAX_FORM_NODES)
    return `The schema has ${size.truncated ? 'more than ' : ''}${formatCount(size.nodes)} parts; edit the arguments as JSON.`;
  return undefined;
}

/** Whether a form can be generated for this schema (else the arguments are edited as JSON), and why not. */
export function formSuitability(schema: unknown): { usable: boolean; unsuitable?: string } {
  const unsuitable = isRecord(schema) ? formUnsuitability(schema) : undefined;
  return { usable: isRecord(schema) && unsuitable === undefined, unsuitable };
}
