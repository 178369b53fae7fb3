// Saved servers, and the `mcpServers` JSON that MCP hosts (Claude Desktop, Cursor, VS Code…)
// use to list them. Header values are secrets: saved only when the user opts in for that
// server, and exported only when they ask. stdio entries are never run from a browser: the
// import shows the terminal command that opens each one.
import { readStored, writeStored } from '../../../web/storage.ts';
import type { ConnectionPath } from './connectionPath.ts';
import { MAX_ENTRIES, httpUrl, readMcpServersFile, stdioCommandLines, stringRecord } from '../../../lib/mcpServersFile.ts';

export interface SavedServer {
  name: string;
  url: string;
  /** Header names, with values only when `keepSecrets` is set. */
  headers: Record<string, string>;
  keepSecrets: boolean;
  path?: ConnectionPath;
}

export interface ImportResult {
  servers: SavedServer[];
  skipped: { name: string; reason: string }[];
  /** stdio entries: a browser never runs them; these terminal commands open them in Toolscope. */
  stdio: { name: string; config: string; direct: string }[];
}

const KEY = 'toolscope:saved-servers';
const MAX_SERVERS = MAX_ENTRIES;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseSaved(value: unknown): SavedServer[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((entry): SavedServer[] => {
    if (!isObject(entry) || typeof entry.name !== 'string') return [];
    const url = httpUrl(entry.url);
    if (!url) return [];
    const keepSecrets = entry.keepSecrets === true;
    const headers = stringRecord(entry.headers);
    const path = entry.path === 'proxy' || entry.path === 'direct' ? entry.path : undefined;
    return [{ name: entry.name, url, headers: keepSecrets ? headers : blankValues(headers), keepSecrets, path }];
  });
}

const blankValues = (headers: Record<string, string>) => Object.fromEntries(Object.keys(headers).map((name) => [name, '']));

export const loadSavedServers = (): SavedServer[] => readStored(KEY, parseSaved) ?? [];

/** Adds or replaces (by name) a server; values of headers are dropped unless kept on purpose. */
export function saveServer(server: SavedServer): SavedServer[] {
  const stored = { ...server, headers: server.keepSecrets ? server.headers : blankValues(server.headers) };
  const next = [...loadSavedServers().filter((entry) => entry.name !== server.name), stored].slice(-MAX_SERVERS);
  writeStored(KEY, next);
  return next;
}

export function removeServer(name: string): SavedServer[] {
  const next = loadSavedServers().filter((entry) => entry.name !== name);
  writeStored(KEY, next);
  return next;
}

export function mergeServers(imported: SavedServer[]): SavedServer[] {
  let next = loadSavedServers();
  for (const server of imported) {
    const stored = { ...server, headers: server.keepSecrets ? server.headers : blankValues(server.headers) };
    next = [...next.filter((entry) => entry.name !== server.name), stored];
  }
  next = next.slice(-MAX_SERVERS);
  writeStored(KEY, next);
  return next;
}

/** Reads an `mcpServers` document: http servers to save; stdio ones with the command line that opens them. */
export function parseMcpServers(text: string): ImportResult | { error: string } {
  const read = readMcpServersFile(text);
  if ('error' in read) return read;
  const result: ImportResult = { servers: [], skipped: [], stdio: [] };
  for (const entry of read.entries) {
    if (entry.kind === 'http') result.servers.push({ name: entry.name, url: entry.url, headers: entry.headers, keepSecrets: false });
    else if (entry.kind === 'stdio') result.stdio.push({ name: entry.name, ...stdioCommandLines(entry) });
    else result.skipped.push({ name: entry.name, reason: entry.reason });
  }
  return result;
}

/** The `mcpServers` JSON for these servers; header values only with `includeSecrets`. */
export function toMcpServers(servers: SavedServer[], includeSecrets: boolean): string {
  const mcpServers: Record<string, unknown> = {};
  for (const server of servers) {
    const headers = includeSecrets ? server.headers : blankValues(server.headers);
    mcpServers[server.name] = { type: 'http', url: server.url, ...(Object.keys(headers).length ? { headers } : {}) };
  }
  return JSON.stringify({ mcpServers }, null, 2);
}
