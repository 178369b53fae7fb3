// The one Ajv setup: what checks the arguments before a call, what checks structured content,
// and the argument form's own validator (RJSF) all build their Ajv from here, so no two of them
// can disagree about a schema.
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Dialect } from './dialect.ts';

export const AJV_OPTIONS = {
  allErrors: true,
  // Real-world schemas carry unknown keywords and loose shapes: report on data, not on them.
  strict: false,
  validateSchema: false,
  // Never keep a server's schema around between compiles (nor fetch one: no loadSchema is given).
  addUsedSchema: false,
  // A property named "constructor" must not match Object.prototype.constructor.
  ownProperties: true,
} as const;

export const AJV_CLASSES = { '2020-12': Ajv2020, 'draft-07': Ajv } satisfies Record<Dialect, typeof Ajv>;

export function createAjv(dialect: Dialect): Ajv {
  const ajv = new AJV_CLASSES[dialect](AJV_OPTIONS);
  addFormats(ajv);
  return ajv;
}
