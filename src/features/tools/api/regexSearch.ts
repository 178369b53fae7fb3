// Runs the regex tool search in a worker with a time limit: a pattern that backtracks without end
// (nested quantifiers) is stopped — the worker is ended and a fresh one starts on the next pattern —
// and said as such, instead of freezing the page. Claude's regex variant (Python re) has the same
// weakness; a pattern that takes this long here would take as long there.
import type { RankedTool } from '../../../report/toolSearch.ts';
import type { McpTool } from '../../../mcp/tools.ts';
import { boundedWorker } from '../../../web/boundedWorker.ts';

/** Past this, the pattern is taken to backtrack without end. */
export const REGEX_LIMIT_MS = 1000;

export type RegexAnswer = { ranked: RankedTool[] } | { timedOut: true } | { unavailable: string };

/** The tool list the running worker holds (sent again only when it changes, or to a new worker). */
let sentTools: readonly McpTool[] | undefined;
const searcher = boundedWorker<{ pattern: string; tools?: McpTool[] }, { id: number; ranked: RankedTool[] }>(
  () => new Worker(new URL('./regexSearch.worker.ts', import.meta.url), { type: 'module', name: 'toolscope-regex' }),
  () => (sentTools = undefined),
);

export async function rankRegexOffThread(tools: readonly McpTool[], pattern: string, limitMs = REGEX_LIMIT_MS): Promise<RegexAnswer> {
  const message = sentTools === tools ? { pattern } : { pattern, tools: [...tools] };
  sentTools = tools;
  const answer = await searcher.ask(message, limitMs);
  if ('reply' in answer) return { ranked: answer.reply.ranked };
  // A regex cannot be interrupted: the worker running it was ended.
  if ('timedOut' in answer) return { timedOut: true };
  if (answer.failed === 'unavailable') return { unavailable: 'This browser cannot run the search in a worker.' };
  if (answer.failed === 'start') return { unavailable: `The search worker could not start (${answer.detail ?? ''}).` };
  return { unavailable: 'The search worker failed.' };
}
