// The heavy parts of a report (Ajv, the o200k tokenizer), in one module the app loads on demand.
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { schemaProblem, validateAgainst } from '../schema/validate.ts';
import type { ReportDeps } from './report.ts';

export const reportDeps: ReportDeps = {
  schemaProblem,
  validateOutput: (schema, value) => {
    const verdict = validateAgainst(schema, value);
    if (verdict.status === 'unusable-schema') return 'unusable';
    return verdict.status === 'valid' ? [] : verdict.issues.map((issue) => `${issue.path} ${issue.message}`);
  },
  tokenizer: { name: 'o200k_base via gpt-tokenizer', count: (text) => countTokens(text) },
};
