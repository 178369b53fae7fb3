// The loopback proxy: lets the page reach MCP servers that do not allow browser CORS.
// Locked down, because an open local proxy was CVE-2025-49596 (CVSS 9.4):
//  - answers only requests whose Host is a loopback name (no DNS rebinding) and that come
//    from Toolscope's own page (Origin, or Sec-Fetch-Site: same-origin), with the per-launch
//    token, compared in constant time;
//  - forwards only http(s) MCP traffic (POST, GET for an event stream or an OAuth metadata
//    document, DELETE) to the target
//    the page names, with the MCP and auth headers and nothing else (no cookies either way);
//  - caps request and response sizes and time; streams SSE through without buffering;
//  - spawns nothing.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { MCP_REQUEST_HEADERS, MCP_RESPONSE_HEADERS, lower } from '../src/mcp/wire/headers.ts';

export const TOKEN_HEADER = 'x-toolscope-proxy-token';
export const TARGET_HEADER = 'x-toolscope-target';
export const ERROR_HEADER = 'x-toolscope-proxy-error';
export const FORWARD_HEADER = 'x-toolscope-forward';
const CUSTOM_HEADER = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;
const NEVER_FORWARD =
  /^(host|cookie|set-cookie|origin|referer|connection|content-length|transfer-encoding|te|trailer|upgrade|keep-alive|proxy-.*|sec-.*|x-toolscope-.*|forwarded|x-forwarded-.*)$/;

const FORWARD_REQUEST = lower(MCP_REQUEST_HEADERS);
const FORWARD_RESPONSE = lower(MCP_RESPONSE_HEADERS);
const OAUTH_METADATA = /^\/\.well-known\/(oauth-protected-resource|oauth-authorization-server|openid-configuration)(\/|$)/;
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i;

export interface ProxyOptions {
  token?: string;
  maxRequestBytes?: number;
  maxResponseBytes?: number;
  timeoutMs?: number;
}

export interface Proxy {
  token: string;
  handle: (request: Request) => Promise<Response>;
  /** The caller checks alone (Host, page origin, token): a refusal, or undefined when allowed. */
  check: (request: Request) => Response | undefined;
}

function refuse(status: number, reason: string, detail: string): Response {
  return new Response(JSON.stringify({ error: reason, detail }), {
    status,
    headers: { 'content-type': 'application/json', [ERROR_HEADER]: reason, 'cache-control': 'no-store' },
  });
}

/** Constant-time comparison of a presented secret with the expected one. */
export function sameSecret(given: string | null, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The caller checks of every locked-down route (proxy, stdio bridge): a loopback Host (no DNS
 * rebinding), Toolscope's own page as the caller, and the per-launch token in its header.
 * A refusal, or undefined when allowed.
 */
export function refuseCaller(request: Request, secret: { header: string; token: string; what: string }): Response | undefined {
  const host = request.headers.get('host') ?? '';
  if (!LOOPBACK_HOST.test(host))
    return refuse(403, 'host_not_allowed', `Host "${host.slice(0, 100)}" is not a loopback name (DNS rebinding protection).`);
  if (!fromOwnPage(request, host)) return refuse(403, 'origin_not_allowed', `Only Toolscope’s own page may use this ${secret.what}.`);
  if (!sameSecret(request.headers.get(secret.header), secret.token))
    return refuse(401, 'bad_token', `Missing or wrong ${secret.what} token.`);
  return undefined;
}

/** The token handout's checks: loopback Host and Toolscope's own page (no token yet). */
export function refuseHandout(request: Request): Response | undefined {
  const host = request.headers.get('host') ?? '';
  if (!LOOPBACK_HOST.test(host)) return refuse(403, 'host_not_allowed', 'Not a loopback Host.');
  if (!fromOwnPage(request, host)) return refuse(403, 'origin_not_allowed', 'Only Toolscope’s own page may ask.');
  return undefined;
}

/** Only Toolscope's own page: same Host as Origin, or the browser's same-origin marker. */
function fromOwnPage(request: Request, host: string): boolean {
  const origin = request.headers.get('origin');
  if (origin !== null) return origin === `http://${host}`;
  return request.headers.get('sec-fetch-site') === 'same-origin';
}

async function readCapped(request: Request, cap: number): Promise<ArrayBuffer | 'too-large'> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > cap) return 'too-large';
  const body = await request.arrayBuffer();
  return body.byteLength > cap ? 'too-large' : body;
}

function cappedStream(body: ReadableStream<Uint8Array>, cap: number): ReadableStream<Uint8Array> {
  let total = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength;
        if (total > cap) controller.error(new Error(`response larger than the proxy's ${cap} byte limit`));
        else controller.enqueue(chunk);
      },
    }),
  );
}

export function createProxy({
  token = randomBytes(32).toString('base64url'),
  maxRequestBytes = 4 * 1024 * 1024,
  maxResponseBytes = 64 * 1024 * 1024,
  timeoutMs = 15 * 60_000,
}: ProxyOptions = {}): Proxy {
  const check = (request: Request) => refuseCaller(request, { header: TOKEN_HEADER, token, what: 'proxy' });
  const handle = async (request: Request): Promise<Response> => {
    const refusal = check(request);
    if (refusal) return refusal;
    const method = request.method.toUpperCase();
    if (method !== 'POST' && method !== 'GET' && method !== 'DELETE')
      return refuse(405, 'method_not_allowed', `${method} is not MCP traffic.`);
    let target: URL;
    try {
      target = new URL(request.headers.get(TARGET_HEADER) ?? '');
    } catch {
      return refuse(400, 'bad_target', 'The target is not an absolute URL.');
    }
    // GET: an MCP event stream, or an OAuth discovery document (for the sign-in legs).
    if (method === 'GET' && !(request.headers.get('accept') ?? '').includes('text/event-stream') && !OAUTH_METADATA.test(target.pathname)) {
      return refuse(405, 'method_not_allowed', 'GET is forwarded only for an MCP event stream or OAuth metadata.');
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      return refuse(400, 'scheme_not_allowed', `${target.protocol} targets are refused; only http: and https:.`);
    if (target.username || target.password) return refuse(400, 'bad_target', 'Credentials in the target URL are refused.');

    // MCP and auth headers, plus the user's own headers the page names (API keys and the
    // like) — never cookies, hop-by-hop headers, or our own.
    const extra = new Set(
      (request.headers.get(FORWARD_HEADER) ?? '')
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter((name) => CUSTOM_HEADER.test(name) && !NEVER_FORWARD.test(name)),
    );
    const headers = new Headers();
    for (const [name, value] of request.headers) {
      const lower = name.toLowerCase();
      if (FORWARD_REQUEST.includes(lower) || lower.startsWith('mcp-param-') || extra.has(lower)) headers.set(lower, value);
    }
    let body: ArrayBuffer | undefined;
    if (method === 'POST') {
      const read = await readCapped(request, maxRequestBytes);
      if (read === 'too-large') return refuse(413, 'request_too_large', `Request bodies are limited to ${maxRequestBytes} bytes.`);
      body = read;
    }
    const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), request.signal]);
    let upstream: Response;
    try {
      upstream = await fetch(target, { method, headers, body, redirect: 'manual', signal, credentials: 'omit' });
    } catch (error) {
      const cause = error instanceof Error ? (error.cause instanceof Error ? `${error.cause.message}` : error.message) : String(error);
      return refuse(502, 'upstream_unreachable', `Could not reach ${target.origin}: ${cause}`);
    }
    const out = new Headers({ 'cache-control': 'no-store' });
    for (const name of FORWARD_RESPONSE) {
      const value = upstream.headers.get(name);
      if (value !== null) out.set(name, value);
    }
    return new Response(upstream.body ? cappedStream(upstream.body, maxResponseBytes) : null, {
      status: upstream.status,
      statusText: upstream.statusText,
      headers: out,
    });
  };
  return { token, handle, check };
}

/** The token handout for Toolscope's own page (same checks minus the token itself). */
export function proxySession(request: Request, proxy: Proxy, extra: Record<string, unknown> = {}): Response {
  const refusal = refuseHandout(request);
  if (refusal) return refusal;
  return new Response(JSON.stringify({ token: proxy.token, path: '/proxy', ...extra }), {
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
}
