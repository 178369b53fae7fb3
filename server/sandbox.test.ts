// The MCP Apps sandbox origin serves its proxy page only, framable only by Toolscope's page, and
// frames apps without allow-same-origin; Toolscope's own CSP frames that origin and nothing else.
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

  it('frames an app with allow-scripts and allow-forms only, and talks to Toolscope’s origins only', async () => {
    const script = await (await fetch(`${sandbox.origin}/sandbox.js`)).text();
    expect(script).toContain("inner.setAttribute('sandbox', 'allow-scripts allow-forms')");
    expect(script).not.toMatch(/allow-same-origin'/);
    expect(script).toContain('["http://127.0.0.1:6274","http://localhost:6274"]');
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
