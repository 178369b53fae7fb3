// The connection doctor's OAuth probes: is the protected resource metadata there
// (RFC 9728), does it name an authorization server whose metadata is there (RFC 8414) with a
// matching issuer and PKCE S256, and can a browser read both (CORS)?
import type { DoctorCheck } from './doctor.ts';
import { cappedText, probe } from './doctorFetch.ts';

interface Fetched {
  url: string;
  status: number;
  json?: Record<string, unknown>;
  allowOrigin: string | null;
}

async function getJson(url: string, origin: string): Promise<Fetched | undefined> {
  try {
    const response = await probe(url, { headers: { accept: 'application/json', origin, 'mcp-protocol-version': '2026-07-28' } });
    const text = await cappedText(response);
    let json: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
    } catch {
      json = undefined;
    }
    return { url, status: response.status, json, allowOrigin: response.headers.get('access-control-allow-origin') };
  } catch {
    return undefined;
  }
}

/** The first candidate that answers 200 with a JSON object. */
async function firstDocument(candidates: string[], origin: string): Promise<Fetched | undefined> {
  for (const candidate of candidates) {
    const fetched = await getJson(candidate, origin);
    if (fetched?.status === 200 && fetched.json) return fetched;
  }
  return undefined;
}

/** Whether a metadata `resource` covers the server URL: same origin, and its path a whole-segment prefix. */
export function covers(resource: string | undefined, server: URL): boolean {
  if (!resource) return false;
  try {
    const url = new URL(resource);
    const path = url.pathname.replace(/\/$/, '');
    return url.origin === server.origin && (server.pathname === path || server.pathname.startsWith(`${path}/`) || path === '');
  } catch {
    return false;
  }
}

const wellKnown = (base: URL, name: string) => {
  const path = base.pathname.replace(/\/$/, '');
  return [...(path ? [`${base.origin}/.well-known/${name}${path}`] : []), `${base.origin}/.well-known/${name}`];
};

const readable = (fetched: Fetched, origin: string) => fetched.allowOrigin === '*' || fetched.allowOrigin === origin;

function corsCheck(label: string, fetched: Fetched, origin: string): DoctorCheck[] {
  return readable(fetched, origin)
    ? []
    : [
        {
          check: `${label} CORS`,
          status: 'warn',
          sentence: `${fetched.url} has no Access-Control-Allow-Origin for ${origin}: a browser client cannot read it (Toolscope falls back to its proxy).`,
          fix: 'Send Access-Control-Allow-Origin: * on OAuth metadata documents.',
        },
      ];
}

/** Probes what a client needs to sign in, given the 401/403 challenge's resource_metadata (if any). */
export async function diagnoseAuth(server: URL, advertised: string | undefined, origin: string): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  const candidates = advertised ? [advertised] : wellKnown(server, 'oauth-protected-resource');
  const prm = await firstDocument(candidates, origin);
  if (!prm?.json) {
    checks.push({
      check: 'Protected resource metadata',
      status: 'fail',
      sentence: `Not found (RFC 9728) at ${candidates.join(' or ')}: clients cannot discover which authorization server to use.`,
      fix: `Serve {"resource": "${server.href}", "authorization_servers": ["https://…"]} at ${wellKnown(server, 'oauth-protected-resource')[0]} and name it in WWW-Authenticate: Bearer resource_metadata="…".`,
    });
    return checks;
  }
  const resource = typeof prm.json.resource === 'string' ? prm.json.resource : undefined;
  const servers = Array.isArray(prm.json.authorization_servers)
    ? prm.json.authorization_servers.filter((entry): entry is string => typeof entry === 'string')
    : [];
  const covered = covers(resource, server);
  checks.push({
    check: 'Protected resource metadata',
    status: covered && servers.length ? 'ok' : 'fail',
    sentence: `Found at ${prm.url}: resource ${resource ?? '(missing)'}, authorization server${servers.length === 1 ? '' : 's'} ${servers.join(', ') || '(none)'}.`,
    fix: !covered
      ? `"resource" must be this server's URL (${server.href}); clients refuse tokens for another resource.`
      : !servers.length
        ? 'List the authorization server in "authorization_servers".'
        : undefined,
  });
  checks.push(...corsCheck('Protected resource metadata', prm, origin));
  const issuer = servers[0];
  if (!issuer) return checks;

  let issuerUrl: URL;
  try {
    issuerUrl = new URL(issuer);
  } catch {
    checks.push({ check: 'Authorization server metadata', status: 'fail', sentence: `"${issuer.slice(0, 200)}" is not a URL.` });
    return checks;
  }
  // RFC 8414 path insertion first, then OpenID Connect's (inserted, and appended to the issuer).
  const asCandidates = [
    ...wellKnown(issuerUrl, 'oauth-authorization-server'),
    ...wellKnown(issuerUrl, 'openid-configuration'),
    `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
  ].filter((candidate, index, all) => all.indexOf(candidate) === index);
  const as = await firstDocument(asCandidates, origin);
  if (!as?.json) {
    checks.push({
      check: 'Authorization server metadata',
      status: 'fail',
      sentence: `Not found at ${asCandidates.join(', ')}.`,
      fix: 'Serve RFC 8414 metadata at /.well-known/oauth-authorization-server on the authorization server.',
    });
    return checks;
  }
  const problems: string[] = [];
  if (as.json.issuer !== issuer && as.json.issuer !== issuer.replace(/\/$/, ''))
    problems.push(`its issuer is "${String(as.json.issuer).slice(0, 200)}", not ${issuer} (clients must refuse it)`);
  const pkce = Array.isArray(as.json.code_challenge_methods_supported) ? as.json.code_challenge_methods_supported : [];
  if (!pkce.includes('S256')) problems.push('it does not list S256 in code_challenge_methods_supported (clients must refuse to continue)');
  const ways = [
    as.json.client_id_metadata_document_supported === true ? 'Client ID Metadata Documents' : undefined,
    typeof as.json.registration_endpoint === 'string' ? 'Dynamic Client Registration' : undefined,
  ].filter(Boolean);
  checks.push({
    check: 'Authorization server metadata',
    status: problems.length ? 'fail' : 'ok',
    sentence: `Found at ${as.url}${problems.length ? `, but ${problems.join('; ')}` : `: issuer matches, PKCE S256 supported; clients can identify themselves by ${ways.join(' or ') || 'a pre-registered client id only'}`}.`,
    fix: problems.length ? 'Fix the authorization server metadata.' : undefined,
  });
  checks.push(...corsCheck('Authorization server metadata', as, origin));
  return checks;
}
