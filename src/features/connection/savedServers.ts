// Saved servers, and the `mcpServers` JSON that MCP hosts (Claude Desktop, Cursor, VS Code…)
// use to list them. Header values are secrets: saved only when the user opts in for that
// server, and exported only when they ask. stdio entries cannot be used from a browser and
// are reported, not dropped silently.
import { readStored, writeStored } from '../../lib/storage.ts';
import type { ConnectionPath } from './connectionPath.ts';

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
}

const KEY = 'toolscope:saved-servers';
const MAX_SERVERS = 200;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function stringRecord(value: unknown): Record<string, string> {
  if (!isObject(value)) return {};
  const out: Record<string, string> = {};
  for (const [name, header] of Object.entries(value)) if (typeof header === 'string') out[name] = header;
  return out;
}

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

/** Reads an `mcpServers` document (or a bare map of servers, as VS Code's `servers`). */
export function parseMcpServers(text: string): ImportResult | { error: string } {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return { error: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!isObject(document)) return { error: 'Expected a JSON object with an "mcpServers" map.' };
  const map = isObject(document.mcpServers) ? document.mcpServers : isObject(document.servers) ? document.servers : undefined;
  if (!map) return { error: 'No "mcpServers" (or "servers") map found.' };
  const result: ImportResult = { servers: [], skipped: [] };
  for (const [name, entry] of Object.entries(map).slice(0, MAX_SERVERS)) {
    if (!isObject(entry)) {
      result.skipped.push({ name, reason: 'not an object' });
      continue;
    }
    if (typeof entry.command === 'string' || entry.type === 'stdio') {
      result.skipped.push({ name, reason: 'a stdio server, a command to run — a browser can only reach servers over HTTP' });
      continue;
    }
    if (entry.type === 'sse') {
      result.skipped.push({ name, reason: 'the old HTTP+SSE transport; Toolscope speaks Streamable HTTP' });
      continue;
    }
    const url = httpUrl(entry.url ?? entry.serverUrl);
    if (!url) {
      result.skipped.push({ name, reason: 'no http(s) "url"' });
      continue;
    }
    // Values are kept only if the user asks (see mergeServers' keepSecrets).
    result.servers.push({ name, url, headers: stringRecord(entry.headers), keepSecrets: false });
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
