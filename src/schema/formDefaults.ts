// What RJSF's default filling misses, completed on the prepared form schema (formSchema.ts):
//  - a `default` beside a `$ref` (Pydantic's optional model: `anyOf: [{$ref}, {type: "null"}],
//    default: null`, prepared as `{$ref, default: null}`): RJSF reads only the target, so the
//    untouched form would show an empty object instead of the declared null — or, when the model
//    has defaults of its own (`zip: str | None = None`), an object of just those, which RJSF filled
//    in from the target: that object is not the person's, and the declared null replaces it too;
//  - a required part whose schema is recursive is opened (an empty object to fill in) instead of
//    waiting behind "Add"; recursion below it stays on demand.
import { isRecord } from '../mcp/guards.ts';
import { RECURSIVE } from './formSchema.ts';
import { resolveLocal } from './schemaPath.ts';

const MAX_DEPTH = 64;

export function completeDefaults(formSchema: Record<string, unknown>, value: unknown): unknown {
  return complete(formSchema, formSchema, value, 0);
}

function complete(root: Record<string, unknown>, node: unknown, value: unknown, depth: number): unknown {
  const schema = resolveLocal(root, node);
  if (depth > MAX_DEPTH || !isRecord(schema) || !isRecord(schema.properties)) return value;
  // Only objects the form holds (or the root) are completed, and never inside a recursive part
  // (the walk does not enter one): an optional object left unset stays unset.
  if (value !== undefined && !isRecord(value)) return value;
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((key) => typeof key === 'string') : []);
  const result: Record<string, unknown> = { ...(value ?? {}) };
  for (const [key, property] of Object.entries(schema.properties)) {
    if (!isRecord(property)) continue;
    const current = result[key];
    if (
      typeof property.$ref === 'string' &&
      property.default !== undefined &&
      (current === undefined || onlyDefaults(root, property, current))
    ) {
      result[key] = structuredClone(property.default);
    } else if (current === undefined && property[RECURSIVE] === true && required.has(key)) {
      result[key] = {};
    } else if (isRecord(current) && property[RECURSIVE] !== true) {
      result[key] = complete(root, property, current, depth + 1);
    }
  }
  return result;
}

/** Whether `value` holds nothing but the target schema's own declared defaults (RJSF's filling, not a choice). */
function onlyDefaults(root: Record<string, unknown>, property: Record<string, unknown>, value: unknown): boolean {
  if (!isRecord(value) || isRecord(property.default)) return false;
  const target = resolveLocal(root, property);
  if (!isRecord(target) || !isRecord(target.properties)) return false;
  const properties = target.properties;
  return Object.entries(value).every(([key, field]) => {
    const declared = properties[key];
    return isRecord(declared) && declared.default !== undefined && JSON.stringify(declared.default) === JSON.stringify(field);
  });
}
