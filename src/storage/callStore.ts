// Every call per server (across reloads): a small metadata record per call (listed, searched) and
// its result in a second store (read when replayed or compared). Bounded per server — 500 calls
// and 200 MB of results, oldest dropped — and results over 5 MB are kept truncated with their
// size. Secret-named arguments are never stored, nor the connection's own secrets (token, header
// values) anywhere in a call, nor token-shaped values in a result; and a server can be set to keep
// no results at all.
import { nextTask } from '../web/idle.ts';
import { storableResult, withoutKnownSecrets } from '../mcp/secrets.ts';
import { db, keptArgs, type HistoryEntry } from './db.ts';

export type { HistoryEntry };

export type NewEntry = Omit<HistoryEntry, 'id' | 'droppedArgs' | 'resultBytes' | 'truncated' | 'resultKept'>;

/** What must not be kept: the connection's secret values; and whether results are kept at all. */
export interface Keeping {
  known: readonly string[];
  results: boolean;
}

const KEEP_ALL: Keeping = { known: [], results: true };

export const MAX_CALLS = 500;
export const MAX_BYTES = 200 * 1024 * 1024;
export const MAX_RESULT_BYTES = 5 * 1024 * 1024;

/** Adds a call; returns it as stored, and how many old calls were dropped to stay within the bounds. */
export async function addEntry(
  entry: NewEntry,
  result: unknown,
  keeping: Keeping = KEEP_ALL,
): Promise<{ id: number; stored: HistoryEntry; dropped: number }> {
  // A 5 MB result costs tens of ms at each step (hiding secrets, the JSON text, its size): each on
  // a task of its own, so the page is never held for all of them at once.
  let json = '';
  if (result !== undefined && keeping.results) {
    const { value } = storableResult(result, keeping.known);
    await nextTask();
    json = JSON.stringify(value);
    await nextTask();
  }
  const bytes = new TextEncoder().encode(json).length;
  const truncated = bytes > MAX_RESULT_BYTES;
  const safe = keptArgs(entry.args, keeping.known);
  const store = await db();
  const tx = store.transaction(['calls', 'results'], 'readwrite');
  const calls = tx.objectStore('calls');
  const answers = entry.answers?.map((answered) =>
    answered.content ? { ...answered, content: keptArgs(answered.content, keeping.known).args as typeof answered.content } : answered,
  );
  const fields: Omit<HistoryEntry, 'id'> = {
    ...entry,
    ...(answers ? { answers } : {}),
    summary: withoutKnownSecrets(entry.summary, keeping.known) as string,
    args: safe.args,
    droppedArgs: safe.dropped,
    resultBytes: bytes,
    truncated,
    ...(keeping.results ? {} : { resultKept: false }),
  };
  const id = await calls.add(fields as HistoryEntry);
  // As a string: cloning a string into IndexedDB is a copy, cloning a 5 MB object graph held the
  // page ~80 ms.
  await tx.objectStore('results').put({ id, json: truncated ? json.slice(0, MAX_RESULT_BYTES) : json });
  // Oldest first (ids grow with time): drop until both bounds hold.
  const mine = await calls.index('server').getAll(entry.server);
  let total = mine.reduce((sum, call) => sum + call.resultBytes, 0);
  let count = mine.length;
  let dropped = 0;
  for (const old of mine) {
    if (count <= MAX_CALLS && total <= MAX_BYTES) break;
    if (old.id === id) continue;
    await calls.delete(old.id);
    await tx.objectStore('results').delete(old.id);
    count--;
    total -= old.resultBytes;
    dropped++;
  }
  await tx.done;
  return { id, stored: { ...fields, id }, dropped };
}

/** A server's calls, newest first. */
export async function listEntries(server: string): Promise<HistoryEntry[]> {
  const entries = await (await db()).getAllFromIndex('calls', 'server', server);
  return entries.reverse();
}

/** The stored result: the raw value, or the cut JSON text of a result over 5 MB. */
export async function readResult(id: number): Promise<{ id: number; result?: unknown; text?: string } | undefined> {
  const stored = await (await db()).get('results', id);
  if (!stored) return undefined;
  if (stored.json === '') return { id };
  try {
    return { id, result: JSON.parse(stored.json) as unknown };
  } catch {
    return { id, text: stored.json }; // cut at 5 MB, or damaged: shown as the text it is, never a crash
  }
}

export async function deleteEntry(id: number): Promise<void> {
  const tx = (await db()).transaction(['calls', 'results'], 'readwrite');
  await Promise.all([tx.objectStore('calls').delete(id), tx.objectStore('results').delete(id), tx.done]);
}

export async function clearServer(server: string): Promise<void> {
  const store = await db();
  const ids = await store.getAllKeysFromIndex('calls', 'server', server);
  const tx = store.transaction(['calls', 'results'], 'readwrite');
  await Promise.all([...ids.flatMap((id) => [tx.objectStore('calls').delete(id), tx.objectStore('results').delete(id)]), tx.done]);
}
