// A tool's arguments as fast-check arbitraries (issue 84), from its inputSchema: types, enum and
// const, formats, minimum/maximum, lengths, patterns (fast-check's stringMatching), required and
// optional properties, nested objects and arrays, local $refs, unions and type lists — with the
// edges weighted up (empty, the bounds, very long, Unicode that combines and runs right-to-left,
// null where allowed). The generator, seeds and shrinking are fast-check's; this file only maps
// JSON Schema keywords onto its arbitraries. What it makes is not trusted to be valid: the fuzzer
// checks every input with the page's validator (Ajv) and skips the few it got wrong.
// `invalidArguments` makes inputs the schema refuses — sent only by the fuzzer with --invalid,
// never by the form.
import fc from 'fast-check';
import { isRecord, own } from '../mcp/guards.ts';

type Schema = Record<string, unknown>;
export type Args = Record<string, unknown>;

/** Past this depth of nesting (or of $refs followed), only what is required is made, and lists are empty. */
const MAX_DEPTH = 6;
/** Lists and free-form objects are kept short: the edges are in the values, not in the counts. */
const MAX_ITEMS = 8;
/** "Very long" for a string without a maxLength: past a 10,000-character buffer many servers assume. */
export const LONG_STRING = 10_001;

/** Strings a model sends that authors rarely try; each kept only where the schema's lengths allow it. */
const EDGE_STRINGS = [
  '',
  ' ',
  'e\u0301\u0301', // combining marks
  '\u202Eabc\u202C', // a right-to-left override
  'שלום עולם', // right-to-left text
  '👩🏽‍💻🇺🇳', // a ZWJ sequence and a flag
  '\u0000',
  'null',
  '../../etc/passwd',
  "'; DROP TABLE users; --",
  '%s%n{0}${x}',
];

const SAFE = Number.MAX_SAFE_INTEGER;
const number = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** A local $ref (#/$defs/x, #/definitions/x, #/properties/…): the schema it points at, or undefined. */
function resolveRef(root: Schema, ref: string): Schema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(1).split('/').filter(Boolean))
    node = isRecord(node) ? own(node, decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')) : undefined;
  return isRecord(node) ? node : undefined;
}

function typesOf(schema: Schema): string[] {
  const type = own(schema, 'type');
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((item): item is string => typeof item === 'string');
  // No type: what its keywords describe.
  if (isRecord(own(schema, 'properties')) || own(schema, 'required') !== undefined) return ['object'];
  if (own(schema, 'items') !== undefined || own(schema, 'prefixItems') !== undefined) return ['array'];
  if (['minLength', 'maxLength', 'pattern', 'format'].some((key) => own(schema, key) !== undefined)) return ['string'];
  if (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].some((key) => own(schema, key) !== undefined))
    return ['number'];
  return [];
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = number(own(schema, 'minLength')) ?? 0;
  const maxLength = number(own(schema, 'maxLength'));
  const fits = (text: string) => [...text].length >= minLength && (maxLength === undefined || [...text].length <= maxLength);
  const format = own(schema, 'format');
  const pattern = own(schema, 'pattern');
  const formats: Record<string, () => fc.Arbitrary<string>> = {
    email: () => fc.emailAddress(),
    uri: () => fc.webUrl(),
    url: () => fc.webUrl(),
    uuid: () => fc.uuid(),
    'date-time': () => fc.date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true }).map((date) => date.toISOString()),
    date: () =>
      fc.date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
    ipv4: () => fc.ipV4(),
    ipv6: () => fc.ipV6(),
    hostname: () => fc.domain(),
  };
  if (typeof format === 'string' && formats[format]) return formats[format]();
  if (typeof pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(pattern, 'u'), { size: 'small' });
    } catch {
      // A pattern JavaScript cannot compile: plain strings (the validator skips what it refuses).
    }
  }
  const long = maxLength ?? LONG_STRING;
  const edges = [...EDGE_STRINGS, 'x'.repeat(Math.max(minLength, Math.min(long, LONG_STRING))), 'x'.repeat(minLength)].filter(fits);
  const plain = fc.string({
    minLength,
    ...(maxLength !== undefined ? { maxLength: Math.min(maxLength, 200) } : { maxLength: 40 }),
    unit: 'grapheme',
  });
  return edges.length ? fc.oneof({ arbitrary: plain, weight: 3 }, { arbitrary: fc.constantFrom(...edges), weight: 2 }) : plain;
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMinimum = number(own(schema, 'exclusiveMinimum'));
  const exclusiveMaximum = number(own(schema, 'exclusiveMaximum'));
  let min = Math.max(
    number(own(schema, 'minimum')) ?? -SAFE,
    exclusiveMinimum !== undefined ? exclusiveMinimum + (integer ? 1 : 1e-9) : -SAFE,
  );
  let max = Math.min(
    number(own(schema, 'maximum')) ?? SAFE,
    exclusiveMaximum !== undefined ? exclusiveMaximum - (integer ? 1 : 1e-9) : SAFE,
  );
  if (integer) [min, max] = [Math.ceil(min), Math.floor(max)];
  if (min > max) return fc.constant(min);
  const multipleOf = number(own(schema, 'multipleOf'));
  // No constants here: fast-check's own bias already makes 0, the bounds, the largest safe values (and
  // tiny subnormals for doubles) often — and its shrinking walks to the boundary a bug sits on
  // (n > 1000 shrinks to 1001), which a list of constants would not.
  // A number may be whole: fast-check's doubles are spread by exponent (mostly tiny), its integers by
  // size (often huge) — half of each, so both ends come often, and both shrink toward 0.
  const double = fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  const hasWhole = Math.ceil(min) <= Math.floor(max);
  const ordinary = !hasWhole
    ? double
    : integer
      ? fc.integer({ min, max })
      : fc.oneof(double, fc.integer({ min: Math.ceil(min), max: Math.floor(max) }));
  return multipleOf ? ordinary.map((value) => Math.round(value / multipleOf) * multipleOf) : ordinary;
}

/** An arbitrary for values the schema accepts (as far as its keywords can be mapped). */
export function valueArbitrary(schema: unknown, root: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (schema === true || !isRecord(schema)) return fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
  const ref = own(schema, '$ref');
  if (typeof ref === 'string') {
    const target = resolveRef(root, ref);
    return target && depth < MAX_DEPTH ? valueArbitrary(target, root, depth + 1) : fc.constant(null);
  }
  if (own(schema, 'const') !== undefined) return fc.constant(own(schema, 'const'));
  const choices = own(schema, 'enum');
  if (Array.isArray(choices) && choices.length) return fc.constantFrom(...(choices as unknown[]));
  const union = own(schema, 'oneOf') ?? own(schema, 'anyOf');
  if (Array.isArray(union) && union.length) return fc.oneof(...union.map((branch) => valueArbitrary(branch, root, depth + 1)));
  const allOf = own(schema, 'allOf');
  if (Array.isArray(allOf) && allOf.length) return valueArbitrary(mergeAll(schema, allOf.filter(isRecord)), root, depth + 1);
  const types = typesOf(schema);
  const one = (type: string): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return stringArbitrary(schema);
      case 'integer':
      case 'number':
        return numberArbitrary(schema, type === 'integer');
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return arrayArbitrary(schema, root, depth);
      case 'object':
        return objectArbitrary(schema, root, depth);
      default:
        return fc.constant(null);
    }
  };
  if (!types.length) return fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null));
  return types.length === 1 ? one(types[0] ?? 'null') : fc.oneof(...types.map(one));
}

function mergeAll(schema: Schema, parts: Schema[]): Schema {
  const merged: Schema = { ...schema };
  delete merged.allOf;
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties' && isRecord(value))
        merged.properties = { ...(isRecord(merged.properties) ? merged.properties : {}), ...value };
      else if (key === 'required' && Array.isArray(value))
        merged.required = [...(Array.isArray(merged.required) ? (merged.required as unknown[]) : []), ...(value as unknown[])];
      else if (merged[key] === undefined) merged[key] = value;
    }
  }
  return merged;
}

function arrayArbitrary(schema: Schema, root: Schema, depth: number): fc.Arbitrary<unknown[]> {
  const minItems = number(own(schema, 'minItems')) ?? 0;
  const maxItems = depth >= MAX_DEPTH ? minItems : Math.max(minItems, Math.min(number(own(schema, 'maxItems')) ?? MAX_ITEMS, MAX_ITEMS));
  const prefix = own(schema, 'prefixItems');
  if (Array.isArray(prefix) && prefix.length) return fc.tuple(...prefix.map((item) => valueArbitrary(item, root, depth + 1)));
  const items = valueArbitrary(own(schema, 'items'), root, depth + 1);
  return own(schema, 'uniqueItems') === true
    ? fc.uniqueArray(items, { minLength: minItems, maxLength: maxItems, selector: (value) => JSON.stringify(value) })
    : fc.array(items, { minLength: minItems, maxLength: maxItems });
}

function objectArbitrary(schema: Schema, root: Schema, depth: number): fc.Arbitrary<Args> {
  const properties = isRecord(own(schema, 'properties')) ? (own(schema, 'properties') as Schema) : {};
  const required = (Array.isArray(own(schema, 'required')) ? (own(schema, 'required') as unknown[]) : []).filter(
    (key): key is string => typeof key === 'string',
  );
  const keys = [...new Set([...Object.keys(properties), ...required])].filter((key) => depth < MAX_DEPTH || required.includes(key));
  const model = Object.fromEntries(keys.map((key) => [key, valueArbitrary(properties[key] ?? {}, root, depth + 1)]));
  return fc.record(model, { requiredKeys: required.filter((key) => keys.includes(key)) });
}

/** Arguments the tool's inputSchema accepts (an object: a tool's arguments always are). */
export function argumentsArbitrary(inputSchema: unknown): fc.Arbitrary<Args> {
  const root = isRecord(inputSchema) ? inputSchema : {};
  const made = valueArbitrary({ type: 'object', ...root }, root);
  return made.map((value) => (isRecord(value) ? value : {}));
}

/** The ways an input can break its schema, each made from valid arguments. */
export type Mutation = 'wrong-type' | 'missing-required' | 'extra-property' | 'out-of-range';

const WRONG: Record<string, unknown> = {
  string: 12345,
  number: 'not a number',
  integer: 1.5,
  boolean: 'yes',
  array: { not: 'a list' },
  object: 'not an object',
  null: 0,
};

/** One mutation of valid arguments, picked by `pick`; the arguments unchanged when the schema gives it nothing to break. */
export function mutate(args: Args, inputSchema: unknown, pick: number): { args: Args; mutation: Mutation; what: string } | undefined {
  const schema = isRecord(inputSchema) ? inputSchema : {};
  const properties = isRecord(own(schema, 'properties')) ? (own(schema, 'properties') as Schema) : {};
  const required = (Array.isArray(own(schema, 'required')) ? (own(schema, 'required') as unknown[]) : []).filter(
    (key): key is string => typeof key === 'string',
  );
  const options: { mutation: Mutation; what: string; apply: () => Args }[] = [];
  for (const key of required) {
    options.push({
      mutation: 'missing-required',
      what: `without the required "${key}"`,
      apply: () => Object.fromEntries(Object.entries(args).filter(([name]) => name !== key)),
    });
  }
  for (const [key, property] of Object.entries(properties)) {
    const type = isRecord(property) ? typesOf(property)[0] : undefined;
    if (type && type in WRONG)
      options.push({ mutation: 'wrong-type', what: `"${key}" of the wrong type`, apply: () => ({ ...args, [key]: WRONG[type] }) });
    if (!isRecord(property)) continue;
    const maximum = number(own(property, 'maximum'));
    const minimum = number(own(property, 'minimum'));
    const maxLength = number(own(property, 'maxLength'));
    const choices = own(property, 'enum');
    if (maximum !== undefined)
      options.push({ mutation: 'out-of-range', what: `"${key}" above its maximum`, apply: () => ({ ...args, [key]: maximum + 1 }) });
    if (minimum !== undefined)
      options.push({ mutation: 'out-of-range', what: `"${key}" below its minimum`, apply: () => ({ ...args, [key]: minimum - 1 }) });
    if (maxLength !== undefined)
      options.push({
        mutation: 'out-of-range',
        what: `"${key}" longer than its maxLength`,
        apply: () => ({ ...args, [key]: 'x'.repeat(maxLength + 1) }),
      });
    if (Array.isArray(choices))
      options.push({ mutation: 'out-of-range', what: `"${key}" outside its enum`, apply: () => ({ ...args, [key]: '__not_in_enum__' }) });
  }
  if (own(schema, 'additionalProperties') === false)
    options.push({
      mutation: 'extra-property',
      what: 'with a property the schema does not allow',
      apply: () => ({ ...args, __toolscope_fuzz_extra: 1 }),
    });
  if (!options.length) return undefined;
  const chosen = options[pick % options.length];
  return chosen ? { args: chosen.apply(), mutation: chosen.mutation, what: chosen.what } : undefined;
}

/** Arguments the schema refuses: valid ones with one mutation applied (fast-check shrinks both). */
export function invalidArgumentsArbitrary(inputSchema: unknown): fc.Arbitrary<{ args: Args; what: string } | undefined> {
  return fc.tuple(argumentsArbitrary(inputSchema), fc.nat({ max: 1000 })).map(([args, pick]) => mutate(args, inputSchema, pick));
}
