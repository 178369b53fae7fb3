// Property names a schema declares (nested ones and $defs too), for completion in the JSON
// editor: name plus a short detail (type, required, first words of the description).
import { isRecord } from '../mcp/guards.ts';

export interface PropertyHint {
  name: string;
  detail?: string;
}

export function propertyHints(schema: unknown, limit = 500): PropertyHint[] {
  const hints = new Map<string, PropertyHint>();
  const stack: { node: unknown; depth: number }[] = [{ node: schema, depth: 0 }];
  const seen = new WeakSet<object>();
  while (stack.length && hints.size < limit) {
    const next = stack.pop();
    if (!next || typeof next.node !== 'object' || next.node === null || seen.has(next.node) || next.depth > 64) continue;
    seen.add(next.node);
    if (isRecord(next.node) && isRecord(next.node.properties)) {
      const required = Array.isArray(next.node.required) ? next.node.required : [];
      for (const [name, property] of Object.entries(next.node.properties)) {
        if (hints.has(name)) continue;
        const type = isRecord(property) ? (Array.isArray(property.type) ? property.type.join(' | ') : property.type) : undefined;
        const detail = [typeof type === 'string' ? type : undefined, required.includes(name) ? 'required' : undefined]
          .filter(Boolean)
          .join(', ');
        hints.set(name, { name, detail: detail || undefined });
      }
    }
    for (const child of Object.values(next.node)) stack.push({ node: child, depth: next.depth + 1 });
  }
  return [...hints.values()];
}
