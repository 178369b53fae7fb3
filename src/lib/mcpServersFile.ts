import { errorMessage } from './errorMessage.ts';
// The `mcpServers` JSON that MCP hosts keep (Claude Desktop and Code, Cursor: "mcpServers";
// VS Code: "servers"), read into entries: an http server to connect to, a stdio command to
// run (only ever from the terminal: `npx toolscope --config FILE --server NAME`), or an entry
// that cannot be used, with why. Shared by the browser's import and the CLI.

export type HostEntry =
  | { name: string; kind: 'http'; url: string; headers: Record<string, string> }
  | { name: string; kind: 'stdio'; command: string; args: string[]; env: Record<string, string>; cwd?: string }
  | { name: string; kind: 'skipped'; reason: string };

export const MAX_ENTRIES = 200;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function stringRecord(value: unknown): Record<string, string> {
  if (!isObject(value)) return {};
  const out: Record<string, string> = {};
  for (const [name, item] of Object.entries(value)) if (typeof item === 'string') out[name] = item;
  return out;
}

function readEntry(name: string, entry: unknown): HostEntry {
  if (!isObject(entry)) return { name, kind: 'skipped', reason: 'not an object' };
  if (typeof entry.command === 'string' || entry.type === 'stdio') {
    if (typeof entry.command !== 'string' || !entry.command.trim())
      return { name, kind: 'skipped', reason: 'a stdio entry without a "command"' };
    const args = Array.isArray(entry.args) ? entry.args : [];
    if (!args.every((arg) => typeof arg === 'string')) return { name, kind: 'skipped', reason: '"args" must be a list of strings' };
    const cwd = typeof entry.cwd === 'string' && entry.cwd ? entry.cwd : undefined;
    return { name, kind: 'stdio', command: entry.command, args, env: stringRecord(entry.env), cwd };
  }
  if (entry.type === 'sse') return { name, kind: 'skipped', reason: 'the old HTTP+SSE transport; Toolscope speaks Streamable HTTP' };
  const url = httpUrl(entry.url ?? entry.serverUrl);
  if (!url) return { name, kind: 'skipped', reason: 'no http(s) "url"' };
  return { name, kind: 'http', url, headers: stringRecord(entry.headers) };
}

/** Reads an `mcpServers` document (or a bare map of servers, as VS Code's `servers`). */
export function readMcpServersFile(text: string): { entries: HostEntry[] } | { error: string } {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return { error: `Not valid JSON: ${errorMessage(error)}` };
  }
  if (!isObject(document)) return { error: 'Expected a JSON object with an "mcpServers" map.' };
  const map = isObject(document.mcpServers) ? document.mcpServers : isObject(document.servers) ? document.servers : undefined;
  if (!map) return { error: 'No "mcpServers" (or "servers") map found.' };
  return {
    entries: Object.entries(map)
      .slice(0, MAX_ENTRIES)
      .map(([name, entry]) => readEntry(name, entry)),
  };
}

/** A word as a POSIX shell reads it back unchanged. */
export function shellQuote(word: string): string {
  if (word !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The terminal command lines that open a stdio entry in Toolscope: through the config file (the
 * path is the person's to fill in) and spelled out (environment values left to the shell, since
 * they are often secrets).
 */
export function stdioCommandLines(entry: Extract<HostEntry, { kind: 'stdio' }>): { config: string; direct: string } {
  const options = [
    ...(entry.cwd ? ['--cwd', shellQuote(entry.cwd)] : []),
    ...Object.keys(entry.env).map((name) => `--env ${name}="$${name}"`),
  ];
  return {
    config: `npx toolscope --config <your-config.json> --server ${shellQuote(entry.name)}`,
    direct: ['npx toolscope', ...options, '--', ...[entry.command, ...entry.args].map(shellQuote)].join(' '),
  };
}
