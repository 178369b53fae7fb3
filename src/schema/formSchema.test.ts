import { describe, expect, it } from 'vitest';
import { NULLABLE, RAW_REF, RECURSIVE, nullableAt, prepareFormSchema, remoteRef } from './formSchema.ts';
import { validateAgainst } from './validate.ts';

describe('prepareFormSchema', () => {
  it('turns prefixItems tuples into draft-07 items arrays, validated as draft-07', () => {
    const prepared = prepareFormSchema({
      type: 'object',
      properties: { point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false } },
    });
    expect(prepared).toMatchObject({
      $schema: 'http://json-schema.org/draft-07/schema#',
      properties: { point: { items: [{ type: 'number' }, { type: 'number' }], additionalItems: false } },
    });
    expect(validateAgainst(prepared, { point: [1, 2] })).toEqual({ status: 'valid' });
    expect(validateAgainst(prepared, { point: [1, 'x'] })).toMatchObject({ status: 'invalid' });
  });

  it('gives oneOf-of-const lists their type, leaves other schemas alone, and survives cycles', () => {
    expect(prepareFormSchema({ oneOf: [{ const: 'a', title: 'A' }, { const: 'b' }] })).toMatchObject({ type: 'string' });
    expect(prepareFormSchema({ anyOf: [{ const: 1 }, { const: 2 }] })).toMatchObject({ type: 'integer' });
    expect(prepareFormSchema({ type: 'object', properties: { a: { type: 'string' } } })).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
    });
    const cyclic: Record<string, unknown> = { type: 'object' };
    cyclic.properties = { self: cyclic };
    expect(() => prepareFormSchema(cyclic)).not.toThrow();
  });

  it('finds remote $refs and ignores local ones', () => {
    expect(remoteRef({ properties: { a: { $ref: '#/$defs/A' } } })).toBeUndefined();
    expect(remoteRef({ properties: { a: { $ref: 'https://x.test/a.json' } } })).toBe('https://x.test/a.json');
  });

  it('marks nullable fields: type arrays, anyOf [X, null] (X inline or behind $ref) become X plus the mark', () => {
    const prepared = prepareFormSchema({
      type: 'object',
      $defs: { Color: { type: 'string', enum: ['red', 'green'] } },
      properties: {
        note: { type: ['string', 'null'] },
        after: { anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }], default: null, title: 'After' },
        color: { anyOf: [{ $ref: '#/$defs/Color' }, { type: 'null' }], title: 'Color' },
        lines: { type: 'array', items: { type: 'object', properties: { memo: { oneOf: [{ type: 'null' }, { type: 'integer' }] } } } },
        either: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      },
    });
    expect(prepared.properties).toMatchObject({
      note: { type: ['string', 'null'], [NULLABLE]: true },
      after: { type: ['string', 'null'], format: 'date', default: null, title: 'After', [NULLABLE]: true },
      color: { $ref: '#/$defs/Color', title: 'Color', [NULLABLE]: true },
      either: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    });
    expect(nullableAt(prepared, ['color'])).toBe(true);
    expect(nullableAt(prepared, ['lines', 3, 'memo'])).toBe(true);
    expect(nullableAt(prepared, ['either'])).toBe(false);
    expect(nullableAt(prepared, ['missing'])).toBe(false);
  });

  it('turns a remote $ref into a raw JSON part, and marks references into recursive definitions', () => {
    const prepared = prepareFormSchema({
      type: 'object',
      $defs: {
        Node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } } },
        Leaf: { type: 'object', properties: { name: { type: 'string' } } },
      },
      properties: {
        geo: { $ref: 'https://example.com/geo.json', title: 'Geo' },
        tree: { $ref: '#/$defs/Node' },
        leaf: { $ref: '#/$defs/Leaf' },
        self: { $ref: '#' },
      },
    });
    expect(prepared.properties).toMatchObject({
      geo: { [RAW_REF]: 'https://example.com/geo.json', title: 'Geo' },
      tree: { $ref: '#/$defs/Node', [RECURSIVE]: true },
      self: { $ref: '#', [RECURSIVE]: true },
    });
    expect((prepared.properties as Record<string, Record<string, unknown>>).leaf?.[RECURSIVE]).toBeUndefined();
  });

  it('gives patternProperties maps a key–value editor (the original schema still checks keys)', () => {
    const prepared = prepareFormSchema({
      type: 'object',
      properties: {
        one: { type: 'object', patternProperties: { '^[a-z]+$': { type: 'integer' } }, additionalProperties: false },
        two: { type: 'object', patternProperties: { '^a': { type: 'string' }, '^b': { type: 'number' } } },
        open: { type: 'object', patternProperties: { '^x': { type: 'string' } }, additionalProperties: { type: 'boolean' } },
      },
    });
    expect(prepared.properties).toMatchObject({
      one: { additionalProperties: { type: 'integer' } },
      two: { additionalProperties: { anyOf: [{ type: 'string' }, { type: 'number' }] } },
      open: { additionalProperties: { type: 'boolean' } },
    });
  });
});
