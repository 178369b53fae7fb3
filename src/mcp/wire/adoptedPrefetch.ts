// The deep link's prefetch as a connection takes it (the walk itself is src/prefetch/, which the
// protocol layer does not import): the discover verdict, and tools/list pages by cursor.
import { isRecord, own } from '../guards.ts';

/** What a connection takes from the prefetch: the discover result, and a page's JSON-RPC message by cursor ('' first). */
export interface AdoptedPrefetch {
  /** Waits `waitMs` at most: then it says it timed out. */
  discover: (waitMs: number) => Promise<{ result: unknown } | { timedOut: true }>;
  /** Undefined: the prefetch does not have that page (the connection asks); a promise of undefined: it has no usable answer. */
  page: (cursor: string) => Promise<unknown> | undefined;
  /** The connection is done with it: the walk stops, and what is still awaited is given up. */
  stop: () => void;
}

/**
 * A tools/list page the prefetch already has (its result), else undefined: then the page is asked
 * for. A listing called off (a disconnect, a reload of the list) stops waiting for the walk at
 * once, and stops the walk. (One signal serves the whole walk: its listener goes with each page.)
 */
export async function prefetchedPage(
  prefetched: AdoptedPrefetch | undefined,
  cursor: string,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  const pending = prefetched?.page(cursor);
  if (!pending) return undefined;
  let callOff = () => undefined as void;
  const calledOff = new Promise<undefined>((resolve) => (callOff = () => resolve(undefined)));
  if (signal?.aborted) callOff();
  else signal?.addEventListener('abort', callOff, { once: true });
  let body: unknown;
  try {
    body = await Promise.race([pending.catch(() => undefined), calledOff]);
  } finally {
    signal?.removeEventListener('abort', callOff);
  }
  if (signal?.aborted) prefetched?.stop();
  const result = isRecord(body) ? own(body, 'result') : undefined;
  return isRecord(result) ? result : undefined;
}
