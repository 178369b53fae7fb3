// The HTTP side of `npm start`: the demo MCP endpoint (with the CORS a browser client needs)
// and, when given, the built app. Everything binds to loopback; see main.ts.
import { Hono } from 'hono';
import './authInfo.ts';
import { MCP_EXPOSED_HEADERS } from '../src/mcp/wire/headers.ts';
import { cors } from 'hono/cors';
import { serveStatic } from '@hono/node-server/serve-static';
import {
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  originValidationResponse,
  type McpHttpHandler,
} from '@modelcontextprotocol/server';
import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inlineScriptHashes, securityHeaders } from './csp.ts';
import { diagnose } from './doctor.ts';
import { proxySession, sameSecret, type Proxy } from './proxyRoutes.ts';
import { withCutStream } from './demo/cutStream.ts';
import { protectResource, type ProtectionOptions } from './oauth/protectedResource.ts';
import { clientMetadataDocument } from './oauth/clientMetadata.ts';
import { mountStdio, stdioHandout, type StdioEndpoint } from './stdio/routes.ts';

export interface AppOptions {
  /** What answers /mcp: the SDK's handler (the demo, a mock), or anything that answers a Request (the recording proxy). */
  mcp: Pick<McpHttpHandler, 'fetch'>;
  /** Directory of the built app to serve; omitted in dev mode (Vite serves it). */
  staticRoot?: string;
  /** When set, /mcp answers 401 unless `Authorization: Bearer <token>` is sent. */
  bearerToken?: string;
  /** The loopback proxy, mounted at /proxy (with its token handout at /proxy/session). */
  proxy?: Proxy;
  /** false: no CORS at all (a browser cannot call /mcp directly); an object: a narrower policy. */
  cors?: boolean | { allowHeaders?: string[]; exposeHeaders?: string[] };
  /** When set, /mcp is an OAuth-protected resource of this authorization server. */
  oauth?: ProtectionOptions;
  /** A stdio server from the terminal, bridged at /stdio/mcp (its token handed out with the proxy's). */
  stdio?: StdioEndpoint;
  /** Servers of the launch's config the page opens beside the first (handed out with the proxy's token). */
  launch?: readonly { url: string; headers: Record<string, string> }[];
  /** The MCP Apps sandbox origin (server/sandbox.ts), once it listens: framed by the page, handed out with the session. */
  sandbox?: () => string | undefined;
  /**
   * Which pages may call /mcp: 'own' (the default) — Toolscope's own page alone, this server's
   * exact origin under each loopback name; 'loopback' — any loopback origin, the SDK's default
   * (test servers standing for someone else's server, called from another port's page).
   */
  mcpOrigins?: 'own' | 'loopback';
  /**
   * The Server Card for `<origin>/mcp`, served at /mcp/server-card (SEP-2127); none when absent.
   * A function that gives undefined answers 404 (with CORS, so a page reads "none").
   */
  serverCard?: (mcpUrl: string) => unknown;
  /** false: /mcp passes every stream on whole (the demo's cut of stream_price_feed is for the demo and its mock). */
  faults?: false;
  /** The taps running on this machine (server/tap/tapRegistry.ts), listed at /proxy/taps behind the proxy's caller checks. */
  taps?: () => unknown[];
}

// What a browser needs to call an MCP endpoint directly: allowed request headers are reflected
// from the preflight (which covers Authorization and every Mcp-Param-*), and the headers the
// client must read are exposed (src/mcp/wire/headers.ts).

/**
 * This server's own origin for a request: the loopback name the request used (Host validation
 * admits only those) with the port the server really listens on — never a port from the Host
 * header, which a caller chooses.
 */
function listeningOrigin(c: Context): string {
  const url = new URL(c.req.url);
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const port = incoming?.socket.localPort ?? url.port;
  return `${url.protocol}//${url.hostname}${port ? `:${port}` : ''}`;
}

/** This server's own page origins: the port it listens on, under each loopback name. */
const ownOrigins = (c: Context) => {
  const port = new URL(listeningOrigin(c)).port;
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`];
};

export function createApp({
  mcp,
  staticRoot,
  bearerToken,
  proxy,
  cors: withCors = true,
  oauth,
  stdio,
  launch,
  sandbox,
  mcpOrigins = 'own',
  serverCard,
  faults,
  taps,
}: AppOptions): Hono {
  const app = new Hono();
  // Every route answers loopback names only (DNS rebinding: a page on evil.example whose name
  // now points at 127.0.0.1 sends Host: evil.example and is refused). The proxy and the stdio
  // bridge run their own caller checks (proxy.ts, stdio/routes.ts), with their own error codes.
  app.use('*', async (c, next) =>
    /^\/(proxy|stdio)(\/|$)/.test(c.req.path) ? next() : (hostHeaderValidationResponse(c.req.raw, localhostAllowedHostnames()) ?? next()),
  );
  // Toolscope's Client ID Metadata Document: its client_id is its own URL on this origin.
  app.get('/oauth/client-metadata.json', (c) => c.json(clientMetadataDocument(listeningOrigin(c))));
  if (proxy) {
    app.get('/proxy/session', (c) => {
      const sandboxOrigin = sandbox?.();
      return proxySession(c.req.raw, proxy, {
        ...(stdio ? { stdio: stdioHandout(stdio) } : {}),
        ...(sandboxOrigin ? { sandbox: sandboxOrigin } : {}),
        ...(launch?.length ? { launch } : {}),
      });
    });
    app.all('/proxy', (c) => proxy.handle(c.req.raw));
    // Ctrl+K "Watch a tap": the taps of this machine (their page links), for this page alone.
    app.get('/proxy/taps', (c) => proxy.check(c.req.raw) ?? c.json({ taps: taps?.() ?? [] }));
    // The connection doctor runs its probes here, behind the proxy's caller checks.
    app.post('/proxy/diagnose', async (c) => {
      const refusal = proxy.check(c.req.raw);
      if (refusal) return refusal;
      const body: unknown = await c.req.json().catch(() => undefined);
      const target = typeof body === 'object' && body !== null && 'target' in body && typeof body.target === 'string' ? body.target : '';
      let url: URL;
      try {
        url = new URL(target);
      } catch {
        return c.json({ error: 'bad_target', detail: 'The target is not an absolute URL.' }, 400);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        return c.json({ error: 'scheme_not_allowed', detail: 'Only http: and https: targets.' }, 400);
      return c.json({ checks: await diagnose(url.href, listeningOrigin(c)) });
    });
  }
  if (stdio) mountStdio(app, stdio);
  if (withCors) {
    // Tests pass a narrower policy to imitate servers that get CORS partly wrong.
    const custom = typeof withCors === 'object' ? withCors : undefined;
    app.use(
      '/mcp',
      cors({
        origin: '*',
        allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
        allowHeaders: custom?.allowHeaders ?? [],
        exposeHeaders: custom?.exposeHeaders ?? [...MCP_EXPOSED_HEADERS],
        maxAge: 600,
      }),
    );
  }
  // The demo endpoint answers Toolscope's own page only (a website the person visits, an MCP App
  // on the sandbox's *.localhost origins, or any other page on another loopback port cannot drive
  // it or spend its rate limit); clients without an Origin (not browsers) pass.
  app.use('/mcp', async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    if (mcpOrigins === 'loopback') return originValidationResponse(c.req.raw, localhostAllowedOrigins()) ?? next();
    const origin = c.req.header('origin');
    if (origin === undefined || ownOrigins(c as Context).includes(origin)) return next();
    return c.json(
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: `Origin ${origin.slice(0, 100)} may not call this endpoint: only Toolscope's own page may.` },
      },
      403,
    );
  });
  if (bearerToken) {
    app.use('/mcp', async (c, next) => {
      // Either an Authorization bearer token or an X-API-Key header, as real servers accept.
      const authorized =
        sameSecret(c.req.header('authorization') ?? null, `Bearer ${bearerToken}`) ||
        sameSecret(c.req.header('x-api-key') ?? null, bearerToken);
      if (authorized) c.set('authInfo', { token: bearerToken, clientId: 'bearer-token-holder', scopes: [] });
      if (c.req.method === 'OPTIONS' || authorized) return next();
      // RFC 6750 §3.1: no error code when the request carried no credentials at all.
      const presented = c.req.header('authorization') !== undefined || c.req.header('x-api-key') !== undefined;
      c.header(
        'WWW-Authenticate',
        presented
          ? 'Bearer realm="toolscope-demo", error="invalid_token", error_description="Unknown token"'
          : 'Bearer realm="toolscope-demo"',
      );
      return c.json(
        { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Unauthorized: this demo endpoint needs a bearer token' } },
        401,
      );
    });
  }
  if (oauth) app.use('/mcp', protectResource(app, oauth));
  // Public discovery metadata: any page may read it (the extension's CORS requirements).
  if (serverCard)
    app.get('/mcp/server-card', async (c) => {
      const card = await serverCard(`${listeningOrigin(c)}/mcp`);
      const cors = {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET',
        'Access-Control-Allow-Headers': 'Content-Type',
      };
      // None to serve (a mock of a server that published none): a 404 a page can read.
      if (card === undefined) return c.json({ error: 'No Server Card here.' }, 404, cors);
      return c.json(card, 200, { ...cors, 'Content-Type': 'application/mcp-server-card+json', 'Cache-Control': 'public, max-age=3600' });
    });
  // The verified caller (if any) reaches the tools, which bind handles and rate limits to it.
  app.all('/mcp', (c) => {
    const handle = (request: Request) => mcp.fetch(request, { authInfo: c.get('authInfo') });
    return faults === false ? handle(c.req.raw) : withCutStream(c.req.raw, handle);
  });
  if (staticRoot) {
    const scriptHashes = builtScriptHashes(staticRoot);
    app.use('*', async (c, next) => {
      await next();
      for (const [name, value] of Object.entries(
        securityHeaders({ allowEval: process.env.TOOLSCOPE_CSP_NO_EVAL !== '1', sandbox: sandbox?.(), scriptHashes: scriptHashes() }),
      ))
        c.header(name, value);
    });
    // Built chunks are named by their content hash: cached for good (the chunk loader fetches
    // one before importing it, and the import is then served from the cache).
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    });
    // The service worker (src/app/shell/assetCache.worker.ts) names this build's files: always asked
    // for afresh, so a new build's worker replaces the old one at the next visit.
    app.use('/sw.js', async (c, next) => {
      await next();
      if (c.res.ok) c.header('Cache-Control', 'no-cache');
    });
    app.use('/*', serveStatic({ root: staticRoot }));
    // A chunk that is not there (the app was rebuilt, so its names changed) is a 404, never the
    // app's page: the chunk loader then says to reload instead of failing on HTML as a script.
    app.get('/assets/*', (c) => c.text('Not found', 404));
    app.get('*', serveStatic({ root: staticRoot, path: 'index.html' }));
  }
  return app;
}

/** The built page's inline script hashes, read again whenever index.html changes (a rebuild). */
function builtScriptHashes(staticRoot: string): () => string[] {
  let seen: { mtimeMs: number; hashes: string[] } | undefined;
  return () => {
    try {
      const file = join(staticRoot, 'index.html');
      const { mtimeMs } = statSync(file);
      if (seen?.mtimeMs !== mtimeMs) seen = { mtimeMs, hashes: inlineScriptHashes(readFileSync(file, 'utf8')) };
      return seen.hashes;
    } catch {
      return [];
    }
  };
}
