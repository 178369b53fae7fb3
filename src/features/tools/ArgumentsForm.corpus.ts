// Real-world-style tool input schemas, as Pydantic/FastMCP, zod-to-json-schema, the Go and
// Python SDKs and OpenAPI converters emit them, plus pathological ones. `untouched` is the
// arguments object an untouched form must produce (declared defaults only, nothing else).
export interface CorpusCase {
  name: string;
  source: string;
  schema: Record<string, unknown>;
  untouched: Record<string, unknown>;
  /** Too deep or too big for a form: edited as JSON instead. */
  jsonOnly?: boolean;
}

const draft07 = 'http://json-schema.org/draft-07/schema#';
const obj = (properties: Record<string, unknown>, required: string[] = [], extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  required,
  ...extra,
});
const nested = (levels: number): Record<string, unknown> => (levels === 0 ? { type: 'string' } : obj({ child: nested(levels - 1) }));

export const CORPUS: CorpusCase[] = [
  { name: 'empty-strict', source: 'MCP recommendation', schema: { type: 'object', additionalProperties: false }, untouched: {} },
  { name: 'empty-loose', source: 'Go SDK', schema: { type: 'object' }, untouched: {} },
  {
    name: 'one-string',
    source: 'TypeScript SDK (zod)',
    schema: { $schema: draft07, ...obj({ message: { type: 'string', description: 'Message to echo' } }, ['message']) },
    untouched: {},
  },
  {
    name: 'numbers',
    source: 'zod-to-json-schema',
    schema: { $schema: draft07, ...obj({ a: { type: 'number' }, b: { type: 'number' } }, ['a', 'b'], { additionalProperties: false }) },
    untouched: {},
  },
  {
    name: 'integer-range-default',
    source: 'FastMCP',
    schema: obj(
      { query: { type: 'string', title: 'Query' }, limit: { type: 'integer', minimum: 1, maximum: 50, default: 10, title: 'Limit' } },
      ['query'],
    ),
    untouched: { limit: 10 },
  },
  {
    name: 'boolean-default',
    source: 'Python SDK',
    schema: obj({ verbose: { type: 'boolean', default: false, title: 'Verbose' } }),
    untouched: { verbose: false },
  },
  { name: 'enum', source: 'zod enum', schema: obj({ unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } }, ['unit']), untouched: {} },
  {
    name: 'enum-default',
    source: 'FastMCP Literal',
    schema: obj({ sort: { type: 'string', enum: ['asc', 'desc'], default: 'asc' } }),
    untouched: { sort: 'asc' },
  },
  {
    name: 'enum-behind-ref',
    source: 'Pydantic Enum',
    schema: {
      $defs: { Color: { type: 'string', enum: ['red', 'green'], title: 'Color' } },
      ...obj({ color: { $ref: '#/$defs/Color' } }, ['color']),
    },
    untouched: {},
  },
  {
    name: 'ref-definitions',
    source: 'zod-to-json-schema $refStrategy',
    schema: {
      $schema: draft07,
      definitions: { Address: obj({ street: { type: 'string' }, city: { type: 'string' } }, ['city']) },
      ...obj({ address: { $ref: '#/definitions/Address' } }),
    },
    untouched: {},
  },
  {
    name: 'pydantic-model',
    source: 'Pydantic v2',
    schema: {
      $defs: {
        Item: obj({ sku: { title: 'Sku', type: 'string' }, qty: { title: 'Qty', type: 'integer', default: 1 } }, ['sku'], {
          title: 'Item',
        }),
      },
      ...obj({ items: { type: 'array', items: { $ref: '#/$defs/Item' }, title: 'Items' } }, ['items'], { title: 'create_orderArguments' }),
    },
    untouched: {},
  },
  {
    name: 'nullable-type-array',
    source: 'Pydantic Optional[str]',
    schema: obj({ note: { type: ['string', 'null'], default: null, title: 'Note' } }),
    untouched: { note: null },
  },
  {
    name: 'nullable-anyof',
    source: 'Pydantic v2 Optional',
    schema: obj({ after: { anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }], default: null, title: 'After' } }),
    untouched: { after: null },
  },
  {
    name: 'nullable-ref-model-default-null',
    source: 'Pydantic Optional[Address] = None',
    schema: {
      $defs: {
        Address: obj({ street: { type: 'string', title: 'Street' }, city: { type: 'string', title: 'City' } }, ['street', 'city'], {
          title: 'Address',
        }),
      },
      ...obj(
        { name: { type: 'string', title: 'Name' }, address: { anyOf: [{ $ref: '#/$defs/Address' }, { type: 'null' }], default: null } },
        ['name'],
      ),
    },
    untouched: { address: null },
  },
  {
    name: 'nullable-ref-draft07-definitions',
    source: 'Pydantic v1 Optional[Model] = None',
    schema: {
      $schema: draft07,
      definitions: {
        Window: obj({ start: { type: 'string', format: 'date' }, end: { type: 'string', format: 'date' } }, ['start', 'end']),
      },
      ...obj({ window: { anyOf: [{ $ref: '#/definitions/Window' }, { type: 'null' }], default: null, title: 'Window' } }),
    },
    untouched: { window: null },
  },
  {
    name: 'nullable-inline-object-default-null',
    source: 'zod object().nullable().default(null)',
    schema: obj({ filter: { anyOf: [obj({ color: { type: 'string' } }, ['color']), { type: 'null' }], default: null } }),
    untouched: { filter: null },
  },
  {
    name: 'nullable-type-array-object-default-null',
    source: 'OpenAPI 3.1 nullable object',
    schema: obj({ paging: { type: ['object', 'null'], properties: { size: { type: 'integer' } }, required: ['size'], default: null } }),
    untouched: { paging: null },
  },
  {
    name: 'nullable-array-default-null',
    source: 'Pydantic Optional[list[str]] = None',
    schema: obj({ tags: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }], default: null, title: 'Tags' } }),
    untouched: { tags: null },
  },
  {
    name: 'nullable-ref-array-default-null',
    source: 'Pydantic Optional[list[Line]] = None',
    schema: {
      $defs: { Line: obj({ sku: { type: 'string' } }, ['sku']) },
      ...obj({ lines: { anyOf: [{ type: 'array', items: { $ref: '#/$defs/Line' } }, { type: 'null' }], default: null } }),
    },
    untouched: { lines: null },
  },
  {
    name: 'nullable-ref-enum-default-null',
    source: 'Pydantic Optional[Color] = None',
    schema: {
      $defs: { Color: { type: 'string', enum: ['red', 'green'], title: 'Color' } },
      ...obj({ color: { anyOf: [{ $ref: '#/$defs/Color' }, { type: 'null' }], default: null } }),
    },
    untouched: { color: null },
  },
  {
    name: 'optional-no-default',
    source: 'zod optional()',
    schema: obj({ q: { type: 'string' }, page: { type: 'integer' } }, ['q']),
    untouched: {},
  },
  {
    name: 'string-formats',
    source: 'OpenAPI converter',
    schema: obj({
      when: { type: 'string', format: 'date-time' },
      email: { type: 'string', format: 'email' },
      site: { type: 'string', format: 'uri' },
      id: { type: 'string', format: 'uuid' },
      day: { type: 'string', format: 'date' },
      at: { type: 'string', format: 'time' },
    }),
    untouched: {},
  },
  {
    name: 'string-constraints',
    source: 'zod string().min().max().regex()',
    schema: obj({ code: { type: 'string', minLength: 3, maxLength: 8, pattern: '^[A-Z]+$' } }, ['code']),
    untouched: {},
  },
  { name: 'array-of-strings', source: 'zod array', schema: obj({ tags: { type: 'array', items: { type: 'string' } } }), untouched: {} },
  {
    name: 'array-min-items',
    source: 'zod array().min(1)',
    schema: obj({ ids: { type: 'array', items: { type: 'integer' }, minItems: 1, uniqueItems: true } }),
    untouched: {},
  },
  {
    name: 'array-of-objects',
    source: 'Go SDK struct slice',
    schema: obj(
      { lines: { type: 'array', items: obj({ product: { type: 'string' }, quantity: { type: 'integer', minimum: 1 } }, ['product']) } },
      ['lines'],
    ),
    untouched: {},
  },
  {
    name: 'nested-object',
    source: 'Go SDK nested struct',
    schema: obj({ options: obj({ depth: { type: 'integer' }, follow: { type: 'boolean' } }) }),
    untouched: {},
  },
  {
    name: 'nested-defaults',
    source: 'FastMCP nested model',
    schema: obj({ paging: obj({ size: { type: 'integer', default: 20 }, offset: { type: 'integer', default: 0 } }) }),
    untouched: { paging: { size: 20, offset: 0 } },
  },
  {
    name: 'map-additional',
    source: 'zod record',
    schema: obj({ labels: { type: 'object', additionalProperties: { type: 'string' } } }),
    untouched: {},
  },
  {
    name: 'oneof-objects',
    source: 'zod discriminatedUnion',
    schema: obj(
      {
        target: {
          oneOf: [
            obj({ kind: { const: 'user' }, id: { type: 'string' } }, ['kind', 'id']),
            obj({ kind: { const: 'team' }, slug: { type: 'string' } }, ['kind', 'slug']),
          ],
        },
      },
      ['target'],
    ),
    untouched: {},
  },
  {
    name: 'anyof-primitives',
    source: 'Pydantic Union[int, str]',
    schema: obj({ key: { anyOf: [{ type: 'integer' }, { type: 'string' }], title: 'Key' } }, ['key']),
    untouched: {},
  },
  {
    name: 'oneof-consts',
    source: 'FastMCP titled Literal',
    schema: obj({
      level: {
        oneOf: [
          { const: 'low', title: 'Low' },
          { const: 'high', title: 'High' },
        ],
      },
    }),
    untouched: {},
  },
  {
    name: 'allof-merge',
    source: 'OpenAPI allOf',
    schema: obj({ filter: { allOf: [obj({ from: { type: 'string' } }), obj({ to: { type: 'string' } })] } }),
    untouched: {},
  },
  {
    name: 'tuple-prefix-items',
    source: 'zod tuple (2020-12)',
    schema: obj({ point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], minItems: 2, maxItems: 2 } }),
    untouched: {},
  },
  {
    name: 'tuple-draft07',
    source: 'zod-to-json-schema tuple',
    schema: { $schema: draft07, ...obj({ range: { type: 'array', items: [{ type: 'integer' }, { type: 'integer' }], minItems: 2 } }) },
    untouched: {},
  },
  {
    name: 'read-only-deprecated',
    source: 'OpenAPI',
    schema: obj({ id: { type: 'string', readOnly: true }, legacy: { type: 'string', deprecated: true } }),
    untouched: {},
  },
  {
    name: 'examples',
    source: 'FastMCP Field(examples=)',
    schema: obj({ city: { type: 'string', examples: ['Oslo', 'Lima'] } }),
    untouched: {},
  },
  {
    name: 'base64-file',
    source: 'MCP file upload',
    schema: obj({ file: { type: 'string', contentEncoding: 'base64', contentMediaType: 'image/png' } }),
    untouched: {},
  },
  {
    name: 'if-then-else',
    source: 'hand-written',
    schema: obj({ country: { type: 'string', default: 'US' }, zip: { type: 'string' } }, [], {
      if: obj({ country: { const: 'US' } }),
      then: { properties: { zip: { pattern: '^[0-9]{5}$' } } },
    }),
    untouched: { country: 'US' },
  },
  {
    name: 'dependent-required',
    source: 'hand-written',
    schema: obj({ card: { type: 'string' }, cvc: { type: 'string' } }, [], { dependentRequired: { card: ['cvc'] } }),
    untouched: {},
  },
  {
    name: 'multiple-of',
    source: 'OpenAPI',
    schema: obj({ amount: { type: 'number', multipleOf: 0.01, minimum: 0 } }, ['amount']),
    untouched: {},
  },
  { name: 'const-field', source: 'zod literal', schema: obj({ version: { const: 2, type: 'integer' } }), untouched: {} },
  {
    name: 'descriptions-everywhere',
    source: 'well-written server',
    schema: obj(
      {
        query: { type: 'string', title: 'Search query', description: 'Words to match in titles.' },
        max: { type: 'integer', title: 'Maximum results', description: '1–100.', minimum: 1, maximum: 100, default: 25 },
      },
      ['query'],
    ),
    untouched: { max: 25 },
  },
  {
    name: 'recursive-tree',
    source: 'Pydantic self-reference',
    schema: {
      $defs: {
        Node: obj({ name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } }, ['name'], { title: 'Node' }),
      },
      ...obj({ root: { $ref: '#/$defs/Node' } }),
    },
    untouched: {},
  },
  {
    name: 'recursive-tree-required',
    source: 'Pydantic self-reference, required',
    schema: {
      $defs: {
        Node: obj({ name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } }, ['name'], { title: 'Node' }),
      },
      ...obj({ root: { $ref: '#/$defs/Node' } }, ['root']),
    },
    // Opened at once (the user fills in its name); nodes below it are added on demand.
    untouched: { root: {} },
  },
  {
    name: 'recursive-required-self',
    source: 'a node that requires a node (only satisfiable by hand)',
    schema: {
      $defs: { Chain: obj({ next: { $ref: '#/$defs/Chain' } }, ['next']) },
      ...obj({ head: { $ref: '#/$defs/Chain' } }, ['head']),
    },
    untouched: { head: {} },
  },
  { name: 'thirty-deep', source: 'pathological', schema: obj({ root: nested(30) }), untouched: {} },
  {
    name: 'five-hundred-properties',
    source: 'pathological',
    schema: obj(Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`field_${index}`, { type: 'string' }]))),
    untouched: {},
  },
  { name: 'thousand-deep', source: 'pathological', schema: obj({ root: nested(1000) }), untouched: {}, jsonOnly: true },
  {
    name: 'remote-ref',
    source: 'pathological (never fetched)',
    schema: obj({ geo: { $ref: 'https://example.com/schemas/geo.json' }, label: { type: 'string' } }),
    untouched: {},
  },
  {
    name: 'pattern-properties-map',
    source: 'OpenAPI converter (headers map)',
    schema: obj({ headers: { type: 'object', patternProperties: { '^[A-Za-z-]+$': { type: 'string' } }, additionalProperties: false } }),
    untouched: {},
  },
  {
    name: 'pattern-properties-open',
    source: 'hand-written (env vars)',
    schema: obj({ env: { type: 'object', patternProperties: { '^[A-Z_]+$': { type: 'string' } }, title: 'Environment' } }),
    untouched: {},
  },
  {
    name: 'remote-ref-root',
    source: 'pathological (never fetched)',
    schema: { $ref: 'https://example.com/schemas/args.json' },
    untouched: {},
    jsonOnly: true,
  },
];
