import { describe, expect, it } from 'vitest';
import { prepareFormSchema, remoteRef } from './formSchema.ts';
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
});
