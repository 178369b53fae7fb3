// The MCP Apps sandbox: one origin per server (<id>.localhost on its port) for its relay — framed
// by Toolscope's page alone, with no network of its own — and its app, whose policy is a header
// registered by the page for one load and whose violations the browser reports here; Toolscope's
// own CSP frames those origins and nothing else.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './csp.ts';
import { NO_WEBRTC } from './noWebRtc.ts';
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
const portHost = () => `127.0.0.1:${port}`;
const app = (id = 'a1b2c3') => `${id}.localhost:${port}`;

/** Registers a load as Toolscope's page does: its session token. */
async function register(body: Record<string, unknown>, origin = HOST) {
  const answer = await send('/app-session', portHost(), {
    method: 'POST',
    headers: { origin, 'content-type': 'text/plain' },
    body: JSON.stringify(body),
  });
  return { ...answer, session: answer.status === 200 ? (JSON.parse(answer.body) as { session: string }).session : undefined };
}

describe('the relay', () => {
  it('is on its server’s own origin, framable by Toolscope’s page alone, with no network, no eval, no inline code', async () => {
    expect(new URL(sandbox.origin).origin).not.toBe(HOST);
    const page = await send('/sandbox.html', app());
    expect(page.status).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors http://127.0.0.1:6274 http://localhost:6274",
    );
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('frames the app from the sandbox (a registered load), strict opaque (no allow-same-origin); never writes it into a frame of its own', async () => {
    const script = (await send('/sandbox.js', app())).body;
    expect(script).toContain('STRICT ? "allow-scripts allow-forms" : "allow-scripts allow-same-origin allow-forms"');
    expect(script).toContain("get('profile') === 'strict'");
    expect(script).toContain("'/app.html?' + new URLSearchParams({ session: SESSION })");
    // The WebRTC guard (./noWebRtc.ts) reads frames' windows; the relay itself never writes one.
    expect(script).toContain(NO_WEBRTC);
    expect(script.replace(NO_WEBRTC, '')).not.toMatch(/srcdoc|contentDocument|document\.write/);
    expect(script).not.toMatch(/allow-top-navigation|allow-popups/);
    expect(script).toContain('["http://127.0.0.1:6274","http://localhost:6274"]');
  });

  it('serves relay and app only under <id>.localhost, the page’s endpoints only under the port’s own name, nothing under another Host', async () => {
    expect((await send('/sandbox.html', portHost())).status).toBe(404);
    expect((await send('/app-loader.js', portHost())).status).toBe(404);
    expect((await send('/sandbox.html', `evil.example:${port}`)).status).toBe(421);
    expect((await send('/sandbox.html', `a.b.localhost:${port}`)).status).toBe(421);
    expect((await send('/', app())).status).toBe(404);
    expect((await send('/mcp', app())).status).toBe(404);
    expect((await send('/sandbox.html', app(), { method: 'POST' })).status).toBe(405);
  });
});

describe('an app’s page', () => {
  it('is registered by Toolscope’s page alone: an app (its own Origin) or a website cannot', async () => {
    expect((await register({ app: 'a1b2c3' }, `http://a1b2c3.localhost:${port}`)).status).toBe(403);
    expect((await register({ app: 'a1b2c3' }, 'https://evil.example')).status).toBe(403);
    expect((await register({ app: 'A B' })).status).toBe(400);
    const ok = await register({ app: 'a1b2c3' });
    expect(ok.headers['access-control-allow-origin']).toBe(HOST);
    expect(ok.session).toMatch(/^[a-f0-9]{32}$/);
  });

  it('carries the app’s policy as a header (built from what it declares, hostile entries left out), served once, on its own origin', async () => {
    const csp = { connectDomains: ['https://api.example.com', "'unsafe-eval'", 'https://x; script-src *'] };
    const { session } = await register({ app: 'a1b2c3', profile: 'strict', csp, report: 'ab'.repeat(16) });
    // Another server's origin cannot use it.
    expect((await send(`/app.html?session=${session}`, app('zz9'))).status).toBe(404);
    const page = await send(`/app.html?session=${session}`, app());
    expect(page.status).toBe(200);
    const policies = page.headers['content-security-policy'] as unknown as string;
    // Two policies, both enforced: the widest any app gets, and this app's own.
    const [wide, own] = policies.split(/,\s*(?=default-src)/);
    expect(wide).toContain("frame-ancestors http://127.0.0.1:6274 http://localhost:6274 'self'");
    expect(own).toContain('connect-src https://api.example.com;');
    expect(own).not.toMatch(/'unsafe-eval'|script-src \*/);
    expect(own).toContain(`report-uri /csp-report/${'ab'.repeat(16)}`);
    expect(page.headers['content-security-policy-report-only']).toBeUndefined();
    // Once: an app cannot load itself again (under whatever policy) with the same session.
    expect((await send(`/app.html?session=${session}`, app())).status).toBe(404);
    expect((await send('/app.html', app())).status).toBe(404);
  });

  it('under the reference profile, also reports (never blocks) what the strict one would block', async () => {
    const { session } = await register({ app: 'a1b2c3', profile: 'reference', report: 'cd'.repeat(16) });
    const page = await send(`/app.html?session=${session}`, app());
    expect(page.headers['content-security-policy-report-only']).toContain("script-src 'self' 'unsafe-inline' https: http:");
    expect(page.headers['content-security-policy-report-only']).toContain(`report-uri /csp-report/${'cd'.repeat(16)}`);
  });

  it('loads the document only from its relay (its own origin), and only once', async () => {
    const loader = (await send('/app-loader.js', app())).body;
    expect(loader).toContain(`["http://a1b2c3.localhost:${port}"]`);
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
    const read = await send(`/csp-reports/${token}`, portHost(), { headers: { origin: HOST } });
    expect(read.headers['access-control-allow-origin']).toBe(HOST);
    expect(JSON.parse(read.body)).toEqual({
      reports: [{ directive: 'connect-src', blocked: 'https://undeclared.example/data', disposition: 'enforce', sample: '' }],
      dropped: { enforce: 0, report: 0 },
    });
    // Another page (an app, a website) gets no CORS grant: its browser will not let it read them.
    const foreign = await send(`/csp-reports/${token}`, portHost(), { headers: { origin: `http://a1b2c3.localhost:${port}` } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    // A body over 64 kB is not kept.
    await send(`/csp-report/${token}`, app(), { method: 'POST', body: 'x'.repeat(70_000) }).catch(() => undefined);
    expect((JSON.parse((await send(`/csp-reports/${token}`, portHost())).body) as { reports: unknown[] }).reports).toHaveLength(1);
  });

  it('a flood of forged report-only reports never crowds out a blocked load; enforced ones past the room are counted (audit 4, N3)', async () => {
    const token = 'f'.repeat(32);
    const post = (disposition: string, blocked: string) =>
      send(`/csp-report/${token}`, app(), {
        method: 'POST',
        headers: { 'content-type': 'application/csp-report' },
        body: JSON.stringify({ 'csp-report': { 'effective-directive': 'connect-src', 'blocked-uri': blocked, disposition } }),
      });
    for (let index = 0; index < 220; index++) await post('report', `https://forged.example/${index}`);
    await post('enforce', 'https://undeclared.example/real');
    const read = JSON.parse((await send(`/csp-reports/${token}`, portHost())).body) as {
      reports: { blocked: string; disposition: string }[];
      dropped: { enforce: number; report: number };
    };
    expect(read.reports.filter((report) => report.disposition === 'report')).toHaveLength(100);
    expect(read.reports.at(-1)).toMatchObject({ blocked: 'https://undeclared.example/real', disposition: 'enforce' });
    expect(read.dropped).toEqual({ enforce: 0, report: 120 });
    // Enforced reports: each kind once, and past 200 kinds counted, never silently gone.
    for (let index = 0; index < 205; index++) await post('enforce', `https://many.example/${index}`);
    await post('enforce', 'https://undeclared.example/real');
    const after = JSON.parse((await send(`/csp-reports/${token}`, portHost())).body) as typeof read;
    expect(after.reports.filter((report) => report.disposition === 'enforce')).toHaveLength(200);
    expect(after.dropped.enforce).toBe(6);
  });
});

describe('Toolscope’s own CSP', () => {
  it('frames the sandbox origin and nothing else; nothing at all without one', () => {
    expect(contentSecurityPolicy({ sandbox: sandbox.origin })).toContain(`frame-src http://*.localhost:${port};`);
    expect(contentSecurityPolicy()).toContain("frame-src 'none'");
  });
});
