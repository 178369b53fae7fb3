// Servers this browser connected to lately (the start screen lists them), newest first. Only
// URLs the person opened are kept — no tokens, no header values, nothing a server sent.
import { readStored, writeStored } from '../../../lib/storage.ts';
import { httpUrl } from '../../../lib/mcpServersFile.ts';
import { redactUrl } from '../../../lib/redactUrl.ts';

export interface RecentServer {
  url: string;
  /** When it was last connected (epoch ms). */
  at: number;
}

const KEY = 'toolscope:recent-servers';
export const MAX_RECENT = 8;

function parseRecent(value: unknown): RecentServer[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((entry: unknown): RecentServer[] => {
    if (typeof entry !== 'object' || entry === null || !('url' in entry) || !('at' in entry)) return [];
    const url = httpUrl(entry.url);
    return url && typeof entry.at === 'number' && Number.isFinite(entry.at) ? [{ url, at: entry.at }] : [];
  });
}

export const loadRecentServers = (): RecentServer[] => (readStored(KEY, parseRecent) ?? []).slice(0, MAX_RECENT);

/** A URL that carries a credential (user:pass@, ?api_key=…; redactUrl's rule) is not written down as a "recent server". */
const carriesCredentials = (url: string) => redactUrl(url).removed.length > 0;

/** Puts the server first (once), dropping the oldest beyond MAX_RECENT. */
export function rememberRecentServer(url: string, at = Date.now()): RecentServer[] {
  const clean = httpUrl(url);
  if (!clean || carriesCredentials(clean)) return loadRecentServers();
  const next = [{ url: clean, at }, ...loadRecentServers().filter((entry) => entry.url !== clean)].slice(0, MAX_RECENT);
  writeStored(KEY, next);
  return next;
}

export function forgetRecentServer(url: string): RecentServer[] {
  const next = loadRecentServers().filter((entry) => entry.url !== url);
  writeStored(KEY, next);
  return next;
}
