// The schema checks a report needs (Ajv), without the tokenizer: for a score that may not need it.
import { schemaProblem, validateAgainst } from '../schema/validate.ts';
import { outputValidator } from './callRules.ts';
import type { ReportDeps } from './report.ts';

export const checkDeps: Omit<ReportDeps, 'tokenizer'> = { schemaProblem, validateOutput: outputValidator(validateAgainst) };
