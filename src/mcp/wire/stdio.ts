// The page's side of the stdio bridge (server/stdio/): Toolscope's own server runs a stdio MCP
// server the terminal named and serves it at /stdio/mcp. The page learns the bridge's URL and
// per-launch token with the proxy's, sends the token in a header (never in a URL), reads the
// child's status and stderr as an event stream, and may only restart or stop it.
import { isRecord, optionalNumber, optionalString, own } from '../guards.ts';
import type { FetchLike } from '../recording/traffic.ts';

export const STDIO_TOKEN_HEADER = 'X-Toolscope-Stdio-Token';

export interface StdioSession {
  /** Absolute URL of the bridge's MCP endpoint. */
  url: string;
  token: string;
  /** The command line the terminal gave. */
  command: string;
}

export type ChildState =
  | { status: 'starting' | 'running'; pid?: number; startedAt: number }
  | { status: 'exited'; code: number | null; signal: string | null; exitedAt: number }
  | { status: 'failed'; error: string };

export interface StdioStatus {
  command: string;
  /** Which start of the child this is; it grows with each restart. */
  generation: number;
  state: ChildState;
  watching?: string;
  /** Where the child runs. */
  cwd?: string;
  /** The names in its environment (never the values). */
  envKeys?: string[];
}

export interface ConsoleLine {
  seq: number;
  time: number;
  source: 'stderr' | 'toolscope';
  text: string;
}

export function parseStdioSession(value: unknown, origin: string): StdioSession | undefined {
  if (!isRecord(value)) return undefined;
  const path = optionalString(own(value, 'path'));
  const token = optionalString(own(value, 'token'));
  const command = optionalString(own(value, 'command'));
  return path && token && command !== undefined ? { url: new URL(path, origin).href, token, command } : undefined;
}

/** Whether a server URL is this launch's stdio bridge. */
export const isBridge = (session: StdioSession | undefined, url: string) => session !== undefined && url === session.url;

/** Adds the bridge token to requests for the bridge, and to nothing else. */
export function stdioFetch(base: FetchLike, session: StdioSession): FetchLike {
  return (input, init) => {
    if (!String(input).startsWith(session.url)) return base(input, init);
    const headers = new Headers(init?.headers);
    headers.set(STDIO_TOKEN_HEADER, session.token);
    return base(input, { ...init, headers, credentials: 'same-origin' });
  };
}

function parseState(value: unknown): ChildState | undefined {
  if (!isRecord(value)) return undefined;
  const status = own(value, 'status');
  if (status === 'starting' || status === 'running')
    return { status, pid: optionalNumber(own(value, 'pid')), startedAt: optionalNumber(own(value, 'startedAt')) ?? 0 };
  if (status === 'exited') {
    const code = optionalNumber(own(value, 'code'));
    return {
      status,
      code: code ?? null,
      signal: optionalString(own(value, 'signal')) ?? null,
      exitedAt: optionalNumber(own(value, 'exitedAt')) ?? 0,
    };
  }
  if (status === 'failed') return { status, error: optionalString(own(value, 'error')) ?? 'unknown error' };
  return undefined;
}

export function parseStatus(value: unknown): StdioStatus | undefined {
  if (!isRecord(value)) return undefined;
  const state = parseState(own(value, 'state'));
  const command = optionalString(own(value, 'command'));
  if (!state || command === undefined) return undefined;
  const keys = own(value, 'envKeys');
  const envKeys = Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string').slice(0, 500) : undefined;
  return {
    command,
    state,
    generation: optionalNumber(own(value, 'generation')) ?? 0,
    watching: optionalString(own(value, 'watching')),
    cwd: optionalString(own(value, 'cwd')),
    ...(envKeys ? { envKeys } : {}),
  };
}

export function parseLine(value: unknown): ConsoleLine | undefined {
  if (!isRecord(value)) return undefined;
  const seq = optionalNumber(own(value, 'seq'));
  const text = optionalString(own(value, 'text'));
  if (seq === undefined || text === undefined) return undefined;
  return {
    seq,
    text,
    time: optionalNumber(own(value, 'time')) ?? 0,
    source: own(value, 'source') === 'toolscope' ? 'toolscope' : 'stderr',
  };
}

/** "exit 3", "killed by SIGTERM", "running (pid 1234)"… */
export function describeState(state: ChildState): string {
  switch (state.status) {
    case 'starting':
      return 'starting';
    case 'running':
      return `pid ${state.pid ?? '?'}`;
    case 'exited':
      return state.signal ? `killed by ${state.signal}` : `exit ${state.code ?? '?'}`;
    case 'failed':
      return `could not start: ${state.error}`;
  }
}

export type StdioEvent = { kind: 'status'; status: StdioStatus } | { kind: 'line'; line: ConsoleLine };

/**
 * Reads the bridge's status and console stream until it ends or `signal` aborts: the backlog
 * after line `after`, then live. Malformed events are skipped.
 */
export async function readStdioEvents(
  session: StdioSession,
  after: number,
  onEvent: (event: StdioEvent) => void,
  signal: AbortSignal,
  fetchImpl: FetchLike = (input, init) => globalThis.fetch(input, init),
): Promise<void> {
  const response = await fetchImpl(new URL(`/stdio/events?after=${after}`, session.url).href, {
    headers: { [STDIO_TOKEN_HEADER]: session.token, accept: 'text/event-stream' },
    credentials: 'same-origin',
    cache: 'no-store',
    signal,
  });
  if (!response.ok || !response.body) throw new Error(`The stdio console answered HTTP ${response.status}.`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!event || data === undefined) continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch {
        continue;
      }
      if (event === 'status') {
        const status = parseStatus(parsed);
        if (status) onEvent({ kind: 'status', status });
      } else if (event === 'line') {
        const line = parseLine(parsed);
        if (line) onEvent({ kind: 'line', line });
      }
    }
  }
}

/** Restart or stop the child (the only things the page may ask of it). */
export async function controlStdio(
  session: StdioSession,
  action: 'restart' | 'stop',
  fetchImpl: FetchLike = (input, init) => globalThis.fetch(input, init),
): Promise<StdioStatus | undefined> {
  const response = await fetchImpl(new URL(`/stdio/${action}`, session.url).href, {
    method: 'POST',
    headers: { [STDIO_TOKEN_HEADER]: session.token },
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`Toolscope's server refused to ${action} the stdio server (HTTP ${response.status}).`);
  return parseStatus(await response.json().catch(() => undefined));
}
