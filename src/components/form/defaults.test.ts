import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { cleanArguments } from '../../schema/argumentsDraft.ts';
import { prepareFormSchema } from '../../schema/formSchema.ts';
import { declaredDefaults, validatorFor } from './validators.ts';

const untouched = (schema: RJSFSchema) => cleanArguments(declaredDefaults(schema));

describe('the form validator', () => {
  it('reads prepared tuples as draft-07', () => {
    const prepared = prepareFormSchema({
      type: 'object',
      properties: { point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }] } },
    }) as RJSFSchema;
    expect(validatorFor(prepared).isValid(prepared, { point: [1, 2] }, prepared)).toBe(true);
    expect(validatorFor(prepared).isValid(prepared, { point: [1, 'x'] }, prepared)).toBe(false);
  });
});

describe('an untouched arguments form', () => {
  it('sends declared defaults and nothing else', () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: {
        query: { type: 'string' },
        limit: { type: 'integer', default: 10 },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
        filter: { type: 'object', properties: { color: { type: 'string' } } },
        paging: { type: 'object', properties: { size: { type: 'integer', default: 20 } } },
        note: { type: ['string', 'null'] },
      },
      required: ['query'],
    };
    expect(untouched(schema)).toEqual({ limit: 10, paging: { size: 20 } });
  });

  it('works for draft-07 schemas with $ref to definitions (Pydantic/FastMCP style)', () => {
    const schema: RJSFSchema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      definitions: { Unit: { type: 'string', enum: ['c', 'f'], default: 'c' } },
      properties: { city: { type: 'string' }, unit: { $ref: '#/definitions/Unit' } },
      required: ['city'],
    };
    expect(untouched(schema)).toEqual({ unit: 'c' });
  });

  it('keeps a nested optional model (anyOf [$ref, null], default null) null even when the model has its own null defaults', () => {
    // Pydantic: `address: Address | None = None` with `zip: str | None = None` inside Address.
    const schema: RJSFSchema = {
      type: 'object',
      $defs: {
        Address: {
          type: 'object',
          properties: { street: { type: 'string' }, zip: { anyOf: [{ type: 'string' }, { type: 'null' }], default: null } },
          required: ['street'],
        },
      },
      properties: {
        name: { type: 'string' },
        address: { anyOf: [{ $ref: '#/$defs/Address' }, { type: 'null' }], default: null },
      },
      required: ['name'],
    };
    expect(untouched(schema)).toEqual({ address: null });
  });
});
