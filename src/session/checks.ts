// The argument checks run before every call (Ajv and the integer check), loaded on demand: the
// first screen does not carry them. A failed load is tried again, afresh, next time.
import { retryableImport } from '../lib/retryableImport.ts';
import type { CallChecks } from './callDecision.ts';

const loadValidate = retryableImport(() => import('../schema/validate.ts'));
const loadNumbers = retryableImport(() => import('../schema/numbers.ts'));

export async function loadCallChecks(): Promise<CallChecks & { schemaProblem: (schema: unknown) => string | undefined }> {
  const [validate, numbers] = await Promise.all([loadValidate(), loadNumbers()]);
  return {
    validateAgainst: validate.validateAgainst,
    schemaProblem: validate.schemaProblem,
    unsafeIntegers: (value) => numbers.unsafeIntegers(value),
  };
}
