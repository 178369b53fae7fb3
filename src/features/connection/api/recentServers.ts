// Servers this browser connected to lately (the start screen lists them), newest first. Only
// URLs the person opened are kept — no tokens, no header values, nothing a server sent.
import { readStored, writeStored } from '../../../web/storage.ts';
import { httpUrl } from '../../../lib/mcpServersFile.ts';
import { redactUrl } from '../../../lib/redactUrl.ts';

export interface RecentServer {
  url: string;
  /** When it was last connected (epoch ms). */
  at: number;
  /** Where it was found, when not typed ("the MCP Registry: io.github.x/y 1.2.0"). */
  from?: string;
}

const KEY = 'toolscope:recent-servers';
export const MAX_RECENT = 8;

function parseRecent(value: unknown): RecentServer[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((entry: unknown): RecentServer[] => {
    if (typeof entry !== 'object' || entry === null || !('url' in entry) || !('at' in entry)) return [];
    const url = httpUrl(entry.url);
    const from = 'from' in entry && typeof entry.from === 'string' ? entry.from.slice(0, 300) : undefined;
    return url && typeof entry.at === 'number' && Number.isFinite(entry.at) ? [{ url, at: entry.at, ...(from ? { from } : {}) }] : [];
  });
}

export const loadRecentServers = (): RecentServer[] => (readStored(KEY, parseRecent) ?? []).slice(0, MAX_RECENT);

/** A URL that carries a credential (user:pass@, ?api_key=…; redactUrl's rule) is not written down as a "recent server". */
const carriesCredentials = (url: string) => redactUrl(url).removed.length > 0;

/** Puts the server first (once), dropping the oldest beyond MAX_RECENT. */
export function rememberRecentServer(url: string, at = Date.now(), from?: string): RecentServer[] {
  const clean = httpUrl(url);
  if (!clean || carriesCredentials(clean)) return loadRecentServers();
  const before = loadRecentServers();
  // Where it was found stays known when it is opened again another way (from the recent list).
  const known = from ?? before.find((entry) => entry.url === clean)?.from;
  const next = [{ url: clean, at, ...(known ? { from: known } : {}) }, ...before.filter((entry) => entry.url !== clean)].slice(
    0,
    MAX_RECENT,
  );
  writeStored(KEY, next);
  return next;
}

export function forgetRecentServer(url: string): RecentServer[] {
  const next = loadRecentServers().filter((entry) => entry.url !== url);
  writeStored(KEY, next);
  return next;
}
