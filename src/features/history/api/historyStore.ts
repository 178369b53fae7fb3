// Every call per server, in IndexedDB (across reloads): a small metadata record per call (listed,
// searched) and its result in a second store (read when replayed or compared). Bounded per
// server — 500 calls and 200 MB of results, oldest dropped — and results over 5 MB are kept
// truncated with their size. Secret-named arguments are never stored, nor the connection's own
// secrets (token, header values) anywhere in a call, nor token-shaped values in a result; and a
// server can be set to keep no results at all.
import { nextTask } from '../../../lib/idle.ts';
import { deleteDB, openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { storableResult, withoutKnownSecrets, withoutSecrets } from '../../../mcp/secrets.ts';
import type { ToolSnapshot } from '../../../compare/toolListDiff.ts';
import type { PendingTask } from '../../../mcp/tasks.ts';

export type { PendingTask };

export interface HistoryEntry {
  id: number;
  /** serverKey() of the endpoint. */
  server: string;
  tool: string;
  args: Record<string, unknown>;
  /** Argument paths left out because they looked like secrets. */
  droppedArgs: string[];
  outcome: 'ok' | 'tool-error' | 'failed';
  /** "3 blocks · structured", or the failure. */
  summary: string;
  durationMs: number;
  at: number;
  era: 'modern' | 'legacy';
  protocolVersion: string;
  resultBytes: number;
  truncated: boolean;
  /** False when the result was not kept ("Don't keep results for this server"). */
  resultKept?: boolean;
  /** 'app': the call came from an MCP App's frame. */
  origin?: 'app';
}

export type NewEntry = Omit<HistoryEntry, 'id' | 'droppedArgs' | 'resultBytes' | 'truncated' | 'resultKept'>;

/** What must not be kept: the connection's secret values; and whether results are kept at all. */
export interface Keeping {
  known: readonly string[];
  results: boolean;
}

const KEEP_ALL: Keeping = { known: [], results: true };

/** Arguments as kept: secret-named entries left out (and named), the connection's secrets replaced. */
function keptArgs(args: Record<string, unknown>, known: readonly string[]) {
  const safe = withoutSecrets(withoutKnownSecrets(args, known));
  return { args: safe.value as Record<string, unknown>, dropped: safe.dropped };
}

interface StoredResult {
  id: number;
  /** The result's JSON ('' for none), whole; or cut at 5 MB when the call is `truncated`. */
  json: string;
}

export interface SeenList {
  server: string;
  at: number;
  tools: ToolSnapshot[];
}

/**
 * As stored: the snapshots as one JSON string — cloning a string into IndexedDB is a copy, where
 * cloning 10,000 snapshot objects held the page for ~130 ms.
 */
interface StoredList {
  server: string;
  at: number;
  json: string;
}

function seenListOf(stored: StoredList | undefined): SeenList | undefined {
  if (!stored) return undefined;
  try {
    const tools: unknown = JSON.parse(stored.json);
    return Array.isArray(tools) ? { server: stored.server, at: stored.at, tools: tools as ToolSnapshot[] } : undefined;
  } catch {
    return undefined; // unreadable: as if never seen
  }
}

export interface SavedCall {
  id: number;
  server: string;
  name: string;
  tool: string;
  args: Record<string, unknown>;
  /** The result it was saved with: later runs are compared with it. */
  expected: unknown;
  savedAt: number;
  /** Imported from a file and not run from here yet: its first run asks first. */
  imported?: boolean;
}

/** Pending tasks kept per server; older ones are dropped. */
export const MAX_PENDING_TASKS = 50;
/** A task without a TTL is kept this long at most. */
export const UNLIMITED_TASK_KEPT_MS = 24 * 3_600_000;

interface HistoryDb extends DBSchema {
  /** Tasks started and not ended (task ids, tool, arguments, start), per server. */
  tasks: { key: string; value: PendingTask; indexes: { server: string } };
  /** Calls pinned with a name: a smoke test of the server, run all at once. */
  saved: { key: number; value: SavedCall; indexes: { server: string } };
  calls: { key: number; value: HistoryEntry; indexes: { server: string } };
  results: { key: number; value: StoredResult };
  /** The tool list as last seen, per server (what a reconnect is compared with). */
  lists: { key: string; value: StoredList };
}

export const MAX_CALLS = 500;
/** Saved calls per server, and the size of one saved call's expected result. */
export const MAX_SAVED = 200;
export const MAX_SAVED_RESULT_BYTES = 1024 * 1024;
export const MAX_BYTES = 200 * 1024 * 1024;
export const MAX_RESULT_BYTES = 5 * 1024 * 1024;

let database: Promise<IDBPDatabase<HistoryDb>> | undefined;

/**
 * The one upgrade step from the shapes versions ≤ 3 wrote: a result as the raw value (`result`)
 * or its cut text (`text`), a seen list as objects (`tools`) — rewritten as JSON text, so every
 * reader sees one shape.
 */
async function toJsonShapes(
  transaction: IDBPTransaction<HistoryDb, ('calls' | 'results' | 'lists' | 'saved' | 'tasks')[], 'versionchange'>,
) {
  for (let cursor = await transaction.objectStore('results').openCursor(); cursor; cursor = await cursor.continue()) {
    const old = cursor.value as { id: number; json?: string; result?: unknown; text?: string };
    if (typeof old.json === 'string') continue;
    const json = typeof old.text === 'string' ? old.text : old.result === undefined ? '' : JSON.stringify(old.result);
    await cursor.update({ id: old.id, json });
  }
  for (let cursor = await transaction.objectStore('lists').openCursor(); cursor; cursor = await cursor.continue()) {
    const old = cursor.value as { server: string; at: number; json?: string; tools?: unknown };
    if (typeof old.json === 'string') continue;
    await cursor.update({ server: old.server, at: old.at, json: JSON.stringify(old.tools ?? []) });
  }
}

function db() {
  database ??= openDB<HistoryDb>('toolscope-history', 5, {
    // By what exists, not by the old version number: a database some other code opened first
    // (at version 1, empty) still gets every store.
    upgrade(upgrading, oldVersion, _newVersion, transaction) {
      const has = (name: string) => upgrading.objectStoreNames.contains(name as never);
      if (!has('calls')) upgrading.createObjectStore('calls', { keyPath: 'id', autoIncrement: true }).createIndex('server', 'server');
      if (!has('results')) upgrading.createObjectStore('results', { keyPath: 'id' });
      if (!has('lists')) upgrading.createObjectStore('lists', { keyPath: 'server' });
      if (!has('saved')) upgrading.createObjectStore('saved', { keyPath: 'id', autoIncrement: true }).createIndex('server', 'server');
      if (!has('tasks')) upgrading.createObjectStore('tasks', { keyPath: 'key' }).createIndex('server', 'server');
      if (oldVersion > 0 && oldVersion < 4) void toJsonShapes(transaction);
    },
  });
  return database;
}

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
  const fields: Omit<HistoryEntry, 'id'> = {
    ...entry,
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

const taskKey = (server: string, taskId: string) => `${server} ${taskId}`;
const taskOver = (task: PendingTask, now: number) => now > task.createdAt + (task.ttlMs ?? UNLIMITED_TASK_KEPT_MS);

/** Keeps (or updates) a pending task; its arguments as History keeps them (secrets left out). Oldest dropped past the bound. */
export async function keepTask(task: Omit<PendingTask, 'key'>, known: readonly string[] = []): Promise<void> {
  const store = await db();
  const tx = store.transaction('tasks', 'readwrite');
  await tx.store.put({ ...task, key: taskKey(task.server, task.taskId), args: keptArgs(task.args, known).args });
  const mine = (await tx.store.index('server').getAll(task.server)).sort((a, b) => a.startedAt - b.startedAt);
  for (const old of mine.slice(0, Math.max(0, mine.length - MAX_PENDING_TASKS))) await tx.store.delete(old.key);
  await tx.done;
}

export async function dropTask(server: string, taskId: string): Promise<void> {
  await (await db()).delete('tasks', taskKey(server, taskId));
}

/** A server's pending tasks still within their TTL, oldest first; those past it are deleted. */
export async function pendingTasks(server: string, now = Date.now()): Promise<PendingTask[]> {
  const store = await db();
  const mine = await store.getAllFromIndex('tasks', 'server', server);
  const over = mine.filter((task) => taskOver(task, now));
  if (over.length) {
    const tx = store.transaction('tasks', 'readwrite');
    await Promise.all([...over.map((task) => tx.store.delete(task.key)), tx.done]);
  }
  return mine.filter((task) => !taskOver(task, now)).sort((a, b) => a.startedAt - b.startedAt);
}

export async function clearServer(server: string): Promise<void> {
  const store = await db();
  const ids = await store.getAllKeysFromIndex('calls', 'server', server);
  const tx = store.transaction(['calls', 'results'], 'readwrite');
  await Promise.all([...ids.flatMap((id) => [tx.objectStore('calls').delete(id), tx.objectStore('results').delete(id)]), tx.done]);
}

/**
 * Stores this list as the one last seen; returns the one seen before (if any) — or 'same' when it
 * was this very list, told by its stored text alone: reading back and comparing 10,000 unchanged
 * tools one by one held the page for ~150 ms just after a return visit's list was complete.
 */
export async function swapSeenList(server: string, tools: ToolSnapshot[]): Promise<SeenList | 'same' | undefined> {
  const store = await db();
  const previous = await store.get('lists', server);
  const json = JSON.stringify(tools);
  await store.put('lists', { server, at: Date.now(), json });
  return previous?.json === json ? 'same' : seenListOf(previous);
}

export async function listSaved(server: string): Promise<SavedCall[]> {
  return (await db()).getAllFromIndex('saved', 'server', server);
}

/** Why a call cannot be saved (a bound is reached): said to the person, nothing stored. */
export class SavedLimitError extends Error {}

export async function addSaved(call: Omit<SavedCall, 'id'>, known: readonly string[] = []): Promise<number> {
  const expected = call.expected === undefined ? undefined : storableResult(call.expected, known).value;
  const bytes = expected === undefined ? 0 : new TextEncoder().encode(JSON.stringify(expected)).length;
  if (bytes > MAX_SAVED_RESULT_BYTES)
    throw new SavedLimitError(
      `“${call.name.slice(0, 80)}” was not saved: its result is ${(bytes / 1048576).toFixed(1)} MB, and a saved call keeps at most 1 MB (it is compared whole on every run).`,
    );
  const store = await db();
  if ((await store.countFromIndex('saved', 'server', call.server)) >= MAX_SAVED)
    throw new SavedLimitError(
      `“${call.name.slice(0, 80)}” was not saved: this server already has ${MAX_SAVED} saved calls. Delete some first.`,
    );
  return store.add('saved', { ...call, args: keptArgs(call.args, known).args, expected } as SavedCall);
}

/** A saved call was sent from here: it is the person's now (no longer "imported, never run"). */
export async function markSavedRun(id: number): Promise<void> {
  const store = await db();
  const call = await store.get('saved', id);
  if (call?.imported) {
    delete call.imported;
    await store.put('saved', call);
  }
}

/** Everything kept about one server: its calls with their results, its saved calls, its last-seen list, its pending tasks. */
export async function forgetServerData(server: string): Promise<{ calls: number; saved: number }> {
  const store = await db();
  const calls = await store.getAllKeysFromIndex('calls', 'server', server);
  const saved = await store.getAllKeysFromIndex('saved', 'server', server);
  const tasks = await store.getAllKeysFromIndex('tasks', 'server', server);
  const tx = store.transaction(['calls', 'results', 'saved', 'lists', 'tasks'], 'readwrite');
  await Promise.all([
    ...calls.flatMap((id) => [tx.objectStore('calls').delete(id), tx.objectStore('results').delete(id)]),
    ...saved.map((id) => tx.objectStore('saved').delete(id)),
    ...tasks.map((key) => tx.objectStore('tasks').delete(key)),
    tx.objectStore('lists').delete(server),
    tx.done,
  ]);
  return { calls: calls.length, saved: saved.length };
}

/** Deletes the whole database (every server's calls, results, saved calls, lists). */
export async function deleteHistoryDatabase(): Promise<void> {
  const open = database;
  database = undefined;
  if (open) (await open.catch(() => undefined))?.close();
  await deleteDB('toolscope-history');
}

export async function deleteSaved(id: number): Promise<void> {
  await (await db()).delete('saved', id);
}
