import { describe, expect, it } from 'vitest';
import { propertiesAt, schemaAt } from './schemaPath.ts';

const schema = {
  type: 'object',
  $defs: {
    Line: { type: 'object', properties: { sku: { type: 'string' }, qty: { type: 'integer' } }, required: ['sku'] },
    Node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } } },
  },
  properties: {
    lines: { type: 'array', items: { $ref: '#/$defs/Line' } },
    point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'object', properties: { label: { type: 'string' } } }] },
    tree: { $ref: '#/$defs/Node' },
    tags: { type: 'object', additionalProperties: { type: 'object', properties: { count: { type: 'integer' } } } },
    refund: {
      oneOf: [{ properties: { method: { const: 'card' }, last4: { type: 'string' } } }, { properties: { days: { type: 'integer' } } }],
    },
  },
  required: ['lines'],
};

describe('schema paths', () => {
  it('follows refs, items, tuples, maps and variant branches', () => {
    expect(propertiesAt(schema, [])).toEqual([
      { name: 'lines', detail: 'array, required' },
      { name: 'point', detail: 'array' },
      { name: 'tree', detail: 'object' },
      { name: 'tags', detail: 'object' },
      { name: 'refund' },
    ]);
    expect(propertiesAt(schema, ['lines', 3]).map((hint) => hint.name)).toEqual(['sku', 'qty']);
    expect(propertiesAt(schema, ['point', 1]).map((hint) => hint.name)).toEqual(['label']);
    expect(propertiesAt(schema, ['tree', 'children', 0, 'children', 2]).map((hint) => hint.name)).toEqual(['name', 'children']);
    expect(propertiesAt(schema, ['tags', '0']).map((hint) => hint.name)).toEqual(['count']);
    expect(propertiesAt(schema, ['refund']).map((hint) => hint.name)).toEqual(['method', 'last4', 'days']);
    expect(schemaAt(schema, ['nope'])).toBeUndefined();
  });
});
