// The deep link's walk ahead of the app, off the main thread (walk.ts): the page
// starts the walk itself — a worker takes a moment to start — and hands it over here right after
// the first page, up yet or not (the message waits for it); from then on the app's loading and
// first renders on the main thread never hold a page back. Each request is announced as it
// leaves (Traffic shows it while it is awaited), and each exchange posted back as it ends, its
// body moved to the page, not copied (a JSON body as its bytes; a stream, an answer that is not
// JSON, unread). It closes itself at the walk's end.
import { walkAhead, type WalkFrom, type WalkMessage } from './walk.ts';

interface WorkerScope {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage: (message: WalkMessage | 'ready', transfer?: Transferable[]) => void;
  close: () => void;
}
const scope = self as unknown as WorkerScope;

const isFrom = (value: unknown): value is WalkFrom =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as WalkFrom).cursor === 'string' &&
  typeof (value as WalkFrom).index === 'number' &&
  Array.isArray((value as WalkFrom).seen);

let started = false;
scope.onmessage = (event) => {
  const { server, from } =
    typeof event.data === 'object' && event.data !== null ? (event.data as { server?: unknown; from?: unknown }) : {};
  if (started || typeof server !== 'string' || !isFrom(from)) return;
  started = true;
  void walkAhead(
    server,
    (message) => {
      const body = 'answer' in message ? message.answer.body : null;
      scope.postMessage(message, body instanceof ReadableStream || body instanceof ArrayBuffer ? [body] : []);
    },
    { from },
  )
    .catch(() => undefined)
    .finally(() => scope.close());
};
scope.postMessage('ready');
