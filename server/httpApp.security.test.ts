// Toolscope's own server follows the spec's MUSTs for a local HTTP server: Host and Origin are
// validated (DNS rebinding, a website driving the demo), the client metadata document is built
// from the listening address, and `npm run dev` serves the same security headers as `npm start`.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningServer } from './testing/testServers.ts';

let demo: RunningServer;
beforeAll(async () => {
  demo = await startDemoServer({ mcpOrigins: 'own' });
});
afterAll(() => demo.stop());

/** A raw request (fetch may not set Host): status and body. */
function send(path: string, headers: Record<string, string>, method = 'GET', body?: string) {
  const url = new URL(path, demo.url);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = request(url, { method, headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
});
const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('the demo server’s own checks', () => {
  it('refuses a request whose Host is not a loopback name (DNS rebinding), on every route', async () => {
    for (const path of ['/mcp', '/oauth/client-metadata.json'])
      expect(
        (
          await send(
            path,
            { ...mcpHeaders, host: 'evil.example' },
            path === '/mcp' ? 'POST' : 'GET',
            path === '/mcp' ? initialize : undefined,
          )
        ).status,
      ).toBe(403);
  });

  it('answers /mcp for Toolscope’s own page alone (its exact port) and clients without an Origin', async () => {
    const port = new URL(demo.url).port;
    const host = `127.0.0.1:${port}`;
    // A website, another loopback port's page, an MCP App on the sandbox's *.localhost origins:
    // refused before the server runs anything (the audit's app created and deleted a basket here).
    for (const origin of [
      'https://evil.example',
      'http://localhost:6274',
      `http://127.0.0.1:${Number(port) + 1}`,
      `http://a1b2c3.localhost:${port}`,
    ]) {
      const refused = await send('/mcp', { ...mcpHeaders, host, origin }, 'POST', initialize);
      expect(refused.status, origin).toBe(403);
      expect(refused.body).toContain('only Toolscope');
    }
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`])
      expect((await send('/mcp', { ...mcpHeaders, host, origin }, 'POST', initialize)).status, origin).toBe(200);
    expect((await send('/mcp', { ...mcpHeaders, host }, 'POST', initialize)).status).toBe(200);
  });

  it('builds the client metadata’s redirect URI from the listening port, not the Host header', async () => {
    const port = new URL(demo.url).port;
    const { status, body } = await send('/oauth/client-metadata.json', { host: 'localhost:9999' });
    expect(status).toBe(200);
    const document = JSON.parse(body) as { client_id: string; redirect_uris: string[] };
    expect(document.redirect_uris).toEqual([`http://localhost:${port}/oauth-callback.html`]);
    expect(document.client_id).toBe(`http://localhost:${port}/oauth/client-metadata.json`);
  });
});

describe('npm run dev', () => {
  it('serves the page with the same security headers as npm start', async () => {
    const bin = fileURLToPath(new URL('../bin/toolscope.mjs', import.meta.url));
    const child = spawn(process.execPath, [bin, '--dev', '--port', '0'], {
      env: { ...process.env, MAX_LIFETIME_MS: '60000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const origin = await new Promise<string>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`dev server did not start: ${out}`)), 45_000);
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /Open: (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
          if (match?.[1]) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        });
        child.on('exit', (code) => reject(new Error(`dev server exited (${code}): ${out}`)));
      });
      const response = await fetch(`${origin}/`);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      const csp = response.headers.get('content-security-policy') ?? '';
      for (const directive of ["object-src 'none'", "frame-ancestors 'none'", "base-uri 'none'", "form-action 'none'"])
        expect(csp).toContain(directive);
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);
});
