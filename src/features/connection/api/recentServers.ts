// Servers this browser connected to lately (the start screen lists them), newest first. Only
// URLs the person opened are kept — no tokens, no header values — with what names the row: the
// server's name and protocol revision as it said them (shown as text, cut to a length) and the
// tool last open there (reopened with it).
import { readStored, writeStored } from '../../../web/storage.ts';
import { httpUrl } from '../../../lib/mcpServersFile.ts';
import { redactUrl } from '../../../lib/redactUrl.ts';

export interface RecentServer {
  url: string;
  /** When it was last connected (epoch ms). */
  at: number;
  /** Where it was found, when not typed ("the MCP Registry: io.github.x/y 1.2.0"). */
  from?: string;
  /** The server's title (else name) as it said it. */
  name?: string;
  /** The protocol revision it spoke ("2026-07-28"). */
  era?: string;
  /** The tool last open there. */
  tool?: string;
}

/** What the server said of itself, when connected (and the tool open, if one is). */
export type RecentFacts = Pick<RecentServer, 'name' | 'era' | 'tool'>;

const text = (value: unknown, max: number) => (typeof value === 'string' && value.trim() ? value.slice(0, max) : undefined);

const KEY = 'toolscope:recent-servers';
export const MAX_RECENT = 8;

function parseRecent(value: unknown): RecentServer[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((entry: unknown): RecentServer[] => {
    if (typeof entry !== 'object' || entry === null || !('url' in entry) || !('at' in entry)) return [];
    const url = httpUrl(entry.url);
    const read = entry as Record<string, unknown>;
    const facts = { from: text(read.from, 300), name: text(read.name, 120), era: text(read.era, 40), tool: text(read.tool, 200) };
    const known = Object.fromEntries(Object.entries(facts).filter(([, value]) => value !== undefined));
    return url && typeof entry.at === 'number' && Number.isFinite(entry.at) ? [{ url, at: entry.at, ...known }] : [];
  });
}

export const loadRecentServers = (): RecentServer[] => (readStored(KEY, parseRecent) ?? []).slice(0, MAX_RECENT);

/** A URL that carries a credential (user:pass@, ?api_key=…; redactUrl's rule) is not written down as a "recent server". */
const carriesCredentials = (url: string) => redactUrl(url).removed.length > 0;

/** Puts the server first (once), dropping the oldest beyond MAX_RECENT. */
export function rememberRecentServer(url: string, at = Date.now(), from?: string, facts: RecentFacts = {}): RecentServer[] {
  const clean = httpUrl(url);
  if (!clean || carriesCredentials(clean)) return loadRecentServers();
  const before = loadRecentServers();
  // Where it was found (and the tool last open) stays known when it is opened again another way.
  const earlier = before.find((entry) => entry.url === clean);
  const known = from ?? earlier?.from;
  const name = text(facts.name, 120) ?? earlier?.name;
  const era = text(facts.era, 40) ?? earlier?.era;
  const entry: RecentServer = {
    url: clean,
    at,
    ...(known ? { from: known } : {}),
    ...(name ? { name } : {}),
    ...(era ? { era } : {}),
    ...((facts.tool ?? earlier?.tool) ? { tool: (facts.tool ?? earlier?.tool ?? '').slice(0, 200) } : {}),
  };
  const next = [entry, ...before.filter((other) => other.url !== clean)].slice(0, MAX_RECENT);
  writeStored(KEY, next);
  return next;
}

/** Notes the tool open on a recent server (a server not in the list is not added). */
export function rememberRecentTool(url: string, tool: string | undefined): void {
  const before = loadRecentServers();
  const index = before.findIndex((entry) => entry.url === url);
  const entry = before[index];
  if (!entry || entry.tool === tool) return;
  const next = [...before];
  next[index] = { ...entry, ...(tool ? { tool: tool.slice(0, 200) } : { tool: undefined }) };
  writeStored(KEY, next);
}

export function forgetRecentServer(url: string): RecentServer[] {
  const next = loadRecentServers().filter((entry) => entry.url !== url);
  writeStored(KEY, next);
  return next;
}
