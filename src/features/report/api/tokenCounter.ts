// Exact o200k counts for the chip's score, in a worker of their own (tokenCount.worker.ts), started
// the first time a listing needs them and kept for the page. A worker that cannot start or breaks
// gives way to counting on this thread (the report's own code path), so the chip still shows.
import { retryableImport } from '../../../lib/retryableImport.ts';

const loadDeps = retryableImport(() => import('../../../lint/deps.ts'));

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
      running.removeEventListener('message', onMessage);
      running.removeEventListener('error', onError);
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
    running.addEventListener('message', onMessage);
    running.addEventListener('error', onError);
    running.postMessage({ id, texts });
  });
}
