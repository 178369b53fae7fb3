// Calls pinned with a name, per server: a smoke test of the server, run all at once. Bounded:
// 200 per server, and 1 MB for one saved call's expected result.
import { storableResult } from '../mcp/secrets.ts';
import { db, keptArgs, type SavedCall } from './db.ts';

export type { SavedCall };

/** Saved calls per server, and the size of one saved call's expected result. */
export const MAX_SAVED = 200;
export const MAX_SAVED_RESULT_BYTES = 1024 * 1024;

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

export async function deleteSaved(id: number): Promise<void> {
  await (await db()).delete('saved', id);
}
