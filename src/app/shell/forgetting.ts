// Forgetting, for real: everything Toolscope keeps about one server, or everything it keeps at
// all. One place lists where things are kept, so a new store cannot be missed by one of the two.
import { deleteHistoryDatabase, forgetServerData } from '../../storage/db.ts';
import { forgetKnownServer } from '../../features/connection/api/knownServers.ts';
import { setPrefetchAllowed } from '../../prefetch/index.ts';
import { forgetRecentServer, loadRecentServers } from '../../features/connection/api/recentServers.ts';
import { loadSavedServers, removeServer } from '../../features/connection/api/serverList.ts';
import { forgetGrant } from '../../mcp/auth/grants.ts';
import { serverKey } from '../../lib/serverKey.ts';
import { browserStore } from '../../web/storage.ts';
import { forgetWorkspace } from '../workspace/workspaceMemory.ts';
import { redactUrl } from '../../lib/redactUrl.ts';
import { toasts } from '../../web/toasts.ts';
import type { Forgetting } from './ForgetDialogs.tsx';

/** What "Forget this server" deletes, in the words the confirmation uses. */
export const FORGET_SERVER_LIST = [
  'its calls in History, with their results',
  'its saved calls',
  'the tasks it is still following (ids, arguments)',
  'the tool list last seen',
  'its sign-in (OAuth tokens)',
  'its settings (era, proxy choice, call limits, “Don’t keep results”)',
  'its place in recent and saved servers',
];

/** Deletes every trace of this server in this browser; says how many calls and saved calls went. */
export async function forgetServer(url: string): Promise<{ calls: number; saved: number }> {
  const key = serverKey(url);
  const counts = await forgetServerData(key);
  forgetGrant(url);
  forgetKnownServer(url);
  setPrefetchAllowed(url, false);
  for (const recent of loadRecentServers()) if (serverKey(recent.url) === key) forgetRecentServer(recent.url);
  for (const saved of loadSavedServers()) if (serverKey(saved.url) === key) removeServer(saved.name);
  // Every per-server key (serverStorageKey: `toolscope:<kind>:<serverKey>`).
  for (const name of browserStore.keys()) if (name.startsWith('toolscope:') && name.endsWith(`:${key}`)) browserStore.remove(name);
  forgetWorkspace(url);
  return counts;
}

/** Every key and database Toolscope writes in this browser, for every server; then a fresh page. */
export async function clearAllData(): Promise<void> {
  await deleteHistoryDatabase();
  for (const name of browserStore.keys()) if (name.startsWith('toolscope')) browserStore.remove(name);
  try {
    for (const name of Object.keys(window.sessionStorage)) if (name.startsWith('toolscope')) window.sessionStorage.removeItem(name);
  } catch {
    // no session storage: nothing kept there
  }
}

/**
 * "Forget": disconnects first (nothing more is written), then deletes; "all" starts a fresh page,
 * one server is said in a toast with what went.
 */
export async function forgetAndSay(what: Forgetting, disconnect: () => void, clearQueries: () => void): Promise<void> {
  disconnect();
  if (what.kind === 'all') {
    await clearAllData();
    window.location.replace(window.location.pathname);
    return;
  }
  const { calls, saved } = await forgetServer(what.url);
  clearQueries();
  window.history.replaceState(null, '', window.location.pathname);
  toasts.show({
    title: `Forgot ${redactUrl(what.url).url}: ${calls} ${calls === 1 ? 'call' : 'calls'}, ${saved} saved, its sign-in and settings.`,
    notes: [],
  });
}
