// The one IndexedDB database of what Toolscope remembers per server (calls and their results,
// saved calls, the tool list last seen, pending tasks): its record shapes, the one opener and
// upgrade, and what spans every store (forgetting a server, deleting it all). Each store's
// reads and writes live in a module of their own (callStore, savedStore, listStore, taskStore).
import { deleteDB, openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { withoutKnownSecrets, withoutSecrets } from '../mcp/secrets.ts';
import type { ToolSnapshot } from '../compare/toolListDiff.ts';
import type { PendingTask } from '../mcp/tasks/tasks.ts';
import type { OutcomeKind } from '../session/outcome.ts';
import type { AnsweredQuestion } from '../mcp/elicitation.ts';
import type { Era } from '../mcp/era.ts';

export type { PendingTask };

export interface HistoryEntry {
  id: number;
  /** serverKey() of the endpoint. */
  server: string;
  tool: string;
  args: Record<string, unknown>;
  /** Argument paths left out because they looked like secrets. */
  droppedArgs: string[];
  /** The coarse outcome (what filters use); `outcomeKind` and `outcomeLabel` are the words shown. */
  outcome: 'ok' | 'tool-error' | 'failed';
  /** The outcome in the one vocabulary (src/session/outcome.ts); absent on calls recorded before it. */
  outcomeKind?: OutcomeKind;
  /** "Protocol error -32602", "Server stopped · exit 1". */
  outcomeLabel?: string;
  /** "3 blocks · structured", or the failure. */
  summary: string;
  durationMs: number;
  at: number;
  era: Era;
  protocolVersion: string;
  resultBytes: number;
  truncated: boolean;
  /** False when the result was not kept ("Don't keep results for this server"). */
  resultKept?: boolean;
  /**
   * 'prompt': a prompt's get (prompts/get: `tool` is the prompt's name, `args` its arguments);
   * 'load': a load test of `tool` with `args` (its summary is the stored result);
   * 'read': a resource's read (resources/read: `tool` is the URI read, `args` empty);
   * 'fuzz': a fuzz run of `tool` (`args`: its first finding's arguments; the run is the stored result); absent: a tool call.
   */
  kind?: 'prompt' | 'load' | 'read' | 'fuzz';
  /** 'app': the call came from an MCP App's frame. */
  origin?: 'app' | 'agent';
  /** The server's questions during the call and the answers given (secret-named fields left out). */
  answers?: AnsweredQuestion[];
}

export type NewEntry = Omit<HistoryEntry, 'id' | 'droppedArgs' | 'resultBytes' | 'truncated' | 'resultKept'>;

export interface StoredResult {
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
export interface StoredList {
  server: string;
  at: number;
  json: string;
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

export interface HistoryDb extends DBSchema {
  /** Tasks started and not ended (task ids, tool, arguments, start), per server. */
  tasks: { key: string; value: PendingTask; indexes: { server: string } };
  /** Calls pinned with a name: a smoke test of the server, run all at once. */
  saved: { key: number; value: SavedCall; indexes: { server: string } };
  calls: { key: number; value: HistoryEntry; indexes: { server: string } };
  results: { key: number; value: StoredResult };
  /** The tool list as last seen, per server (what a reconnect is compared with). */
  lists: { key: string; value: StoredList };
}

/** Arguments as kept: secret-named entries left out (and named), the connection's secrets replaced. */
export function keptArgs(args: Record<string, unknown>, known: readonly string[]) {
  const safe = withoutSecrets(withoutKnownSecrets(args, known));
  return { args: safe.value as Record<string, unknown>, dropped: safe.dropped };
}

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

export function db() {
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
