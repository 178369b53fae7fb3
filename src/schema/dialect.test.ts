import { describe, expect, it } from 'vitest';
import { dialectNote, schemaDialect } from './dialect.ts';
import { validateAgainst } from './validate.ts';

describe('dialects', () => {
  it('says when a declared $schema is not checked as declared', () => {
    expect(dialectNote({ type: 'object' })).toBeUndefined();
    expect(dialectNote({ $schema: 'https://json-schema.org/draft/2020-12/schema' })).toBeUndefined();
    expect(dialectNote({ $schema: 'http://json-schema.org/draft-07/schema#' })).toBeUndefined();
    expect(dialectNote({ $schema: 'http://json-schema.org/draft-04/schema#' })).toContain('checked as draft-07');
    expect(dialectNote({ $schema: 'https://example.com/my-dialect' })).toContain('not a JSON Schema dialect Toolscope knows');
    expect(schemaDialect({ $schema: 'http://json-schema.org/draft-04/schema#' })).toBe('draft-07');
  });

  it('a draft-04 boolean exclusiveMinimum or an unknown type is an unusable schema, never a silent pass', () => {
    const draft04 = {
      $schema: 'http://json-schema.org/draft-04/schema#',
      type: 'object',
      properties: { amount: { type: 'number', minimum: 0, exclusiveMinimum: true } },
    };
    expect(validateAgainst(draft04, { amount: 1 })).toMatchObject({ status: 'unusable-schema' });
    expect(validateAgainst({ type: 'object', properties: { a: { type: 'strng' } } }, { a: 1 })).toMatchObject({
      status: 'unusable-schema',
    });
  });
});
