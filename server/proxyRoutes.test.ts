// The loopback proxy's refusals, each proven with real HTTP requests against real servers.
import { createServer, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProxy, ERROR_HEADER, TARGET_HEADER, TOKEN_HEADER } from './proxyRoutes.ts';
import { startDemoServer, type RunningServer } from './testing/testServers.ts';

const proxy = createProxy({ maxRequestBytes: 64 * 1024 });
let app: RunningServer; // Toolscope's server with the proxy
let target: RunningServer; // an MCP server without CORS
let appOrigin: string;

interface Sent {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Raw HTTP, so Host and Origin can be set the way an attacker would. */
function send(
  path: string,
  { method = 'POST', headers = {}, body = '' }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Sent> {
  const url = new URL(path, appOrigin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const discover = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'server/discover',
  params: {
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'proxy-test', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
});

function good(extra: Record<string, string> = {}): Record<string, string> {
  const host = new URL(appOrigin).host;
  return {
    host,
    origin: `http://${host}`,
    [TOKEN_HEADER]: proxy.token,
    [TARGET_HEADER]: target.url,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': 'server/discover',
    ...extra,
  };
}

beforeAll(async () => {
  target = await startDemoServer({ cors: false });
  app = await startDemoServer({ proxy });
  appOrigin = new URL(app.url).origin;
});
afterAll(async () => {
  await app.stop();
  await target.stop();
});

describe('loopback proxy', () => {
  it('forwards MCP traffic from Toolscope’s own page to a server without CORS', async () => {
    const response = await send('/proxy', { headers: good({ cookie: 'session=secret' }), body: discover });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ result: { supportedVersions: ['2026-07-28'] } });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('forwards the user’s named custom headers but never cookies or its own headers', async () => {
    const echo = createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(req.headers)));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const address = echo.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/mcp`;
    const response = await send('/proxy', {
      headers: good({
        [TARGET_HEADER]: url,
        'x-api-key': 'k-123',
        'x-other': 'no',
        cookie: 'a=b',
        'x-toolscope-forward': 'X-API-Key, Cookie, Host, x-toolscope-target',
      }),
      body: discover,
    });
    const seen = JSON.parse(response.body) as Record<string, string>;
    expect(seen['x-api-key']).toBe('k-123');
    expect(seen['x-other']).toBeUndefined();
    expect(seen.cookie).toBeUndefined();
    expect(seen['x-toolscope-target']).toBeUndefined();
    expect(seen[TOKEN_HEADER]).toBeUndefined();
    await new Promise((resolve) => echo.close(resolve));
  });

  it('hands the token only to its own page', async () => {
    const host = new URL(appOrigin).host;
    const own = await send('/proxy/session', { method: 'GET', headers: { host, 'sec-fetch-site': 'same-origin' } });
    expect(JSON.parse(own.body)).toEqual({ token: proxy.token, path: '/proxy' });
    const foreign = await send('/proxy/session', { method: 'GET', headers: { host, origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    const crossSite = await send('/proxy/session', { method: 'GET', headers: { host, 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
  });

  it('refuses a wrong or missing token', async () => {
    expect((await send('/proxy', { headers: good({ [TOKEN_HEADER]: 'x'.repeat(43) }), body: discover })).status).toBe(401);
    const headers = good();
    delete headers[TOKEN_HEADER];
    const missing = await send('/proxy', { headers, body: discover });
    expect(missing.status).toBe(401);
    expect(missing.headers[ERROR_HEADER]).toBe('bad_token');
  });

  it('refuses a foreign Origin', async () => {
    const response = await send('/proxy', { headers: good({ origin: 'https://evil.example' }), body: discover });
    expect(response.status).toBe(403);
    expect(response.headers[ERROR_HEADER]).toBe('origin_not_allowed');
  });

  it('refuses a rebinding Host', async () => {
    const response = await send('/proxy', {
      headers: good({ host: 'attacker.example:80', origin: 'http://attacker.example:80' }),
      body: discover,
    });
    expect(response.status).toBe(403);
    expect(response.headers[ERROR_HEADER]).toBe('host_not_allowed');
  });

  it('refuses file:, data: and other schemes, and credentials in the URL', async () => {
    for (const bad of ['file:///etc/passwd', 'data:text/plain,hi', 'ftp://127.0.0.1/', 'gopher://x']) {
      const response = await send('/proxy', { headers: good({ [TARGET_HEADER]: bad }), body: discover });
      expect(response.status, bad).toBe(400);
      expect(response.headers[ERROR_HEADER]).toBe('scheme_not_allowed');
    }
    expect((await send('/proxy', { headers: good({ [TARGET_HEADER]: 'http://user:pw@127.0.0.1/' }), body: discover })).status).toBe(400);
  });

  it('refuses oversize requests and non-MCP methods', async () => {
    const oversize = await send('/proxy', { headers: good(), body: JSON.stringify({ padding: 'x'.repeat(100 * 1024) }) });
    expect(oversize.status).toBe(413);
    expect((await send('/proxy', { method: 'PUT', headers: good(), body: discover })).status).toBe(405);
    expect((await send('/proxy', { method: 'GET', headers: good({ accept: 'text/html' }) })).status).toBe(405);
  });

  it('forwards a GET for OAuth discovery documents only (the sign-in legs), nothing else', async () => {
    const origin = new URL(target.url).origin;
    const get = (path: string) =>
      send('/proxy', { method: 'GET', headers: good({ [TARGET_HEADER]: `${origin}${path}`, accept: 'application/json' }) });
    const metadata = await get('/oauth/client-metadata.json');
    expect(metadata.status).toBe(405);
    expect(metadata.headers[ERROR_HEADER]).toBe('method_not_allowed');
    for (const path of [
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-authorization-server',
      '/.well-known/openid-configuration',
    ]) {
      const response = await get(path);
      // Forwarded: the target's own answer (this demo is not protected, so 404), not a refusal.
      expect(response.headers[ERROR_HEADER], path).toBeUndefined();
      expect(response.status, path).toBe(404);
    }
    expect((await get('/.well-known/oauth-authorization-server-evil/../x')).status).toBe(405);
  });

  it('says when the target cannot be reached', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const address = probe.address();
    const closedPort = typeof address === 'object' && address ? address.port : 0;
    await new Promise((resolve) => probe.close(resolve));
    const response = await send('/proxy', { headers: good({ [TARGET_HEADER]: `http://127.0.0.1:${closedPort}/mcp` }), body: discover });
    expect(response.status).toBe(502);
    expect(response.headers[ERROR_HEADER]).toBe('upstream_unreachable');
    expect(JSON.parse(response.body)).toMatchObject({ detail: expect.stringContaining('ECONNREFUSED') });
  });
});
