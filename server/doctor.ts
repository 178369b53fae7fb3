// The connection doctor: concrete probes from Toolscope's own server (which, unlike the page,
// sees real network errors and real CORS headers), each reported in one sentence with the fix
// for the server's author.
import { LEGACY_REQUEST_HEADERS, MODERN_REQUEST_HEADERS, lower } from '../src/mcp/wire/headers.ts';
import { diagnoseAuth } from './doctorAuth.ts';
import { cappedText, probe } from './doctorFetch.ts';
import { errorMessage } from '../src/lib/errorMessage.ts';
import { sseDataPayloads } from '../src/mcp/wire/sse.ts';
import type { Era } from '../src/mcp/era.ts';

export type CheckStatus = 'ok' | 'warn' | 'fail' | 'info';

export interface DoctorCheck {
  check: string;
  status: CheckStatus;
  sentence: string;
  fix?: string;
}

// Accept is CORS-safelisted, so a preflight never names it.
const preflighted = (names: readonly string[]) => lower(names).filter((name) => name !== 'accept');
const MODERN_HEADERS = preflighted(MODERN_REQUEST_HEADERS);
const LEGACY_HEADERS = preflighted(LEGACY_REQUEST_HEADERS);
const TIMEOUT_MS = 10_000;

const envelope = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'toolscope-doctor', version: '0.1.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

function networkCause(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : '';
  const message = errorMessage(cause);
  return code ? `${code} (${message})` : message;
}

function describeNetwork(error: unknown, url: URL): DoctorCheck {
  const cause = networkCause(error);
  if (/ENOTFOUND|EAI_AGAIN/.test(cause))
    return {
      check: 'Reachability',
      status: 'fail',
      sentence: `DNS: the name ${url.hostname} does not resolve — ${cause}.`,
      fix: 'Check the host name.',
    };
  if (/ECONNREFUSED/.test(cause))
    return {
      check: 'Reachability',
      status: 'fail',
      sentence: `TCP: nothing listens on ${url.host} — ${cause}.`,
      fix: 'Start the server, or check the port.',
    };
  if (/CERT|SSL|TLS|self.signed/i.test(cause))
    return {
      check: 'Reachability',
      status: 'fail',
      sentence: `TLS: the certificate of ${url.host} is not trusted — ${cause}.`,
      fix: 'Use a certificate from a trusted authority, or plain http on loopback for development.',
    };
  if (/timeout|aborted/i.test(cause))
    return {
      check: 'Reachability',
      status: 'fail',
      sentence: `No answer from ${url.host} within ${TIMEOUT_MS / 1000} s.`,
      fix: 'Check that the server is up and not blocked by a firewall.',
    };
  return { check: 'Reachability', status: 'fail', sentence: `Could not connect to ${url.host}: ${cause}.` };
}

function listHeader(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
}

async function preflight(url: URL, origin: string, era: Era, headers: string[]): Promise<DoctorCheck> {
  const label = era === 'modern' ? 'CORS preflight (2026-07-28 headers)' : 'CORS preflight (2025 headers)';
  let response: Response;
  try {
    response = await probe(url, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': headers.join(',') },
    });
    void response.body?.cancel().catch(() => undefined);
  } catch (error) {
    return { check: label, status: 'fail', sentence: `The preflight failed: ${networkCause(error)}.` };
  }
  const allowOrigin = response.headers.get('access-control-allow-origin');
  if (allowOrigin !== '*' && allowOrigin !== origin) {
    return {
      check: label,
      status: 'fail',
      sentence: `The OPTIONS preflight (HTTP ${response.status}) has no Access-Control-Allow-Origin for ${origin}${allowOrigin ? ` (it allows ${allowOrigin})` : ''}.`,
      fix: `Answer OPTIONS on this path with Access-Control-Allow-Origin: ${origin} (or *), Access-Control-Allow-Methods: GET, POST, DELETE and Access-Control-Allow-Headers: ${headers.join(', ')}.`,
    };
  }
  const allowed = listHeader(response.headers.get('access-control-allow-headers'));
  const missing = headers.filter((header) => !allowed.includes(header) && !(allowed.includes('*') && header !== 'authorization'));
  if (missing.length) {
    return {
      check: label,
      status: era === 'modern' ? 'warn' : 'fail',
      sentence: `Access-Control-Allow-Headers lacks ${missing.join(', ')}${era === 'modern' ? ': a browser cannot use the 2026-07-28 protocol directly (it falls back to 2025)' : ''}.`,
      fix: `Add ${missing.join(', ')} to Access-Control-Allow-Headers (or reflect Access-Control-Request-Headers; note that * never covers Authorization).`,
    };
  }
  return { check: label, status: 'ok', sentence: `The preflight allows ${origin} and every header Toolscope sends in this era.` };
}

async function post(url: URL, origin: string, body: unknown, headers: Record<string, string>) {
  return probe(url, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
}

/** The first JSON-RPC message of a body (read once, capped): plain JSON, or an SSE stream's first data. */
function firstJson(response: Response, text: string): unknown {
  // A stream's last event may lack its closing blank line when the server ends the response.
  const data = response.headers.get('content-type')?.includes('text/event-stream') ? sseDataPayloads(`${text}\n\n`)[0] : text;
  try {
    return JSON.parse(data ?? '');
  } catch {
    return undefined;
  }
}

export async function diagnose(target: string, origin: string): Promise<DoctorCheck[]> {
  const url = new URL(target);
  const checks: DoctorCheck[] = [];
  let discover: Response;
  try {
    discover = await post(
      url,
      origin,
      { jsonrpc: '2.0', id: 'doctor-1', method: 'server/discover', params: { _meta: envelope } },
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' },
    );
  } catch (error) {
    checks.push(describeNetwork(error, url));
    return checks;
  }
  checks.push({ check: 'Reachability', status: 'ok', sentence: `${url.host} answered (HTTP ${discover.status}).` });
  if (discover.status >= 300 && discover.status < 400) {
    const location = discover.headers.get('location') ?? '';
    void discover.body?.cancel().catch(() => undefined);
    checks.push({
      check: 'Redirect',
      status: 'fail',
      sentence: `The server answered with a redirect (HTTP ${discover.status}) to ${location.slice(0, 300) || 'no Location'}; the doctor does not follow it, and MCP clients should not have to.`,
      fix: location
        ? `Use the final URL (${location.slice(0, 300)}) as the server URL, if that is the MCP endpoint.`
        : 'Answer MCP requests at this URL.',
    });
    return checks;
  }

  const type = discover.headers.get('content-type') ?? '';
  const discoverText = await cappedText(discover);
  const body = firstJson(discover, discoverText);
  const auth = discover.headers.get('www-authenticate');
  if (discover.status === 403 && !(auth && /^\s*(Bearer|DPoP)\b/i.test(auth))) {
    // A refusal that asks for no token: signing in will not help. On a local server this is most
    // often a Host-header check (DNS-rebinding protection) that accepts only the name it printed.
    const said = discoverText.trim().split(/\r?\n/)[0]?.slice(0, 200);
    checks.push({
      check: 'Forbidden',
      status: 'fail',
      sentence: `The server refused the request (HTTP 403) without a Bearer challenge${said ? `: “${said}”` : ''}.`,
      fix: `A 403 on every request often means a Host-header check: open the server by the host name it printed (e.g. http://localhost:${url.port || (url.protocol === 'https:' ? '443' : '80')}${url.pathname} instead of ${url.host}), or allow ${url.host} in its allowed hosts.`,
    });
  } else if (discover.status === 401 || discover.status === 403) {
    const metadata = auth?.match(/resource_metadata="([^"]+)"/)?.[1];
    checks.push({
      check: 'Authorization',
      status: 'warn',
      sentence: `The server requires authorization (HTTP ${discover.status})${auth ? `; WWW-Authenticate: ${auth.slice(0, 200)}` : ' but sends no WWW-Authenticate header'}.`,
      fix: metadata
        ? `Protected resource metadata is advertised at ${metadata}.`
        : 'Send WWW-Authenticate: Bearer resource_metadata="…" so clients can discover how to sign in.',
    });
    const exposed = listHeader(
      (await post(url, origin, {}, {}).catch(() => undefined))?.headers.get('access-control-expose-headers') ?? null,
    );
    if (!exposed.includes('www-authenticate')) {
      checks.push({
        check: 'CORS exposed headers',
        status: 'warn',
        sentence: 'WWW-Authenticate is not in Access-Control-Expose-Headers, so a browser client cannot read the sign-in challenge.',
        fix: 'Add WWW-Authenticate to Access-Control-Expose-Headers.',
      });
    }
    // OAuth discovery only makes sense for a Bearer challenge (or none at all).
    if (!auth || /^\s*(Bearer|DPoP)\b/i.test(auth)) checks.push(...(await diagnoseAuth(url, metadata, origin)));
  } else if (type.includes('text/html')) {
    checks.push({
      check: 'MCP endpoint',
      status: 'fail',
      sentence: `The URL answers an HTML page (HTTP ${discover.status}), not MCP.`,
      fix: 'Check the path: MCP endpoints usually end in /mcp.',
    });
    return checks;
  } else if (discover.status === 404 && body === undefined) {
    checks.push({
      check: 'MCP endpoint',
      status: 'fail',
      sentence: 'The path answers HTTP 404 without JSON-RPC: nothing is served here.',
      fix: 'Check the path (usually /mcp).',
    });
    return checks;
  }

  // Era detection, as the SDK does it: a server/discover result means 2026-07-28; an error or
  // a non-JSON-RPC answer means a 2025-era server, which initialize confirms.
  const result = typeof body === 'object' && body !== null && 'result' in body ? body.result : undefined;
  const error = typeof body === 'object' && body !== null && 'error' in body ? body.error : undefined;
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  const message = typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : '';
  if (typeof result === 'object' && result !== null && 'supportedVersions' in result) {
    checks.push({
      check: 'Protocol era',
      status: 'ok',
      sentence: `Answered server/discover → 2026-07-28 (supports ${JSON.stringify(result.supportedVersions)}).`,
    });
  } else if (discover.status !== 401 && discover.status !== 403) {
    const init = await post(
      url,
      origin,
      {
        jsonrpc: '2.0',
        id: 'doctor-2',
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'toolscope-doctor', version: '0.1.0' } },
      },
      {},
    ).catch(() => undefined);
    const initBody = init ? firstJson(init, await cappedText(init)) : undefined;
    const version =
      typeof initBody === 'object' &&
      initBody !== null &&
      'result' in initBody &&
      typeof initBody.result === 'object' &&
      initBody.result !== null &&
      'protocolVersion' in initBody.result
        ? String(initBody.result.protocolVersion)
        : undefined;
    if (version) {
      checks.push({
        check: 'Protocol era',
        status: 'ok',
        sentence: `server/discover was refused (HTTP ${discover.status}${typeof code === 'number' ? `, ${code} ${message.slice(0, 80)}` : ''}) and initialize succeeded → 2025 era, ${version}.`,
      });
      const session = init?.headers.get('mcp-session-id');
      if (session) {
        const exposed = listHeader(init?.headers.get('access-control-expose-headers') ?? null);
        if (!exposed.includes('mcp-session-id')) {
          checks.push({
            check: 'CORS exposed headers',
            status: 'fail',
            sentence:
              'The server uses Mcp-Session-Id but does not list it in Access-Control-Expose-Headers, so a browser cannot keep the session.',
            fix: 'Add Mcp-Session-Id to Access-Control-Expose-Headers.',
          });
        }
        await probe(url, { method: 'DELETE', headers: { 'mcp-session-id': session, origin } }).catch(() => undefined);
      }
    } else {
      checks.push({
        check: 'MCP endpoint',
        status: 'fail',
        sentence: `Neither server/discover nor initialize got a JSON-RPC answer (HTTP ${discover.status}, ${type || 'no content type'}).`,
        fix: 'Check that this URL is the MCP endpoint.',
      });
      return checks;
    }
  }

  const simple = await post(url, origin, {}, {}).catch(() => undefined);
  const allowOrigin = simple?.headers.get('access-control-allow-origin') ?? null;
  if (allowOrigin !== '*' && allowOrigin !== origin) {
    checks.push({
      check: 'CORS on responses',
      status: 'fail',
      sentence: `Responses carry no Access-Control-Allow-Origin for ${origin}, so the browser hides every answer (the page only sees "Failed to fetch").`,
      fix: `Send Access-Control-Allow-Origin: ${origin} (or *) on every response, errors included — or connect through Toolscope's local proxy.`,
    });
  }
  checks.push(await preflight(url, origin, 'modern', MODERN_HEADERS));
  checks.push(await preflight(url, origin, 'legacy', LEGACY_HEADERS));
  return checks;
}
