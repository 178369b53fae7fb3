import { describe, expect, it } from 'vitest';
import { formUnsuitability, measureSchema } from './complexity.ts';

const nested = (levels: number) => {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let level = 0; level < levels; level++) schema = { type: 'object', properties: { next: schema } };
  return schema;
};

describe('schema complexity', () => {
  it('measures depth and size, bounded and cycle-safe', () => {
    expect(measureSchema({ type: 'object', properties: { a: { type: 'string' } } })).toEqual({ depth: 2, nodes: 3, truncated: false });
    const cyclic: Record<string, unknown> = { type: 'object' };
    cyclic.properties = { self: cyclic };
    expect(measureSchema(cyclic).truncated).toBe(false);
    expect(measureSchema(nested(1000)).truncated).toBe(true);
  });

  it('sends very deep or huge schemas to the JSON editor and keeps normal ones as forms', () => {
    expect(formUnsuitability(nested(30))).toBeUndefined();
    expect(formUnsuitability(nested(1000))).toContain('more than');
    const wide = { type: 'object', properties: Object.fromEntries(Array.from({ length: 6000 }, (_, i) => [`p${i}`, { type: 'string' }])) };
    expect(formUnsuitability(wide)).toContain('parts');
    const fiveHundred = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`p${i}`, { type: 'string' }])),
    };
    expect(formUnsuitability(fiveHundred)).toBeUndefined();
  });
});
