// One worker that answers one message at a time within a time limit: an answer for another
// message is not taken for this one, a run past its limit ends the worker (work in a worker cannot
// be interrupted otherwise: a regex backtracking without end, a schema check of a hostile file),
// and a fresh one takes the next message. The worker is made by the caller, so that its
// `new Worker(new URL(…, import.meta.url))` stays where the bundler sees it.

export type WorkerAnswer<Reply> = { reply: Reply } | { timedOut: true } | { failed: 'unavailable' | 'start' | 'crash'; detail?: string };

export interface BoundedWorker<Message extends object, Reply> {
  /** Sends the message (with an id added) and waits for its answer, at most `limitMs`. */
  ask(message: Message, limitMs: number): Promise<WorkerAnswer<Reply>>;
}

/** `onStop`: the worker was ended (timed out or crashed); the next message goes to a fresh one. */
export function boundedWorker<Message extends object, Reply extends { id: number }>(
  create: () => Worker,
  onStop?: () => void,
): BoundedWorker<Message, Reply> {
  let worker: Worker | undefined;
  let nextId = 0;
  const stop = (running: Worker) => {
    running.terminate();
    if (worker !== running) return;
    worker = undefined;
    onStop?.();
  };
  return {
    ask(message, limitMs) {
      if (typeof Worker !== 'function') return Promise.resolve({ failed: 'unavailable' });
      try {
        worker ??= create();
      } catch (error) {
        return Promise.resolve({ failed: 'start', detail: String(error) });
      }
      const running = worker;
      const id = ++nextId;
      return new Promise((resolve) => {
        const done = (answer: WorkerAnswer<Reply>) => {
          clearTimeout(timer);
          running.removeEventListener('message', onMessage);
          running.removeEventListener('error', onError);
          resolve(answer);
        };
        const onMessage = (event: MessageEvent<Reply>) => {
          if (event.data.id === id) done({ reply: event.data });
        };
        const onError = () => {
          stop(running);
          done({ failed: 'crash' });
        };
        const timer = setTimeout(() => {
          stop(running);
          done({ timedOut: true });
        }, limitMs);
        running.addEventListener('message', onMessage);
        running.addEventListener('error', onError);
        running.postMessage({ ...message, id });
      });
    },
  };
}
