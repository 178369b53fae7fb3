// The tool list as last seen, per server: what a reconnect is compared with.
import type { ToolSnapshot } from '../compare/toolListDiff.ts';
import { db, type SeenList, type StoredList } from './db.ts';

export type { SeenList };

function seenListOf(stored: StoredList | undefined): SeenList | undefined {
  if (!stored) return undefined;
  try {
    const tools: unknown = JSON.parse(stored.json);
    return Array.isArray(tools) ? { server: stored.server, at: stored.at, tools: tools as ToolSnapshot[] } : undefined;
  } catch {
    return undefined; // unreadable: as if never seen
  }
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
