// A small, real OAuth 2.1 authorization server for the demo's protected mode and the tests:
// RFC 8414 metadata, authorization code + PKCE S256 (no plain, no implicit),
// RFC 8707 `resource` bound into the code and the token, RFC 9207 `iss` on the redirect,
// clients by pre-registration, Client ID Metadata Document (fetched and checked) or RFC 7591
// Dynamic Client Registration, refresh tokens; machine clients by the client_credentials grant
// (client_secret_basic or _post; the OAuth Client Credentials extension). A consent page with Approve / Deny buttons
// stands in for a login. Everything lives in memory and expires; loopback only.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { errorMessage } from '../../src/lib/errorMessage.ts';

export interface AuthServerOptions {
  /** The issuer URL (the server's own origin, as it is reached). */
  issuer: string;
  scopes?: string[];
  /** false imitates an authorization server whose token endpoint refuses browser CORS. */
  tokenCors?: boolean;
  /** Advertise and accept URL client ids (Client ID Metadata Documents). */
  clientIdMetadataDocuments?: boolean;
  /** Offer Dynamic Client Registration. */
  dynamicRegistration?: boolean;
  /** The registration endpoint the metadata names (a test of a hostile one: another host, plain http). */
  registrationEndpoint?: string;
  preRegistered?: { client_id: string; redirect_uris: string[] }[];
  /** Machine clients (no person): the client_credentials grant with this secret, at most these scopes. */
  machineClients?: { client_id: string; client_secret: string; scopes?: string[] }[];
  accessTokenLifetimeSeconds?: number;
}

export interface IssuedToken {
  clientId: string;
  /**
   * Who the token speaks for. The demo has no accounts: each sign-in (each consent) is its own
   * subject, kept across refreshes. Every Toolscope shares one client id (its CIMD URL), so
   * anything bound to a caller binds to this, never to the client.
   */
  subject: string;
  scopes: string[];
  resource: string;
  expiresAt: number;
}

interface Client {
  client_id: string;
  redirect_uris: string[];
  client_name?: string;
}

interface PendingAuthorization {
  client: Client;
  redirectUri: string;
  state?: string;
  challenge: string;
  resource: string;
  scopes: string[];
  expiresAt: number;
}

const random = () => randomBytes(24).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])$/;

function allowedRedirect(uri: string): boolean {
  try {
    const url = new URL(uri);
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname));
  } catch {
    return false;
  }
}

function tokenError(c: Context, error: string, description: string, status: 400 | 401 = 400) {
  c.header('Cache-Control', 'no-store');
  return c.json({ error, error_description: description }, status);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export function createAuthServer(options: AuthServerOptions) {
  const issuer = options.issuer.replace(/\/$/, '');
  const scopes = options.scopes ?? ['catalog:read', 'catalog:write'];
  const lifetime = options.accessTokenLifetimeSeconds ?? 3600;
  const cimd = options.clientIdMetadataDocuments ?? true;
  const dcr = options.dynamicRegistration ?? true;
  const clients = new Map<string, Client>((options.preRegistered ?? []).map((client) => [client.client_id, client]));
  const pending = new Map<string, PendingAuthorization>();
  const codes = new Map<string, PendingAuthorization>();
  const tokens = new Map<string, IssuedToken>();
  const refreshTokens = new Map<string, IssuedToken>();
  const machines = new Map((options.machineClients ?? []).map((client) => [client.client_id, client]));
  const bounded = <V>(map: Map<string, V>) => {
    if (map.size > 5000) map.delete(map.keys().next().value ?? '');
  };

  async function resolveClient(clientId: string): Promise<Client | string> {
    const known = clients.get(clientId);
    if (known) return known;
    if (!cimd || !/^https?:\/\//.test(clientId)) return `Unknown client_id "${clientId.slice(0, 200)}".`;
    // A Client ID Metadata Document: fetch it and check it names itself.
    const url = new URL(clientId);
    if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname)) return 'A URL client_id must use https (http only on loopback).';
    try {
      const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(5000) });
      if (!response.ok) return `Could not fetch the client metadata document (HTTP ${response.status}).`;
      const doc = (await response.json()) as Partial<Client>;
      if (doc.client_id !== clientId) return 'The client metadata document’s client_id is not its own URL.';
      if (!Array.isArray(doc.redirect_uris) || !doc.redirect_uris.every((uri) => typeof uri === 'string'))
        return 'The client metadata document has no redirect_uris.';
      return { client_id: clientId, redirect_uris: doc.redirect_uris, client_name: doc.client_name };
    } catch (error) {
      return `Could not fetch the client metadata document: ${errorMessage(error)}`;
    }
  }

  const app = new Hono();
  const open = cors({
    origin: '*',
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Authorization', 'MCP-Protocol-Version'],
  });
  app.use('/.well-known/*', open);
  app.use('/register', open);
  if (options.tokenCors ?? true) app.use('/token', open);

  const metadata = {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    ...(dcr ? { registration_endpoint: options.registrationEndpoint ?? `${issuer}/register` } : {}),
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token', ...(machines.size ? ['client_credentials'] : [])],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none', ...(machines.size ? ['client_secret_basic', 'client_secret_post'] : [])],
    scopes_supported: scopes,
    client_id_metadata_document_supported: cimd,
    authorization_response_iss_parameter_supported: true,
  };
  app.get('/.well-known/oauth-authorization-server', (c) => c.json(metadata));

  app.post('/register', async (c) => {
    if (!dcr) return c.json({ error: 'invalid_request', error_description: 'Registration is closed.' }, 400);
    const body: unknown = await c.req.json().catch(() => undefined);
    const uris = typeof body === 'object' && body !== null && 'redirect_uris' in body ? body.redirect_uris : undefined;
    if (!Array.isArray(uris) || uris.length === 0 || !uris.every((uri) => typeof uri === 'string' && allowedRedirect(uri)))
      return c.json({ error: 'invalid_redirect_uri', error_description: 'redirect_uris must be https or loopback http URLs.' }, 400);
    const name = typeof body === 'object' && body !== null && 'client_name' in body ? String(body.client_name).slice(0, 100) : undefined;
    const client: Client = { client_id: `dcr-${random()}`, redirect_uris: uris as string[], client_name: name };
    clients.set(client.client_id, client);
    bounded(clients);
    return c.json(
      {
        ...client,
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        client_id_issued_at: Math.floor(Date.now() / 1000),
      },
      201,
    );
  });

  app.get('/authorize', async (c) => {
    const q = (name: string) => c.req.query(name) ?? '';
    const client = await resolveClient(q('client_id'));
    if (typeof client === 'string') return c.html(page('Sign-in refused', `<p>${escapeHtml(client)}</p>`), 400);
    const redirectUri = q('redirect_uri');
    if (!client.redirect_uris.includes(redirectUri))
      return c.html(page('Sign-in refused', `<p>redirect_uri is not registered for this client.</p>`), 400);
    const back = (params: Record<string, string>) => {
      const url = new URL(redirectUri);
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      if (q('state')) url.searchParams.set('state', q('state'));
      url.searchParams.set('iss', issuer);
      return c.redirect(url.href, 302);
    };
    if (q('response_type') !== 'code') return back({ error: 'unsupported_response_type' });
    if (q('code_challenge_method') !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(q('code_challenge')))
      return back({ error: 'invalid_request', error_description: 'PKCE with S256 is required.' });
    if (!q('resource')) return back({ error: 'invalid_target', error_description: 'The resource parameter is required.' });
    const requested = q('scope').split(' ').filter(Boolean);
    const unknown = requested.filter((scope) => !scopes.includes(scope));
    if (unknown.length) return back({ error: 'invalid_scope', error_description: `Unknown scope: ${unknown.join(' ')}` });
    const id = random();
    pending.set(id, {
      client,
      redirectUri,
      state: q('state') || undefined,
      challenge: q('code_challenge'),
      resource: q('resource'),
      scopes: requested,
      expiresAt: Date.now() + 10 * 60_000,
    });
    bounded(pending);
    const who = escapeHtml(client.client_name ?? client.client_id);
    return c.html(
      page(
        'Authorize access',
        `<p><strong>${who}</strong> asks to use <strong>${escapeHtml(q('resource'))}</strong> with the scopes: ${
          requested.map((scope) => `<code>${escapeHtml(scope)}</code>`).join(' ') || '(none)'
        }.</p><form method="post" action="${issuer}/authorize/decision"><input type="hidden" name="request" value="${id}"><button name="decision" value="approve">Approve</button> <button name="decision" value="deny">Deny</button></form>`,
      ),
    );
  });

  app.post('/authorize/decision', async (c) => {
    const form = await c.req.parseBody();
    const requestId = typeof form.request === 'string' ? form.request : '';
    const request = pending.get(requestId);
    if (!request || request.expiresAt < Date.now())
      return c.html(page('Sign-in expired', '<p>Start the sign-in again from the app.</p>'), 400);
    pending.delete(requestId);
    const url = new URL(request.redirectUri);
    if (form.decision === 'approve') {
      const code = random();
      codes.set(code, { ...request, expiresAt: Date.now() + 60_000 });
      bounded(codes);
      url.searchParams.set('code', code);
    } else {
      url.searchParams.set('error', 'access_denied');
      url.searchParams.set('error_description', 'The user denied access.');
    }
    if (request.state) url.searchParams.set('state', request.state);
    url.searchParams.set('iss', issuer);
    return c.redirect(url.href, 302);
  });

  const issue = (c: Context, grant: Omit<IssuedToken, 'expiresAt'>) => {
    const access = random();
    const refresh = random();
    const token = { ...grant, expiresAt: Date.now() + lifetime * 1000 };
    tokens.set(access, token);
    refreshTokens.set(refresh, token);
    bounded(tokens);
    bounded(refreshTokens);
    c.header('Cache-Control', 'no-store');
    return c.json({
      access_token: access,
      token_type: 'Bearer',
      expires_in: lifetime,
      refresh_token: refresh,
      scope: grant.scopes.join(' '),
    });
  };

  app.post('/token', async (c) => {
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === 'string' ? form[name] : '');
    if (field('grant_type') === 'refresh_token') {
      const grant = refreshTokens.get(field('refresh_token'));
      if (!grant || grant.clientId !== field('client_id')) return tokenError(c, 'invalid_grant', 'Unknown refresh token.');
      refreshTokens.delete(field('refresh_token'));
      return issue(c, grant);
    }
    if (field('grant_type') === 'client_credentials') return machineGrant(c, field);
    if (field('grant_type') !== 'authorization_code')
      return tokenError(c, 'unsupported_grant_type', 'Only authorization_code, refresh_token and client_credentials.');
    const grant = codes.get(field('code'));
    codes.delete(field('code')); // single use, whatever happens next
    if (!grant || grant.expiresAt < Date.now()) return tokenError(c, 'invalid_grant', 'The code is unknown, used or expired.');
    if (grant.client.client_id !== field('client_id')) return tokenError(c, 'invalid_grant', 'The code was issued to another client.');
    if (grant.redirectUri !== field('redirect_uri')) return tokenError(c, 'invalid_grant', 'redirect_uri does not match.');
    if (s256(field('code_verifier')) !== grant.challenge) return tokenError(c, 'invalid_grant', 'PKCE verification failed.');
    if (field('resource') && field('resource') !== grant.resource)
      return tokenError(c, 'invalid_target', 'resource differs from the authorization request.');
    return issue(c, {
      clientId: grant.client.client_id,
      subject: `user-${random().slice(0, 12)}`,
      scopes: grant.scopes,
      resource: grant.resource,
    });
  });

  /** client_credentials: the client authenticates itself (HTTP Basic, or client_id + client_secret in the body). */
  function machineGrant(c: Context, field: (name: string) => string) {
    const basic = /^Basic (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    let [id, secret] = [field('client_id'), field('client_secret')];
    if (basic) {
      const decoded = Buffer.from(basic, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      [id, secret] = [decodeURIComponent(decoded.slice(0, colon)), decodeURIComponent(decoded.slice(colon + 1))];
    }
    const client = machines.get(id);
    const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
    if (!client || !same(secret, client.client_secret)) {
      c.header('WWW-Authenticate', 'Basic realm="token"');
      return tokenError(c, 'invalid_client', 'Client authentication failed.', 401);
    }
    const allowed = client.scopes ?? scopes;
    // A narrower grant than asked is allowed (RFC 6749 §3.3): what the client may have of what it asked.
    const requested = field('scope').split(' ').filter(Boolean);
    const granted = requested.length ? requested.filter((scope) => allowed.includes(scope)) : allowed;
    if (!granted.length) return tokenError(c, 'invalid_scope', `None of these is granted to this client: ${requested.join(' ')}`);
    if (!field('resource')) return tokenError(c, 'invalid_target', 'The resource parameter is required.');
    const access = random();
    const token: IssuedToken = {
      clientId: client.client_id,
      subject: `machine-${client.client_id}`,
      scopes: granted,
      resource: field('resource'),
      expiresAt: Date.now() + lifetime * 1000,
    };
    tokens.set(access, token);
    bounded(tokens);
    c.header('Cache-Control', 'no-store');
    // No refresh token: a machine asks again with its credentials (RFC 6749 §4.4.3).
    return c.json({ access_token: access, token_type: 'Bearer', expires_in: lifetime, scope: token.scopes.join(' ') });
  }

  /** What a resource server asks: is this access token valid, and for what? */
  const verify = (accessToken: string): IssuedToken | undefined => {
    const token = tokens.get(accessToken);
    return token && token.expiresAt > Date.now() ? token : undefined;
  };
  return { app, issuer, verify, metadata };
}

export type AuthServer = ReturnType<typeof createAuthServer>;
