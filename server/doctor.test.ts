// The connection doctor against real servers that each get one thing wrong.
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnose } from './doctor.ts';
import { covers } from './doctorAuth.ts';
import { startAuthServer, startDemoServer, startEverything, type RunningServer } from './testing/testServers.ts';
import { demoProtection } from './oauth/protectedResource.ts';

const ORIGIN = 'http://127.0.0.1:6274';
const servers: RunningServer[] = [];
const start = async (server: Promise<RunningServer>) => {
  const running = await server;
  servers.push(running);
  return running;
};
afterAll(async () => {
  for (const server of servers) await server.stop();
});

let full: RunningServer;
let noCors: RunningServer;
let legacyHeadersOnly: RunningServer;
let noExpose: RunningServer;
let everything: RunningServer;
let protectedServer: RunningServer;
beforeAll(async () => {
  [full, noCors, legacyHeadersOnly, noExpose, protectedServer, everything] = await Promise.all([
    start(startDemoServer()),
    start(startDemoServer({ cors: false })),
    start(startDemoServer({ cors: { allowHeaders: ['Content-Type', 'Mcp-Session-Id'] } })),
    start(startDemoServer({ bearerToken: 'secret', cors: { exposeHeaders: [] } })),
    start(startDemoServer({ bearerToken: 'secret' })),
    start(startEverything()),
  ]);
});

const byCheck = (checks: Awaited<ReturnType<typeof diagnose>>, name: string) => checks.filter((check) => check.check === name);

describe('connection doctor', () => {
  it('passes a correct 2026-era server', async () => {
    const checks = await diagnose(full.url, ORIGIN);
    expect(checks.every((check) => check.status === 'ok')).toBe(true);
    expect(byCheck(checks, 'Protocol era')[0]?.sentence).toContain('Answered server/discover → 2026-07-28');
  });

  it('names a missing Access-Control-Allow-Origin', async () => {
    const checks = await diagnose(noCors.url, ORIGIN);
    expect(byCheck(checks, 'CORS on responses')[0]).toMatchObject({
      status: 'fail',
      sentence: expect.stringContaining('no Access-Control-Allow-Origin'),
    });
  });

  it('names each header missing from Access-Control-Allow-Headers', async () => {
    const checks = await diagnose(legacyHeadersOnly.url, ORIGIN);
    const modern = byCheck(checks, 'CORS preflight (2026-07-28 headers)')[0];
    expect(modern?.status).toBe('warn');
    expect(modern?.sentence).toContain('lacks authorization, mcp-protocol-version, mcp-method, mcp-name');
  });

  it('reports the auth challenge, and WWW-Authenticate missing from Access-Control-Expose-Headers', async () => {
    const checks = await diagnose(protectedServer.url, ORIGIN);
    expect(byCheck(checks, 'Authorization')[0]).toMatchObject({ status: 'warn', sentence: expect.stringContaining('HTTP 401') });
    expect(byCheck(checks, 'CORS exposed headers')).toEqual([]);
    const hidden = await diagnose(noExpose.url, ORIGIN);
    expect(byCheck(hidden, 'CORS exposed headers')[0]).toMatchObject({
      status: 'warn',
      sentence: expect.stringContaining('WWW-Authenticate is not in Access-Control-Expose-Headers'),
    });
    // A bearer challenge with no OAuth metadata anywhere: said so, with the fix.
    expect(byCheck(checks, 'Protected resource metadata')[0]).toMatchObject({
      status: 'fail',
      sentence: expect.stringContaining(
        `Not found (RFC 9728) at ${new URL(protectedServer.url).origin}/.well-known/oauth-protected-resource/mcp`,
      ),
    });
  });

  it('follows OAuth discovery: protected resource metadata found, authorization server metadata checked', async () => {
    const auth = await startAuthServer({ tokenCors: false });
    servers.push(auth);
    const oauth = await start(startDemoServer({ oauth: demoProtection(auth.authServer) }));
    const checks = await diagnose(oauth.url, ORIGIN);
    expect(byCheck(checks, 'Protected resource metadata')[0]).toMatchObject({
      status: 'ok',
      sentence: `Found at ${new URL(oauth.url).origin}/.well-known/oauth-protected-resource/mcp: resource ${oauth.url}, authorization server ${auth.url}.`,
    });
    expect(byCheck(checks, 'Authorization server metadata')[0]).toMatchObject({
      status: 'ok',
      sentence: expect.stringContaining(
        'issuer matches, PKCE S256 supported; clients can identify themselves by Client ID Metadata Documents or Dynamic Client Registration',
      ),
    });
    // An authorization server named by another spelling of its host: the issuer differs.
    const mismatched = await start(
      startDemoServer({ oauth: { ...demoProtection(auth.authServer), issuer: auth.url.replace('127.0.0.1', 'localhost') } }),
    );
    const wrong = await diagnose(mismatched.url, ORIGIN);
    expect(byCheck(wrong, 'Authorization server metadata')[0]).toMatchObject({
      status: 'fail',
      sentence: expect.stringContaining(`its issuer is "${auth.url}"`),
    });
  });

  it('detects the 2025 era of server-everything and why', async () => {
    const checks = await diagnose(everything.url, ORIGIN);
    expect(byCheck(checks, 'Protocol era')[0]?.sentence).toMatch(/initialize succeeded → 2025 era, 2025-11-25/);
  });

  it('says when the URL is an HTML page, or nothing listens', async () => {
    const html = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hi</html>'));
    await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', resolve));
    const address = html.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const checks = await diagnose(`http://127.0.0.1:${port}/`, ORIGIN);
    expect(byCheck(checks, 'MCP endpoint')[0]?.sentence).toContain('HTML page');
    await new Promise((resolve) => html.close(resolve));
    const gone = await diagnose(`http://127.0.0.1:${port}/mcp`, ORIGIN);
    expect(gone[0]).toMatchObject({ check: 'Reachability', status: 'fail', sentence: expect.stringContaining('TCP: nothing listens') });
  });
});

describe('a plain 403 (a Host-header check, as @playwright/mcp answers 127.0.0.1)', () => {
  it('is a refusal with the server’s words and the host-name hint, not an OAuth discovery', async () => {
    const refusing = createServer((_request, response) => {
      response.writeHead(403, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*' });
      response.end('Invalid Host header');
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    try {
      const address = refusing.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const checks = await diagnose(`http://127.0.0.1:${port}/mcp`, ORIGIN);
      expect(byCheck(checks, 'Forbidden')[0]).toMatchObject({
        status: 'fail',
        sentence: expect.stringContaining('“Invalid Host header”'),
        fix: expect.stringContaining(`http://localhost:${port}/mcp`),
      });
      expect(byCheck(checks, 'Protected resource metadata')).toEqual([]);
      expect(byCheck(checks, 'Authorization')).toEqual([]);
    } finally {
      await new Promise((resolve) => refusing.close(resolve));
    }
  });
});

describe('what the doctor itself will not do', () => {
  /** A raw HTTP server for one test, on a free loopback port; its URL. */
  async function raw(handler: Parameters<typeof createServer>[1]) {
    const server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/mcp`, server };
  }
  const close = (server: ReturnType<typeof createServer>) => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  };

  it('does not follow a redirect: it reports the Location, and the target is never contacted', async () => {
    let contacted = 0;
    const target = await raw((_request, response) => {
      contacted++;
      response.end('{}');
    });
    const redirecting = await raw((_request, response) => {
      response.writeHead(307, { location: target.url });
      response.end();
    });
    try {
      const checks = await diagnose(redirecting.url, ORIGIN);
      expect(byCheck(checks, 'Redirect')[0]).toMatchObject({ status: 'fail', sentence: expect.stringContaining(target.url) });
      expect(contacted).toBe(0);
    } finally {
      await Promise.all([close(target.server), close(redirecting.server)]);
    }
  });

  it('reads at most 200 KB of a body that never ends, and answers', async () => {
    let sent = 0;
    const endless = await raw((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = 'x'.repeat(64 * 1024);
      const timer = setInterval(() => {
        if (response.destroyed || sent > 50 * 1024 * 1024) return clearInterval(timer);
        sent += chunk.length;
        response.write(chunk);
      }, 1);
      response.on('close', () => clearInterval(timer));
    });
    try {
      const started = Date.now();
      const checks = await diagnose(endless.url, ORIGIN);
      expect(byCheck(checks, 'MCP endpoint')[0]?.status).toBe('fail');
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(sent).toBeLessThan(20 * 1024 * 1024);
    } finally {
      await close(endless.server);
    }
  });
});

describe('protected resource coverage', () => {
  it('needs the same origin and a whole-segment path prefix', () => {
    const server = new URL('https://api.example/mcp');
    expect(covers('https://api.example/mcp', server)).toBe(true);
    expect(covers('https://api.example/', server)).toBe(true);
    expect(covers('https://api.example', server)).toBe(true);
    expect(covers('https://api.example/mc', server)).toBe(false);
    expect(covers('https://api.example/mcp/tools', server)).toBe(false);
    expect(covers('https://other.example/mcp', server)).toBe(false);
    expect(covers('not a url', server)).toBe(false);
    expect(covers(undefined, server)).toBe(false);
  });
});
