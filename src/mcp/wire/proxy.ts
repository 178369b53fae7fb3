// The page's side of Toolscope's loopback proxy (server/proxy.ts): every request goes to the
// proxy on our own origin, naming its real target in a header; the proxy's own refusals come
// back as errors that say what happened, not as an HTTP status of the target.
import { ProxyError } from '../errors.ts';
import type { FetchLike } from '../recording/traffic.ts';
import { parseStdioSession, type StdioSession } from './stdio.ts';

export { ProxyError };

export const PROXY_TOKEN_HEADER = 'X-Toolscope-Proxy-Token';
export const PROXY_TARGET_HEADER = 'X-Toolscope-Target';
const PROXY_ERROR_HEADER = 'x-toolscope-proxy-error';

export interface ProxySession {
  token: string;
  /** Absolute URL of the proxy endpoint. */
  url: string;
  /** The stdio server this launch of Toolscope runs, when the terminal gave one. */
  stdio?: StdioSession;
  /** The MCP Apps sandbox origin (another loopback port), when it runs. */
  sandbox?: string;
  /** Servers the launch's config opens beside the first (`toolscope --config FILE`), with their entries' headers. */
  launch?: LaunchServer[];
}

export interface LaunchServer {
  url: string;
  headers: Record<string, string>;
}

/** At most this many servers a launch opens at once (the page's server set is bounded alike). */
const MAX_LAUNCH = 12;

/** The launch's servers: http(s) URLs with string headers, nothing else. */
function parseLaunch(value: unknown): LaunchServer[] {
  if (!Array.isArray(value)) return [];
  return (value as unknown[]).slice(0, MAX_LAUNCH).flatMap((item): LaunchServer[] => {
    if (typeof item !== 'object' || item === null || !('url' in item) || typeof item.url !== 'string' || !/^https?:\/\//i.test(item.url))
      return [];
    const raw: object = 'headers' in item && typeof item.headers === 'object' && item.headers !== null ? item.headers : {};
    const headers = Object.fromEntries(Object.entries(raw).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    return [{ url: item.url, headers }];
  });
}

/** A sandbox origin: http on a loopback address with a port, and nothing else (never this page's own origin). */
function parseSandbox(value: unknown, origin: string): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    const loopback = url.protocol === 'http:' && /^(127\.0\.0\.1|localhost|\[::1\])$/.test(url.hostname) && url.port !== '';
    return loopback && url.origin === value && url.origin !== new URL(origin).origin ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Asks Toolscope's own server for the proxy token; undefined when there is no proxy. */
export async function fetchProxySession(
  origin: string,
  fetchImpl: FetchLike = (input, init) => globalThis.fetch(input, init),
): Promise<ProxySession | undefined> {
  try {
    // Bounded: a static host without our server must not hold up deep links.
    const response = await fetchImpl(new URL('/proxy/session', origin).href, {
      credentials: 'same-origin',
      cache: 'no-store',
      signal: AbortSignal.timeout(3000),
    });
    if (!response.ok) return undefined;
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null || !('token' in body) || typeof body.token !== 'string') return undefined;
    const path = 'path' in body && typeof body.path === 'string' ? body.path : '/proxy';
    const stdio = 'stdio' in body ? parseStdioSession(body.stdio, origin) : undefined;
    const sandbox = 'sandbox' in body ? parseSandbox(body.sandbox, origin) : undefined;
    const launch = 'launch' in body ? parseLaunch(body.launch) : [];
    return {
      token: body.token,
      url: new URL(path, origin).href,
      ...(stdio ? { stdio } : {}),
      ...(sandbox ? { sandbox } : {}),
      ...(launch.length ? { launch } : {}),
    };
  } catch {
    return undefined;
  }
}

// Headers a user may not set themselves: they belong to HTTP, the browser, MCP or our proxy.
const RESERVED_HEADER =
  /^(host|cookie|set-cookie|origin|referer|connection|content-length|transfer-encoding|te|trailer|upgrade|keep-alive|accept|content-type|mcp-.*|last-event-id|proxy-.*|sec-.*|x-toolscope-.*)$/i;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Why a custom header name cannot be used, if it cannot. */
export function customHeaderProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (!HEADER_NAME.test(trimmed)) return 'not a valid header name';
  if (RESERVED_HEADER.test(trimmed)) return 'reserved (set by HTTP, the browser, MCP or Toolscope itself)';
  return undefined;
}

export function proxiedFetch(base: FetchLike, session: ProxySession, customHeaderNames: readonly string[] = []): FetchLike {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set(PROXY_TARGET_HEADER, String(input));
    headers.set(PROXY_TOKEN_HEADER, session.token);
    // The proxy forwards only MCP and auth headers, plus the user's own headers named here.
    if (customHeaderNames.length) headers.set('X-Toolscope-Forward', customHeaderNames.map((name) => name.trim()).join(','));
    const response = await base(session.url, { ...init, headers, credentials: 'same-origin' });
    const refusal = response.headers.get(PROXY_ERROR_HEADER);
    if (refusal) {
      const body: unknown = await response.json().catch(() => undefined);
      const detail =
        typeof body === 'object' && body !== null && 'detail' in body && typeof body.detail === 'string' ? body.detail : refusal;
      throw new ProxyError(refusal, `Toolscope's proxy: ${detail}`);
    }
    return response;
  };
}

export interface DoctorCheck {
  check: string;
  status: 'ok' | 'warn' | 'fail' | 'info';
  sentence: string;
  fix?: string;
}

/** Runs the connection doctor's probes on Toolscope's server (they need real network access). */
export async function runDiagnosis(
  session: ProxySession,
  target: string,
  fetchImpl: FetchLike = (input, init) => globalThis.fetch(input, init),
): Promise<DoctorCheck[]> {
  const response = await fetchImpl(new URL('/proxy/diagnose', session.url).href, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [PROXY_TOKEN_HEADER]: session.token },
    body: JSON.stringify({ target }),
    credentials: 'same-origin',
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const detail = typeof body === 'object' && body !== null && 'detail' in body ? String(body.detail) : `HTTP ${response.status}`;
    throw new ProxyError('diagnose_failed', `The doctor could not run: ${detail}`);
  }
  const checks =
    typeof body === 'object' && body !== null && 'checks' in body && Array.isArray(body.checks) ? (body.checks as unknown[]) : [];
  return checks.flatMap((entry): DoctorCheck[] => {
    if (typeof entry !== 'object' || entry === null) return [];
    const check = 'check' in entry && typeof entry.check === 'string' ? entry.check : undefined;
    const sentence = 'sentence' in entry && typeof entry.sentence === 'string' ? entry.sentence : undefined;
    const status =
      'status' in entry && (entry.status === 'ok' || entry.status === 'warn' || entry.status === 'fail' || entry.status === 'info')
        ? entry.status
        : undefined;
    const fix = 'fix' in entry && typeof entry.fix === 'string' ? entry.fix : undefined;
    return check && sentence && status ? [{ check, sentence, status, fix }] : [];
  });
}
