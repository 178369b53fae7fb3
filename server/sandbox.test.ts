// The MCP Apps sandbox origin serves its proxy page only, framable only by Toolscope's page, and
// frames apps under a host profile (never on Toolscope's origin); Toolscope's own CSP frames that origin and nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './csp.ts';
import { startSandbox, type RunningSandbox } from './sandbox.ts';

const HOST = 'http://127.0.0.1:6274';
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox(HOST, 0);
});
afterAll(() => sandbox.stop());

describe('the sandbox origin', () => {
  it('is another origin, framable by Toolscope’s page alone', async () => {
    expect(new URL(sandbox.origin).origin).not.toBe(HOST);
    const page = await fetch(`${sandbox.origin}/sandbox.html`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-ancestors http://127.0.0.1:6274 http://localhost:6274');
    expect(csp).toContain("object-src 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('frames an app under the chosen profile: strict opaque (no allow-same-origin), reference on the sandbox origin', async () => {
    const script = await (await fetch(`${sandbox.origin}/sandbox.js`)).text();
    expect(script).toContain('STRICT ? "allow-scripts allow-forms" : "allow-scripts allow-same-origin allow-forms"');
    expect(script).toContain("get('profile') === 'strict'");
    expect(script).toContain('inner.srcdoc = params.html');
    expect(script).not.toMatch(/allow-top-navigation|allow-popups/);
    expect(script).toContain('["http://127.0.0.1:6274","http://localhost:6274"]');
  });

  it('reports (never blocks) under the reference profile what the strict one would block', async () => {
    const reference = await fetch(`${sandbox.origin}/sandbox.html`);
    expect(reference.headers.get('content-security-policy-report-only')).toContain("script-src 'self' 'unsafe-inline' https: http:");
    const strict = await fetch(`${sandbox.origin}/sandbox.html?profile=strict`);
    expect(strict.headers.get('content-security-policy-report-only')).toBeNull();
    expect(strict.headers.get('content-security-policy')).toContain('frame-ancestors http://127.0.0.1:6274');
  });

  it('serves nothing else, and only GET', async () => {
    expect((await fetch(`${sandbox.origin}/`)).status).toBe(404);
    expect((await fetch(`${sandbox.origin}/mcp`)).status).toBe(404);
    expect((await fetch(`${sandbox.origin}/sandbox.html`, { method: 'POST' })).status).toBe(405);
  });
});

describe('Toolscope’s own CSP', () => {
  it('frames the sandbox origin and nothing else; nothing at all without one', () => {
    expect(contentSecurityPolicy({ sandbox: sandbox.origin })).toContain(`frame-src ${sandbox.origin};`);
    expect(contentSecurityPolicy()).toContain("frame-src 'none'");
  });
});
