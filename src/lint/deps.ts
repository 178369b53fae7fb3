// The heavy parts of a report (Ajv, the o200k tokenizer), in one module the app loads on demand.
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { checkDeps } from './checkDeps.ts';
import type { ReportDeps } from './report.ts';

export const reportDeps: ReportDeps = {
  ...checkDeps,
  tokenizer: { name: 'o200k_base via gpt-tokenizer', count: (text) => countTokens(text) },
};
