// The report's score from the listing the workspace already holds (no request): for the chip in
// the top bar, exact — the report's own score. The o200k tokenizer is a 2 MB chunk, so the score
// is first worked out with UTF-8 byte counts, which a byte-level BPE's token counts never exceed:
// when those cross no threshold of the token rules, exact counts cannot change a finding. Only a
// listing with a tool near 500 tokens (or a list near 20,000) needs the exact counts, and those
// are counted off the page's thread (tokenCounter.ts).
import { checkDeps } from '../../../lint/checkDeps.ts';
import { modelView } from '../../../lint/promptCost.ts';
import { belowTokenThresholds, buildReport, type ReportInput } from '../../../lint/report.ts';
import { mergePages } from '../../../mcp/pageMerge.ts';

const utf8 = new TextEncoder();
/** An upper bound of any byte-level BPE's token count. */
export const byteCount = { name: 'UTF-8 bytes', count: (text: string) => utf8.encode(text).length };

/** How the exact counts are had (a worker in the browser). */
export type CountTokens = (texts: readonly string[]) => Promise<number[]>;

export async function quickScore(input: ReportInput, countTokens: CountTokens): Promise<{ score: number; exactTokens: boolean }> {
  const bounded = buildReport(input, { ...checkDeps, tokenizer: byteCount });
  if (belowTokenThresholds(bounded.model)) return { score: bounded.score, exactTokens: false };
  // The texts the model's view counts, counted exactly elsewhere, then read back by the report.
  const texts: string[] = [];
  modelView(mergePages(input.pages).tools, { name: '', count: (text) => texts.push(text) });
  const counts = await countTokens(texts);
  const exact = new Map(texts.map((text, index) => [text, counts[index] ?? byteCount.count(text)]));
  const tokenizer = { name: 'o200k_base via gpt-tokenizer', count: (text: string) => exact.get(text) ?? byteCount.count(text) };
  return { score: buildReport(input, { ...checkDeps, tokenizer }).score, exactTokens: true };
}
