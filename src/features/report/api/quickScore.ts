// The report's score from the listing the workspace already holds (no request): for the chip in
// the top bar. Loaded on demand with the report's heavy parts (Ajv, the tokenizer).
import { reportDeps } from '../../../lint/deps.ts';
import { buildReport, type ReportInput } from '../../../lint/report.ts';

export const quickScore = (input: ReportInput): number => buildReport(input, reportDeps).score;
