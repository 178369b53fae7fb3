// The demo MCP endpoint as an OAuth-protected resource (RFC 9728 + the MCP authorization
// spec): 401 with a `resource_metadata` challenge, the protected resource metadata document,
// tokens checked for audience (`resource`), and step-up — a tool that needs a scope the
// token lacks answers 403 `insufficient_scope` naming the scopes to ask for.
import type { Hono, MiddlewareHandler } from 'hono';
import '../authInfo.ts';
import { cors } from 'hono/cors';
import type { AuthServer, IssuedToken } from './authServer.ts';

export interface ProtectionOptions {
  issuer: string;
  verify: (accessToken: string) => IssuedToken | undefined;
  /** Scopes every request needs (asked for in the first challenge). */
  baseScopes: string[];
  /** Tools that need more than the base scopes. */
  toolScopes: Record<string, string[]>;
  scopesSupported: string[];
  /**
   * Lazy (mixed) auth: a request without a token is served anonymously — list, read, call — except
   * a call of a tool in toolScopes, which is answered 401 with a challenge naming that tool's scope.
   */
  anonymous?: boolean;
  /** Lazy mode: tools whose anonymous call gets a result with `_meta["mcp/www_authenticate"]` (ChatGPT's form) instead of a 401. */
  metaChallengeTools?: string[];
}

const METADATA_PATH = '/.well-known/oauth-protected-resource';

function challenge(origin: string, extra: Record<string, string>): string {
  const params = { ...extra, resource_metadata: `${origin}${METADATA_PATH}/mcp` };
  return `Bearer ${Object.entries(params)
    .map(([key, value]) => `${key}="${value.replace(/["\\]/g, '')}"`)
    .join(', ')}`;
}

/** The tool a JSON-RPC POST body calls, if it is a tools/call (with the request's id). */
async function calledTool(request: Request): Promise<{ name: string; id: unknown } | undefined> {
  if (request.method !== 'POST') return undefined;
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => undefined);
  const messages = Array.isArray(body) ? body : [body];
  for (const message of messages) {
    if (typeof message !== 'object' || message === null) continue;
    const { method, params, id } = message as { method?: unknown; params?: { name?: unknown }; id?: unknown };
    if (method === 'tools/call' && typeof params?.name === 'string') return { name: params.name, id };
  }
  return undefined;
}

export function protectResource(app: Hono, options: ProtectionOptions): MiddlewareHandler {
  const document = (origin: string) => ({
    resource: `${origin}/mcp`,
    authorization_servers: [options.issuer],
    scopes_supported: options.scopesSupported,
    bearer_methods_supported: ['header'],
    resource_name: 'Toolscope demo (OAuth-protected)',
  });
  app.use(`${METADATA_PATH}/*`, cors({ origin: '*' }));
  app.use(METADATA_PATH, cors({ origin: '*' }));
  app.get(`${METADATA_PATH}/mcp`, (c) => c.json(document(new URL(c.req.url).origin)));
  app.get(METADATA_PATH, (c) => c.json(document(new URL(c.req.url).origin)));

  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const origin = new URL(c.req.url).origin;
    const unauthorized = (extra: Record<string, string>, status: 401 | 403, message: string) => {
      c.header('WWW-Authenticate', challenge(origin, extra));
      return c.json({ jsonrpc: '2.0', id: null, error: { code: -32001, message } }, status);
    };
    const presented = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!presented && options.anonymous) {
      const called = await calledTool(c.req.raw);
      const scopes = called ? options.toolScopes[called.name] : undefined;
      if (!called || !scopes) return next();
      const scope = [...new Set([...options.baseScopes, ...scopes])].join(' ');
      if (options.metaChallengeTools?.includes(called.name)) {
        // ChatGPT's form: a result the model can read, with the challenge in _meta.
        const description = `Sign in to use ${called.name}`;
        return c.json({
          jsonrpc: '2.0',
          id: called.id ?? null,
          result: {
            resultType: 'complete',
            isError: true,
            content: [{ type: 'text', text: `${description}: it acts on your account.` }],
            _meta: {
              'mcp/www_authenticate': [challenge(origin, { scope, error: 'insufficient_scope', error_description: description })],
            },
          },
        });
      }
      return unauthorized({ scope }, 401, `Unauthorized: ${called.name} needs a sign-in.`);
    }
    if (!presented) return unauthorized({ scope: options.baseScopes.join(' ') }, 401, 'Unauthorized: sign in with OAuth.');
    const token = options.verify(presented);
    if (!token)
      return unauthorized({ error: 'invalid_token', error_description: 'Unknown or expired token' }, 401, 'Unauthorized: invalid token.');
    if (token.resource !== `${origin}/mcp`)
      return unauthorized({ error: 'invalid_token', error_description: 'Token issued for another resource' }, 401, 'Wrong audience.');
    const needed = [...options.baseScopes];
    const tool = (await calledTool(c.req.raw))?.name;
    if (tool) needed.push(...(options.toolScopes[tool] ?? []));
    const missing = needed.filter((scope) => !token.scopes.includes(scope));
    if (missing.length) {
      return unauthorized(
        {
          error: 'insufficient_scope',
          scope: [...new Set([...token.scopes, ...needed])].join(' '),
          error_description: `Needs ${missing.join(' ')}`,
        },
        403,
        `Forbidden: this needs the scope ${missing.join(' ')}.`,
      );
    }
    c.set('authInfo', {
      token: presented,
      clientId: token.clientId,
      scopes: token.scopes,
      expiresAt: Math.floor(token.expiresAt / 1000),
      extra: { subject: token.subject },
    });
    return next();
  };
}

/** What the demo's OAuth mode protects: reading needs catalog:read, the seasonal toggle catalog:write. */
export function demoProtection(authServer: AuthServer): ProtectionOptions {
  return {
    issuer: authServer.issuer,
    verify: authServer.verify,
    baseScopes: ['catalog:read'],
    toolScopes: { toggle_seasonal_offer: ['catalog:write'] },
    scopesSupported: ['catalog:read', 'catalog:write'],
  };
}

/**
 * The demo's lazy (mixed) auth mode: anyone may connect, list and call the read-only tools; two
 * tools need an account — get_stock_report (catalog:read) and restock_product (catalog:read and
 * catalog:write, a step-up from the first) — and report_price_issue asks ChatGPT's way, with a
 * result carrying `_meta["mcp/www_authenticate"]`.
 */
export function demoLazyProtection(authServer: AuthServer): ProtectionOptions {
  return {
    issuer: authServer.issuer,
    verify: authServer.verify,
    baseScopes: [],
    toolScopes: {
      get_stock_report: ['catalog:read'],
      restock_product: ['catalog:read', 'catalog:write'],
      report_price_issue: ['catalog:read'],
    },
    scopesSupported: ['catalog:read', 'catalog:write'],
    anonymous: true,
    metaChallengeTools: ['report_price_issue'],
  };
}
