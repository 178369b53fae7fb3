// The MCP Apps sandbox: a relay framed by Toolscope's page alone, with no network of its own, and
// one app origin per server (<id>.localhost on the same port) whose policy is a header and whose
// violations the browser reports here; Toolscope's own CSP frames the relay and nothing else.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './csp.ts';
import { startSandbox, type RunningSandbox } from './sandbox.ts';

const HOST = 'http://127.0.0.1:6274';
let sandbox: RunningSandbox;
let port: string;
beforeAll(async () => {
  sandbox = await startSandbox(HOST, 0);
  port = new URL(sandbox.origin).port;
});
afterAll(() => sandbox.stop());

/** A raw request with the Host a browser would send (fetch may not set it). */
function send(path: string, host: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const outgoing = request(
      new URL(path, sandbox.origin),
      { method: options.method ?? 'GET', headers: { host, ...options.headers } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}
const relay = () => `127.0.0.1:${port}`;
const app = (id = 'a1b2c3') => `${id}.localhost:${port}`;

describe('the relay', () => {
  it('is another origin, framable by Toolscope’s page alone, with no network and no frame but an app origin’s', async () => {
    expect(new URL(sandbox.origin).origin).not.toBe(HOST);
    const page = await send('/sandbox.html', relay());
    expect(page.status).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors http://127.0.0.1:6274 http://localhost:6274');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`frame-src http://*.localhost:${port}`);
    expect(csp).not.toMatch(/connect-src|https:|unsafe/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('frames the app on the server’s own origin: strict opaque (no allow-same-origin), reference on <id>.localhost; never writes it into itself', async () => {
    const script = (await send('/sandbox.js', relay())).body;
    expect(script).toContain('STRICT ? "allow-scripts allow-forms" : "allow-scripts allow-same-origin allow-forms"');
    expect(script).toContain("get('profile') === 'strict'");
    expect(script).toContain("'.localhost:' + location.port");
    expect(script).not.toMatch(/srcdoc|contentDocument|document\.write/);
    expect(script).not.toMatch(/allow-top-navigation|allow-popups/);
    expect(script).toContain('["http://127.0.0.1:6274","http://localhost:6274"]');
  });

  it('serves the relay only under a loopback name, the app only under <id>.localhost, nothing under another Host', async () => {
    expect((await send('/sandbox.html', app())).status).toBe(404);
    expect((await send('/app.html', relay())).status).toBe(404);
    expect((await send('/sandbox.html', `evil.example:${port}`)).status).toBe(421);
    expect((await send('/app.html', `a.b.localhost:${port}`)).status).toBe(421);
    expect((await send('/', relay())).status).toBe(404);
    expect((await send('/mcp', relay())).status).toBe(404);
    expect((await send('/sandbox.html', relay(), { method: 'POST' })).status).toBe(405);
  });
});

describe('an app’s page', () => {
  const appPage = (query: Record<string, string>) => send(`/app.html?${new URLSearchParams(query)}`, app());

  it('carries the app’s policy as a header (built from what it declares, hostile entries left out), reporting here', async () => {
    const csp = { connectDomains: ['https://api.example.com', "'unsafe-eval'", 'https://x; script-src *'] };
    const page = await appPage({ profile: 'strict', csp: JSON.stringify(csp), report: 'ab'.repeat(16) });
    const policies = page.headers['content-security-policy'] as unknown as string;
    // Two policies, both enforced: the widest any app gets, and this app's own.
    const [wide, own] = policies.split(/,\s*(?=default-src)/);
    expect(wide).toContain(`frame-ancestors http://127.0.0.1:6274 http://localhost:6274 http://127.0.0.1:${port} http://localhost:${port}`);
    expect(own).toContain('connect-src https://api.example.com;');
    expect(own).not.toMatch(/'unsafe-eval'|script-src \*/);
    expect(own).toContain(`report-uri /csp-report/${'ab'.repeat(16)}`);
    expect(page.headers['content-security-policy-report-only']).toBeUndefined();
  });

  it('under the reference profile, also reports (never blocks) what the strict one would block', async () => {
    const page = await appPage({ profile: 'reference', report: 'cd'.repeat(16) });
    expect(page.headers['content-security-policy-report-only']).toContain("script-src 'self' 'unsafe-inline' https: http:");
    expect(page.headers['content-security-policy-report-only']).toContain(`report-uri /csp-report/${'cd'.repeat(16)}`);
  });

  it('loads the document only from the relay, and only once', async () => {
    const loader = (await send('/app-loader.js', app())).body;
    expect(loader).toContain(`["http://127.0.0.1:${port}","http://localhost:${port}"]`);
    expect(loader).toContain("window.removeEventListener('message', take)");
  });
});

describe('violation reports', () => {
  it('kept per app session, read by Toolscope’s page alone (CORS for its origin), bounded', async () => {
    const token = 'ef'.repeat(16);
    const report = {
      'csp-report': {
        'effective-directive': 'connect-src',
        'blocked-uri': 'https://undeclared.example/data',
        disposition: 'enforce',
        'script-sample': '',
      },
    };
    const posted = await send(`/csp-report/${token}`, app(), {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: JSON.stringify(report),
    });
    expect(posted.status).toBe(204);
    const read = await send(`/csp-reports/${token}`, relay(), { headers: { origin: HOST } });
    expect(read.headers['access-control-allow-origin']).toBe(HOST);
    expect(JSON.parse(read.body)).toEqual([
      { directive: 'connect-src', blocked: 'https://undeclared.example/data', disposition: 'enforce', sample: '' },
    ]);
    // Another page (an app, a website) gets no CORS grant: its browser will not let it read them.
    const foreign = await send(`/csp-reports/${token}`, relay(), { headers: { origin: `http://a1b2c3.localhost:${port}` } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    // A body over 64 kB is not kept.
    await send(`/csp-report/${token}`, app(), { method: 'POST', body: 'x'.repeat(70_000) }).catch(() => undefined);
    expect(JSON.parse((await send(`/csp-reports/${token}`, relay())).body)).toHaveLength(1);
  });
});

describe('Toolscope’s own CSP', () => {
  it('frames the sandbox origin and nothing else; nothing at all without one', () => {
    expect(contentSecurityPolicy({ sandbox: sandbox.origin })).toContain(`frame-src ${sandbox.origin};`);
    expect(contentSecurityPolicy()).toContain("frame-src 'none'");
  });
});
