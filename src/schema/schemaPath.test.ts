import { describe, expect, it } from 'vitest';
import { propertiesAt, schemaAt, valuesAt } from './schemaPath.ts';

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

  it('names the values a field may take: enum behind $ref, const titles, booleans, null, default, examples', () => {
    const values = {
      $defs: { Speed: { type: 'string', enum: ['standard', 'express'] } },
      type: 'object',
      properties: {
        speed: { $ref: '#/$defs/Speed', default: 'standard' },
        gift: { type: ['boolean', 'null'] },
        plan: {
          oneOf: [
            { const: 1, title: 'Monthly' },
            { const: 12, title: 'Yearly' },
          ],
        },
        note: { type: 'string', examples: ['leave at the door', { not: 'a primitive' }] },
        flags: { type: 'array', items: { enum: ['a', 'b'] } },
        nested: { type: 'object', default: { a: 1 } },
        huge: { enum: ['x'.repeat(5_000), 'ok'] },
      },
    };
    expect(valuesAt(values, ['speed'])).toEqual([
      { text: '"standard"', detail: 'enum' },
      { text: '"express"', detail: 'enum' },
    ]);
    expect(valuesAt(values, ['gift']).map((hint) => hint.text)).toEqual(['true', 'false', 'null']);
    expect(valuesAt(values, ['plan'])).toEqual([
      { text: '1', detail: 'Monthly' },
      { text: '12', detail: 'Yearly' },
    ]);
    expect(valuesAt(values, ['note'])).toEqual([{ text: '"leave at the door"', detail: 'example' }]);
    expect(valuesAt(values, ['flags', 4]).map((hint) => hint.text)).toEqual(['"a"', '"b"']);
    expect(valuesAt(values, ['nested'])).toEqual([]);
    expect(valuesAt(values, ['huge'])).toEqual([{ text: '"ok"', detail: 'enum' }]);
    expect(valuesAt(values, ['missing'])).toEqual([]);
  });
});
