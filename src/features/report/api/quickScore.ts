// The report's score from the listing the workspace already holds (no request): for the chip in
// the top bar, exact — the report's own score. The o200k tokenizer is a 2 MB chunk, so the score
// is first worked out with UTF-8 byte counts, which a byte-level BPE's token counts never exceed:
// when those cross no threshold of the token rules, exact counts cannot change a finding. Only a
// listing with a tool near 500 tokens (or a list near 20,000) needs the exact counts, and those
// are counted off the page's thread (tokenCounter.ts).
import { checkDeps } from '../../../report/checkDeps.ts';
import { countedTexts } from '../../../report/collect.ts';

// The chip's reads and input come with it (one chunk, loaded when a listing is complete).
export { readForReport, reportInputOf } from '../../../report/collect.ts';
import type { Tokenizer } from '../../../report/promptCost.ts';
import type { Finding } from '../../../report/findings.ts';
import { belowTokenThresholds, buildReport, type ReportInput } from '../../../report/report.ts';

const utf8 = new TextEncoder();
/** An upper bound of any byte-level BPE's token count. */
export const byteCount = { name: 'UTF-8 bytes', count: (text: string) => utf8.encode(text).length };

export interface QuickScore {
  score: number;
  /** Whether exact token counts were needed (else UTF-8 bytes decided). */
  exactTokens: boolean;
  /** The findings behind the score (a token cost in them may be a byte count: see exactTokens). */
  findings: readonly Finding[];
}

export async function quickScore(input: ReportInput, exact: Tokenizer): Promise<QuickScore> {
  const bounded = buildReport(input, { ...checkDeps, tokenizer: byteCount });
  // A skill over its token threshold by bytes may be under it by tokens: only then are exact counts needed for skills.
  const skillsBelow = !bounded.findings.some((finding) => finding.rule === 'skill-token-cost' && finding.severity === 'warning');
  if (belowTokenThresholds(bounded.model) && skillsBelow) return { score: bounded.score, exactTokens: false, findings: bounded.findings };
  await exact.prepare?.(countedTexts(input));
  const report = buildReport(input, { ...checkDeps, tokenizer: exact });
  return { score: report.score, exactTokens: true, findings: report.findings };
}
