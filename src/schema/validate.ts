// Validation that reports instead of throwing: structuredContent against outputSchema, with
// the validator matching the schema's dialect. Remote $refs are never fetched (Ajv does not
// load schemas unless given loadSchema, which we never pass).
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from './ajvSetup.ts';
import { dialectNote, schemaDialect, type Dialect } from './dialect.ts';
import { errorMessage } from '../lib/errorMessage.ts';

export interface SchemaIssue {
  path: string;
  message: string;
}

export type Verdict = { status: 'valid' } | { status: 'invalid'; issues: SchemaIssue[] } | { status: 'unusable-schema'; reason: string };

const instances: Partial<Record<Dialect, Ajv>> = {};
const compiled = new WeakMap<object, ValidateFunction>();

export function ajvFor(dialect: Dialect): Ajv {
  return (instances[dialect] ??= createAjv(dialect));
}

const kindOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;

/** The value at a JSON Pointer (`/products/0/price`), if any. */
function at(root: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>(
      (node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined),
      root,
    );
}

/** Ajv's errors as issues at paths; given the value, a wrong type also says what it got ("must be number, got string"). */
export function toIssues(errors: readonly ErrorObject[] | null | undefined, value?: unknown): SchemaIssue[] {
  return (errors ?? []).map((error) => ({
    path: error.instancePath || '(root)',
    message:
      error.keyword === 'additionalProperties'
        ? `has unexpected property "${String(error.params.additionalProperty)}"`
        : error.keyword === 'type' && value !== undefined
          ? `${error.message ?? 'has the wrong type'}, got ${kindOf(at(value, error.instancePath))}`
          : (error.message ?? 'is invalid'),
  }));
}

export function validateAgainst(schema: unknown, value: unknown): Verdict {
  if (typeof schema !== 'object' || schema === null) return { status: 'unusable-schema', reason: 'The schema is not an object.' };
  let validate = compiled.get(schema);
  if (!validate) {
    try {
      validate = ajvFor(schemaDialect(schema)).compile(schema);
    } catch (error) {
      return {
        status: 'unusable-schema',
        reason: `The schema cannot be compiled: ${errorMessage(error)}`,
      };
    }
    compiled.set(schema, validate);
  }
  return validate(value) ? { status: 'valid' } : { status: 'invalid', issues: toIssues(validate.errors, value) };
}

/**
 * Why arguments for this schema cannot be fully checked before sending (it does not compile, or
 * declares a dialect Toolscope checks as another); undefined when they can. Compiles once.
 */
export function schemaProblem(schema: unknown): string | undefined {
  const verdict = validateAgainst(schema, {});
  const notes = [verdict.status === 'unusable-schema' ? verdict.reason : undefined, dialectNote(schema)].filter(Boolean);
  return notes.length ? notes.join(' ') : undefined;
}

/** What is wrong with a value for a schema, one line per issue ("/quantity must be number, got string"); none when valid or the schema cannot check it. */
export function schemaIssues(schema: unknown, value: unknown): string[] {
  const verdict = validateAgainst(schema, value);
  return verdict.status === 'invalid' ? verdict.issues.map((issue) => `${issue.path} ${issue.message}`) : [];
}
