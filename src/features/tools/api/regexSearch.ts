// Runs the regex tool search in a worker with a time limit: a pattern that backtracks without end
// (nested quantifiers) is stopped — the worker is ended and a fresh one starts on the next pattern —
// and said as such, instead of freezing the page. Claude's regex variant (Python re) has the same
// weakness; a pattern that takes this long here would take as long there.
import type { RankedTool } from '../../../lint/toolSearch.ts';
import type { McpTool } from '../../../mcp/tools.ts';

/** Past this, the pattern is taken to backtrack without end. */
export const REGEX_LIMIT_MS = 1000;

export type RegexAnswer = { ranked: RankedTool[] } | { timedOut: true } | { unavailable: string };

let worker: Worker | undefined;
/** The tool list the running worker holds (sent again only when it changes, or to a new worker). */
let sentTools: readonly McpTool[] | undefined;
let nextId = 0;

function stop() {
  worker?.terminate();
  worker = undefined;
  sentTools = undefined;
}

export function rankRegexOffThread(tools: readonly McpTool[], pattern: string, limitMs = REGEX_LIMIT_MS): Promise<RegexAnswer> {
  if (typeof Worker !== 'function') return Promise.resolve({ unavailable: 'This browser cannot run the search in a worker.' });
  try {
    worker ??= new Worker(new URL('./regexSearch.worker.ts', import.meta.url), { type: 'module', name: 'toolscope-regex' });
  } catch (error) {
    return Promise.resolve({ unavailable: `The search worker could not start (${String(error)}).` });
  }
  const running = worker;
  const id = ++nextId;
  const message = sentTools === tools ? { id, pattern } : { id, pattern, tools: [...tools] };
  sentTools = tools;
  return new Promise<RegexAnswer>((resolve) => {
    const done = (answer: RegexAnswer) => {
      clearTimeout(timer);
      running.removeEventListener('message', onMessage);
      running.removeEventListener('error', onError);
      resolve(answer);
    };
    const onMessage = (event: MessageEvent<{ id: number; ranked: RankedTool[] }>) => {
      if (event.data.id === id) done({ ranked: event.data.ranked });
    };
    const onError = () => {
      stop();
      done({ unavailable: 'The search worker failed.' });
    };
    const timer = setTimeout(() => {
      // A regex cannot be interrupted: the worker running it is ended.
      if (worker === running) stop();
      else running.terminate();
      done({ timedOut: true });
    }, limitMs);
    running.addEventListener('message', onMessage);
    running.addEventListener('error', onError);
    running.postMessage(message);
  });
}
