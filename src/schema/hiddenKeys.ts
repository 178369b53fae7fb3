// Which keys of a value a form generated from the schema would not show: a key an object schema
// does not declare (and whose extra keys the form does not render). A link can carry such keys
// — `"bcc": "attacker@…"` beside the `to` and `body` the form shows — and one click would send
// them unseen; the workspace shows them instead (src/app/workspace/ConnectedView.tsx).
import { isRecord } from '../mcp/guards.ts';

/** Paths (`bcc`, `options.cc`) of the keys in `value` that the form for `schema` does not render. */
export function keysOutsideForm(schema: unknown, value: unknown, path = ''): string[] {
  if (!isRecord(schema) || !isRecord(value)) return [];
  const properties = isRecord(schema.properties) ? schema.properties : {};
  // Extra keys of an object whose schema allows them are rendered by the form (as key/value rows).
  const extrasShown = schema.additionalProperties === true || isRecord(schema.additionalProperties) || isRecord(schema.patternProperties);
  return Object.entries(value).flatMap(([key, item]) => {
    const at = path ? `${path}.${key}` : key;
    if (Object.hasOwn(properties, key)) return keysOutsideForm(properties[key], item, at);
    return extrasShown ? [] : [at];
  });
}

/** The value without the key at this path. */
export function withoutKey(value: Record<string, unknown>, path: string): Record<string, unknown> {
  const [head = '', ...rest] = path.split('.');
  if (!rest.length) return Object.fromEntries(Object.entries(value).filter(([key]) => key !== head));
  const inner = value[head];
  return isRecord(inner) ? { ...value, [head]: withoutKey(inner, rest.join('.')) } : value;
}
