// Machine sign-in for CI: `toolscope report --client-id … --client-secret …` against the demo's
// OAuth mode (our authorization server's client_credentials grant), no browser; and the demo's lazy
// mode on both eras — anonymous listing and calls, a 401 challenge naming the tool's scope, a
// challenge in a result's _meta, and a step-up (403 insufficient_scope) for the wider tool.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runToolscope } from '../testing/runToolscope.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthServer, startDemoServer, type RunningServer } from '../testing/testServers.ts';
import { demoLazyProtection, demoProtection } from '../oauth/protectedResource.ts';
import type { AuthServer } from '../oauth/authServer.ts';
import { McpConnection } from '../../src/mcp/connection.ts';
import type { EraHint } from '../../src/mcp/era.ts';
import { failureOf } from '../../src/mcp/errors.ts';
import { metaChallenge } from '../../src/mcp/auth/authChallenge.ts';
import { machineSignIn } from '../../src/mcp/auth/machineAuth.ts';

const SECRET = `machine-secret-${Math.random().toString(36).slice(2)}`;

const cli = (args: string[], env: Record<string, string> = {}) => runToolscope(['report', ...args], env, 60_000);

describe('machine sign-in and lazy auth against the demo', () => {
  let auth: RunningServer & { authServer: AuthServer };
  let protectedDemo: RunningServer;
  let lazyDemo: RunningServer;
  beforeAll(async () => {
    auth = await startAuthServer({ machineClients: [{ client_id: 'ci-bot', client_secret: SECRET, scopes: ['catalog:read'] }] });
    [protectedDemo, lazyDemo] = await Promise.all([
      startDemoServer({ oauth: demoProtection(auth.authServer) }),
      startDemoServer({ oauth: demoLazyProtection(auth.authServer) }),
    ]);
  }, 30_000);
  afterAll(async () => {
    await Promise.all([protectedDemo.stop(), lazyDemo.stop(), auth.stop()]);
  });

  it('report signs in with client credentials (option or environment), no browser; a wrong secret is exit 2 and never printed', async () => {
    // A secret without the authorization server it belongs to is refused before anything is sent
    // (without --issuer it would go to whichever server the MCP server names).
    const unnamed = await cli([protectedDemo.url, '--client-id', 'ci-bot', '--client-secret', SECRET]);
    expect(unnamed.code).toBe(2);
    expect(unnamed.stderr).toContain('--client-secret needs --issuer URL (or $TOOLSCOPE_ISSUER)');
    expect(unnamed.stderr).not.toContain(SECRET);
    // Named, and another server than the one the MCP server names: refused by the SDK, secret unsent.
    const elsewhere = await cli([protectedDemo.url, '--client-id', 'ci-bot', '--client-secret', SECRET, '--issuer', 'https://as.example']);
    expect(elsewhere.code).toBe(2);
    const signedIn = await cli([protectedDemo.url, '--client-id', 'ci-bot', '--client-secret', SECRET, '--issuer', auth.url]);
    // The demo's one planted error (a skill file's digest) makes it exit 1: the report was made.
    expect(signedIn.code).toBe(1);
    expect(JSON.parse(signedIn.stdout)).toMatchObject({ tools: 29, server: { name: 'toolscope-demo' } });
    expect(signedIn.stderr).toContain('Signed in as ci-bot: a Bearer token for “catalog:read”.');
    expect(signedIn.stderr).not.toContain(SECRET);
    const fromEnv = await cli([protectedDemo.url, '--client-id', 'ci-bot'], {
      TOOLSCOPE_CLIENT_SECRET: SECRET,
      TOOLSCOPE_ISSUER: auth.url,
    });
    expect(fromEnv.code).toBe(1);

    const wrong = `wrong-${SECRET}`;
    const refused = await cli([protectedDemo.url, '--client-id', 'ci-bot', '--client-secret', wrong, '--issuer', auth.url]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Could not sign in to');
    expect(refused.stderr).toContain('as ci-bot');
    expect(refused.stderr).not.toContain(wrong);
    // Without any sign-in the protected demo refuses: exit 2, said.
    expect((await cli([protectedDemo.url])).code).toBe(2);
    // A secret without a client is a usage error before anything is sent.
    expect((await cli([protectedDemo.url, '--client-secret', SECRET])).code).toBe(2);
  }, 120_000);

  const eras: [string, EraHint][] = [
    ['2025-11-25', { era: 'legacy', protocolVersion: '2025-11-25' }],
    ['2026-07-28', { era: 'modern', protocolVersion: '2026-07-28' }],
  ];
  it.each(eras)(
    'lazy mode (%s): anonymous list and calls; a 401 naming the scope; a _meta challenge; step-up for the wider tool',
    async (_, eraHint) => {
      const anonymous = await McpConnection.connect({ url: lazyDemo.url, eraHint });
      try {
        const { tools } = await anonymous.listToolsPage();
        expect(tools.length).toBeGreaterThan(0);
        expect((await anonymous.callTool('get_current_time', {})).isError).toBe(false);
        const refused = await anonymous.callTool('get_stock_report', {}).then(
          () => undefined,
          (error: unknown) => failureOf(error),
        );
        expect(refused).toMatchObject({ kind: 'auth', status: 401, challenge: { scope: 'catalog:read' } });
        expect(refused?.kind === 'auth' ? refused.challenge?.resourceMetadataUrl : undefined).toContain(
          '/.well-known/oauth-protected-resource',
        );
        const asked = await anonymous.callTool('report_price_issue', { product_id: 'prd_cab_001', note: 'too high' });
        expect(asked.isError).toBe(true);
        expect(metaChallenge(asked.raw)).toMatchObject({ source: 'meta', scope: 'catalog:read', error: 'insufficient_scope' });
      } finally {
        await anonymous.close();
      }
      // Signed in (as a machine with catalog:read): the first tool works; the wider one asks for more.
      const grant = await machineSignIn(
        lazyDemo.url,
        { kind: 'client-secret', clientId: 'ci-bot', clientSecret: SECRET },
        { issuer: auth.url },
      );
      const signedIn = await McpConnection.connect({
        url: lazyDemo.url,
        eraHint,
        fetch: grant.authorize((input, init) => fetch(input, init)),
      });
      try {
        expect((await signedIn.callTool('get_stock_report', {})).isError).toBe(false);
        const stepUp = await signedIn.callTool('restock_product', { product_id: 'prd_cab_001', quantity: 5 }).then(
          () => undefined,
          (error: unknown) => failureOf(error),
        );
        expect(stepUp).toMatchObject({
          kind: 'auth',
          status: 403,
          challenge: { error: 'insufficient_scope', scope: 'catalog:read catalog:write' },
        });
      } finally {
        await signedIn.close();
      }
    },
    60_000,
  );
});

describe('an issuer that quotes the client secret back (audit 4, N6)', () => {
  const QUOTED = `S3cr3t-CI-value-${Math.random().toString(36).slice(2)}`;
  let issuer: Server;
  let base = '';
  beforeAll(async () => {
    // One loopback server is the MCP server (401), its protected-resource metadata, and the
    // authorization server whose token endpoint answers invalid_client quoting what it received.
    issuer = createServer((req, res) => {
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        void res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
      const path = (req.url ?? '').split('?')[0];
      if (path === '/mcp')
        return json(
          401,
          { error: 'unauthorized' },
          { 'www-authenticate': `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"` },
        );
      if (path?.startsWith('/.well-known/oauth-protected-resource'))
        return json(200, { resource: `${base}/mcp`, authorization_servers: [base] });
      if (path === '/.well-known/oauth-authorization-server' || path === '/.well-known/openid-configuration')
        return json(200, {
          issuer: base,
          token_endpoint: `${base}/token`,
          authorization_endpoint: `${base}/authorize`,
          response_types_supported: ['code'],
          grant_types_supported: ['client_credentials'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        });
      if (path === '/token') {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
          const said = basic ? Buffer.from(basic, 'base64').toString() : (new URLSearchParams(body).get('client_secret') ?? '');
          json(401, { error: 'invalid_client', error_description: `unknown client credentials ${decodeURIComponent(said)}` });
        });
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => issuer.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(issuer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    issuer.closeAllConnections();
    await new Promise((resolve) => issuer.close(resolve));
  });

  it('no line on stderr — the SDK’s own warning included — carries the secret', async () => {
    const run = await cli([`${base}/mcp`, '--client-id', 'acme-ci', '--issuer', base], { TOOLSCOPE_CLIENT_SECRET: QUOTED });
    expect(run.code).toBe(2);
    // The issuer did quote it (the control): the answer reached stderr, redacted.
    expect(run.stderr).toMatch(/acme-ci:REDACTED/);
    expect(run.stderr).not.toContain(QUOTED);
  });
});
