// The heavy parts of a report (Ajv, the o200k tokenizer) counting on this thread: the CLI's, and
// the page's only where a worker cannot run (the page counts in tokenCount.worker.ts).
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { checkDeps } from './checkDeps.ts';
import { O200K, boundedCount } from './promptCost.ts';
import type { ReportDeps } from './report.ts';

export const reportDeps: ReportDeps = {
  ...checkDeps,
  tokenizer: { name: O200K, count: boundedCount((text) => countTokens(text)) },
};
