// Exact o200k counts for the page (the chip's score, the report, the model's view), in a worker of their own (tokenCount.worker.ts), started
// the first time a listing needs them and kept for the page. A worker that cannot start or breaks
// gives way to counting on this thread (the report's own code path), so the chip still shows.
import { retryableImport } from '../../../lib/retryableImport.ts';
import { O200K, type Tokenizer } from '../../../report/promptCost.ts';

const loadDeps = retryableImport(() => import('../../../report/deps.ts'));

/** Long enough for 10,000 tools on a slow machine (~3 s here); past it, this thread counts. */
const WORKER_ANSWER_MS = 60_000;

let worker: Worker | undefined;
let failed = false;
let nextId = 0;

async function inThread(texts: readonly string[]): Promise<number[]> {
  const { reportDeps } = await loadDeps();
  return texts.map((text) => reportDeps.tokenizer.count(text));
}

export function countTokensOffThread(texts: readonly string[]): Promise<number[]> {
  if (failed || typeof Worker !== 'function') return inThread(texts);
  try {
    worker ??= new Worker(new URL('./tokenCount.worker.ts', import.meta.url), { type: 'module', name: 'toolscope-tokens' });
  } catch {
    failed = true;
    return inThread(texts);
  }
  const running = worker;
  const id = ++nextId;
  return new Promise<number[]>((resolve) => {
    const done = (counts: number[] | undefined) => {
      clearTimeout(timer);
      running.removeEventListener('message', onMessage);
      running.removeEventListener('error', onError);
      running.removeEventListener('messageerror', onError);
      resolve(counts ?? inThread(texts));
    };
    const onMessage = (event: MessageEvent<{ id: number; counts: number[] }>) => {
      if (event.data.id === id) done(event.data.counts);
    };
    const onError = () => {
      failed = true;
      worker = undefined;
      running.terminate();
      done(undefined);
    };
    // A worker that never answers (its file stalled) must not leave the chip and the report waiting.
    const timer = setTimeout(onError, WORKER_ANSWER_MS);
    running.addEventListener('message', onMessage);
    running.addEventListener('error', onError);
    running.addEventListener('messageerror', onError);
    running.postMessage({ id, texts });
  });
}

const utf8 = new TextEncoder();

/**
 * The page's tokenizer: `prepare` counts the texts in the worker (each text once per page), and
 * `count` reads the answers — a text never prepared counts its UTF-8 bytes, an upper bound.
 */
export function workerTokenizer(count: (texts: readonly string[]) => Promise<number[]> = countTokensOffThread): Tokenizer {
  const counted = new Map<string, number>();
  return {
    name: O200K,
    count: (text) => counted.get(text) ?? utf8.encode(text).length,
    prepare: async (texts) => {
      const missing = [...new Set(texts.filter((text) => !counted.has(text)))];
      if (!missing.length) return;
      const counts = await count(missing);
      missing.forEach((text, index) => counted.set(text, counts[index] ?? utf8.encode(text).length));
    },
  };
}

/** One per page: a report made again counts only what changed. */
export const pageTokenizer = workerTokenizer();
