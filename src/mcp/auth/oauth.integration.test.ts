// The OAuth legs against our real authorization server and the demo server in OAuth mode,
// over real HTTP. The "user" is played by fetching the consent page and posting its form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthServer, startDemoServer, type RunningServer } from '../../../server/testing/testServers.ts';
import { demoProtection } from '../../../server/oauth/protectedResource.ts';
import { McpConnection, McpError } from '../connection.ts';
import { OAuthFlow, OAuthFlowError, refreshGrant, type CallbackParams, type OAuthChallenge } from './oauth.ts';
import type { McpFailure } from '../errors.ts';

const REDIRECT = 'http://127.0.0.1:9/oauth-callback.html';
const fetchImpl = (input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init);

/** Opens the authorization URL, presses a button on the consent page, returns the redirect's query. */
async function consent(authorizationUrl: string, decision: 'approve' | 'deny' = 'approve'): Promise<CallbackParams> {
  const page = await fetch(authorizationUrl);
  const html = await page.text();
  expect(page.status, html).toBe(200);
  const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
  const request = /name="request" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const answer = await fetch(action, { method: 'POST', body: new URLSearchParams({ request, decision }), redirect: 'manual' });
  const location = new URL(answer.headers.get('location') ?? '');
  expect(location.origin + location.pathname).toBe(REDIRECT);
  const params: CallbackParams = Object.fromEntries(location.searchParams);
  return params;
}

async function failureOfConnect(url: string, bearerToken?: string): Promise<McpFailure> {
  const error: unknown = await McpConnection.connect({ url, bearerToken }).then(
    (connection) => connection.close().then(() => undefined),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(McpError);
  return (error as McpError).failure;
}

/** The challenge a first, token-less connection gets, turned into a sign-in flow for that server. */
async function flowFromChallenge(url: string): Promise<OAuthFlow> {
  const failure = await failureOfConnect(url);
  const challenge = failure.kind === 'auth' ? failure.challenge : undefined;
  return new OAuthFlow({ serverUrl: url, challenge, redirectUri: REDIRECT, fetch: fetchImpl });
}

describe('OAuth 2.1 against the demo server in OAuth mode', () => {
  let auth: Awaited<ReturnType<typeof startAuthServer>>;
  let demo: RunningServer;
  let challenge: OAuthChallenge | undefined;

  beforeAll(async () => {
    auth = await startAuthServer({ preRegistered: [{ client_id: 'hand-made', redirect_uris: [REDIRECT] }] });
    demo = await startDemoServer({ oauth: demoProtection(auth.authServer) });
  });
  afterAll(async () => {
    await demo.stop();
    await auth.stop();
  });

  it('answers 401 with a challenge naming the protected resource metadata and the scope', async () => {
    const failure = await failureOfConnect(demo.url);
    expect(failure.kind).toBe('auth');
    if (failure.kind !== 'auth') return;
    challenge = failure.challenge;
    expect(challenge).toMatchObject({
      status: 401,
      scope: 'catalog:read',
      resourceMetadataUrl: `${new URL(demo.url).origin}/.well-known/oauth-protected-resource/mcp`,
    });
  });

  it('signs in with Dynamic Client Registration, connects with the token, and steps up on 403 insufficient_scope', async () => {
    const flow = new OAuthFlow({ serverUrl: demo.url, challenge, redirectUri: REDIRECT, fetch: fetchImpl });
    const url = new URL(await flow.prepare());
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(demo.url);
    expect(url.searchParams.get('scope')).toBe('catalog:read');
    expect(flow.legs.map((leg) => [leg.name, leg.status])).toEqual([
      ['challenge', 'ok'],
      ['resource-metadata', 'ok'],
      ['authorization-server', 'ok'],
      ['client', 'ok'],
      ['authorize', 'waiting'],
    ]);
    expect(flow.legs[3]?.sentence).toMatch(/Dynamic Client Registration/);
    const grant = await flow.complete(await consent(url.href));
    expect(grant.scope).toBe('catalog:read');
    expect(flow.legs.at(-1)?.sentence).toMatch(/Got a Bearer token for scope “catalog:read”, valid for 3600 s, with a refresh token/);
    // The raw token exchange is recorded with its secrets masked.
    const tokenExchange = flow.legs.at(-1)?.exchanges[0];
    expect(tokenExchange?.status).toBe(200);
    expect(tokenExchange?.responseBody).not.toContain(grant.accessToken);
    expect(tokenExchange?.requestBody).toMatch(/code_verifier=.{4}…\(43 chars\)/);

    const connection = await McpConnection.connect({ url: demo.url, bearerToken: grant.accessToken });
    try {
      expect((await connection.listToolsPage()).tools.length).toBeGreaterThan(0);
      // The seasonal toggle needs catalog:write: 403 insufficient_scope with the scopes to ask for.
      const error: unknown = await connection.callTool('toggle_seasonal_offer', {}).catch((caught: unknown) => caught);
      const failure = (error as McpError).failure;
      expect(failure).toMatchObject({
        kind: 'auth',
        status: 403,
        challenge: { error: 'insufficient_scope', scope: 'catalog:read catalog:write' },
      });
      expect(failure.message).toMatch(/lacks a scope.*catalog:read catalog:write/);

      const stepUp = new OAuthFlow({
        serverUrl: demo.url,
        challenge: failure.kind === 'auth' ? failure.challenge : undefined,
        grantedScope: grant.scope,
        clientId: grant.clientId,
        redirectUri: REDIRECT,
        fetch: fetchImpl,
      });
      const more = await stepUp.complete(await consent(await stepUp.prepare()));
      expect(more.scope).toBe('catalog:read catalog:write');
      connection.setBearerToken(more.accessToken);
      const result = await connection.callTool('toggle_seasonal_offer', {});
      expect(result.isError).toBe(false);
      await connection.callTool('toggle_seasonal_offer', {}); // back as it was

      // Refreshing gives a new working token.
      const refreshed = await refreshGrant(more, fetchImpl);
      expect(refreshed.accessToken).not.toBe(more.accessToken);
      connection.setBearerToken(refreshed.accessToken);
      expect((await connection.listToolsPage()).tools.length).toBeGreaterThan(0);
    } finally {
      await connection.close();
    }
  });

  it('uses a pre-registered client id when given, and refuses a forged state, a wrong iss and a denial', async () => {
    const start = async () => {
      const flow = new OAuthFlow({ serverUrl: demo.url, challenge, clientId: 'hand-made', redirectUri: REDIRECT, fetch: fetchImpl });
      return { flow, url: await flow.prepare() };
    };
    const forged = await start();
    expect(forged.flow.legs[3]?.sentence).toBe(
      `Using the pre-registered client id “hand-made” (its registered redirect URIs must include ${REDIRECT}).`,
    );
    const answer = await consent(forged.url);
    await expect(forged.flow.complete({ ...answer, state: 'forged' })).rejects.toThrow(/state .* does not match/);

    const mixUp = await start();
    await expect(mixUp.flow.complete({ ...(await consent(mixUp.url)), iss: 'https://evil.example' })).rejects.toThrow(
      /names issuer “https:\/\/evil.example” .* refused/,
    );

    const denied = await start();
    await expect(denied.flow.complete(await consent(denied.url, 'deny'))).rejects.toThrow(/error “access_denied”: The user denied access/);
    expect(denied.flow.legs.at(-1)).toMatchObject({ name: 'callback', status: 'failed' });

    // A wrong token is rejected with invalid_token in the challenge.
    const failure = await failureOfConnect(demo.url, 'not-a-token');
    expect(failure).toMatchObject({ kind: 'auth', status: 401, challenge: { error: 'invalid_token' } });
    expect(failure.message).toMatch(/rejected the token/);
  });

  it('uses Toolscope’s Client ID Metadata Document, which the authorization server fetches and checks', async () => {
    // Toolscope's server answers /oauth/client-metadata.json for its own origin.
    const toolscope = await startDemoServer();
    try {
      const origin = new URL(toolscope.url).origin;
      const redirectUri = `${origin}/oauth-callback.html`;
      const document = (await (await fetch(`${origin}/oauth/client-metadata.json`)).json()) as Record<string, unknown>;
      expect(document).toMatchObject({ client_id: `${origin}/oauth/client-metadata.json`, redirect_uris: [redirectUri] });
      const flow = new OAuthFlow({
        serverUrl: demo.url,
        challenge,
        clientMetadataUrl: `${origin}/oauth/client-metadata.json`,
        redirectUri,
        fetch: fetchImpl,
      });
      const url = await flow.prepare();
      expect(flow.legs[3]?.sentence).toMatch(/Client ID Metadata Document/);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Toolscope');
    } finally {
      await toolscope.stop();
    }
  });

  it('refuses metadata whose issuer differs from the authorization server URL', async () => {
    // The resource names the AS as "localhost", but its metadata says 127.0.0.1: a mismatch.
    const mismatched = await startDemoServer({
      oauth: { ...demoProtection(auth.authServer), issuer: auth.authServer.issuer.replace('127.0.0.1', 'localhost') },
    });
    try {
      const flow = await flowFromChallenge(mismatched.url);
      const error: unknown = await flow.prepare().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OAuthFlowError);
      expect((error as OAuthFlowError).leg).toBe('authorization-server');
      expect(flow.legs.at(-1)?.sentence).toMatch(/issuer/i);
    } finally {
      await mismatched.stop();
    }
  });

  it('refuses a registration endpoint that is neither https nor on this machine, before registering anything', async () => {
    const hostile = await startAuthServer({ registrationEndpoint: 'http://evil.example/register' });
    const server = await startDemoServer({ oauth: demoProtection(hostile.authServer) });
    try {
      const flow = await flowFromChallenge(server.url);
      const error: unknown = await flow.prepare().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OAuthFlowError);
      expect((error as OAuthFlowError).leg).toBe('authorization-server');
      expect(flow.legs.at(-1)?.sentence).toContain('Refusing a non-https endpoint: http://evil.example/register');
      expect(flow.legs.some((leg) => leg.name === 'client')).toBe(false);
    } finally {
      await server.stop();
      await hostile.stop();
    }
  });

  it('refreshes an expired access token when the server answers 401, and sends the request once more', async () => {
    const shortLived = await startAuthServer({ accessTokenLifetimeSeconds: 1 });
    const resource = await startDemoServer({ oauth: demoProtection(shortLived.authServer) });
    try {
      const flow = await flowFromChallenge(resource.url);
      let grant = await flow.complete(await consent(await flow.prepare()));
      const refreshes: string[] = [];
      const statuses: number[] = [];
      const connection = await McpConnection.connect({
        url: resource.url,
        bearerToken: grant.accessToken,
        fetch: async (input, init) => {
          const response = await fetchImpl(input, init);
          statuses.push(response.status);
          return response;
        },
        refreshToken: async () => {
          grant = await refreshGrant(grant, fetchImpl);
          refreshes.push(grant.accessToken);
          return grant.accessToken;
        },
      });
      try {
        await new Promise((resolve) => setTimeout(resolve, 1_200));
        statuses.length = 0;
        // Two requests at once with the expired token: one refresh serves both.
        const [first, second] = await Promise.all([connection.listToolsPage(), connection.callTool('search_catalog', { query: 'usb' })]);
        expect(first.tools.length).toBeGreaterThan(0);
        expect(second.isError).toBe(false);
        expect(refreshes).toHaveLength(1);
        expect(statuses.filter((status) => status === 401)).toHaveLength(2);
      } finally {
        await connection.close();
      }

      // Without a way to refresh, the 401 is reported as before.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      const stale = await McpConnection.connect({ url: resource.url, bearerToken: grant.accessToken }).catch((caught: unknown) => caught);
      expect(stale).toBeInstanceOf(McpError);
      expect((stale as McpError).failure).toMatchObject({ kind: 'auth', status: 401 });
    } finally {
      await resource.stop();
      await shortLived.stop();
    }
  });
});
