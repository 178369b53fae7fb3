// The sign-in state machine, driven through its public surface: a flow stand-in for each path
// (the real flow is proven against an authorization server in oauth.integration.test.ts).
import { describe, expect, it } from 'vitest';
import { forgetGrant, grantFor, saveGrant } from './grants.ts';
import type { OAuthFlowOptions, OAuthGrant, OAuthLeg } from './oauth.ts';
import type { CallbackMessage } from './oauthCallback.ts';
import { PendingSignIns, memoryStore } from './signIns.ts';
import { SignInStore, type OAuthView, type SignInFlow } from './signInStore.ts';

const URL_A = 'https://mcp.example/a';

const grant: OAuthGrant = {
  accessToken: 'tok',
  clientId: 'client',
  issuer: 'https://auth.example',
  metadata: { issuer: 'https://auth.example', token_endpoint: 'https://auth.example/token' } as OAuthGrant['metadata'],
  scope: 'read',
};

class StandInFlow implements SignInFlow {
  legs: OAuthLeg[] = [];
  state: string | undefined = 'st-1';
  pendingRecord = { issuer: 'https://auth.example', issParameterSupported: false };
  constructor(
    readonly options: OAuthFlowOptions,
    private readonly outcome: { prepare?: Error; complete?: Error } = {},
  ) {}
  prepare() {
    return this.outcome.prepare ? Promise.reject(this.outcome.prepare) : Promise.resolve('https://auth.example/authorize?state=st-1');
  }
  complete(message: CallbackMessage) {
    return this.outcome.complete
      ? Promise.reject(this.outcome.complete)
      : Promise.resolve({ ...grant, accessToken: `tok-${message.code}` });
  }
}

function setUp(outcome?: { prepare?: Error; complete?: Error; load?: Error }) {
  const kv = memoryStore();
  const grants: string[] = [];
  const views: OAuthView['status'][] = [];
  const flows: StandInFlow[] = [];
  const store = new SignInStore({
    origin: 'http://127.0.0.1:5173',
    pending: new PendingSignIns(kv),
    onGrant: (url, granted, purpose) => grants.push(`${purpose} ${url} ${granted.accessToken}`),
    createFlow: (options) => {
      if (outcome?.load) return Promise.reject(outcome.load);
      const flow = new StandInFlow(options, outcome);
      flows.push(flow);
      return Promise.resolve(flow);
    },
  });
  store.subscribe(() => views.push(store.getSnapshot().status));
  return { store, kv, grants, views, flows };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SignInStore', () => {
  it('walks idle → running → waiting → exchanging → done and hands over the grant once', async () => {
    forgetGrant(URL_A);
    const { store, kv, grants, views, flows } = setUp();
    expect(store.getSnapshot()).toEqual({ status: 'idle' });
    await store.signIn({ url: URL_A, purpose: 'connect', persist: false });
    const waiting = store.getSnapshot();
    expect(waiting.status).toBe('waiting');
    expect(waiting.status !== 'idle' && waiting.authorizationUrl).toContain('/authorize');
    expect(flows[0]?.options.redirectUri).toBe('http://127.0.0.1:5173/oauth-callback.html');
    expect(flows[0]?.options.clientMetadataUrl).toBeUndefined(); // no proxy: no metadata document
    expect(kv.map.size).toBe(1); // the pending record the callback page checks

    store.receive({ state: 'someone-else', code: 'x' }); // not this sign-in's state: ignored
    await settle();
    expect(store.getSnapshot().status).toBe('waiting');

    store.receive({ state: 'st-1', code: 'abc' });
    await settle();
    const done = store.getSnapshot();
    expect(done.status).toBe('done');
    expect(done.status !== 'idle' && done.sentence).toBe('Signed in with scope “read”; connecting with the token.');
    expect(views).toEqual(['running', 'waiting', 'exchanging', 'done']);
    expect(grants).toEqual([`connect ${URL_A} tok-abc`]);
    expect(grantFor(URL_A)?.accessToken).toBe('tok-abc');
    expect(kv.map.size).toBe(0);

    store.receive({ state: 'st-1', code: 'again' }); // a replayed message after the end does nothing
    await settle();
    expect(grants).toHaveLength(1);
  });

  it('a step-up reuses the granted client id and scope, and says to call again', async () => {
    saveGrant(URL_A, grant, false);
    const { store, flows } = setUp();
    store.configure({ proxy: { id: 'p' } as never, onGrant: () => undefined });
    await store.signIn({ url: URL_A, purpose: 'step-up', persist: false });
    expect(flows[0]?.options.clientId).toBe('client');
    expect(flows[0]?.options.grantedScope).toBe('read');
    expect(flows[0]?.options.clientMetadataUrl).toBe('http://127.0.0.1:5173/oauth/client-metadata.json');
    store.receive({ state: 'st-1', code: 'up' });
    await settle();
    const done = store.getSnapshot();
    expect(done.status !== 'idle' && done.sentence).toBe('Signed in again with scope “read”.');
  });

  it('says why when the sign-in steps cannot load, when discovery fails and when the exchange fails', async () => {
    const load = setUp({ load: new Error('Failed to fetch dynamically imported module') });
    await load.store.signIn({ url: URL_A, purpose: 'connect', persist: false });
    const failed = load.store.getSnapshot();
    expect(failed.status !== 'idle' && failed.sentence).toMatch(/could not load its sign-in steps \(Failed to fetch/);

    const prepare = setUp({ prepare: new Error('No authorization server metadata') });
    await prepare.store.signIn({ url: URL_A, purpose: 'connect', persist: false });
    const noMetadata = prepare.store.getSnapshot();
    expect(noMetadata.status !== 'idle' && noMetadata.sentence).toBe('No authorization server metadata');

    const exchange = setUp({ complete: new Error('invalid_grant') });
    await exchange.store.signIn({ url: URL_A, purpose: 'connect', persist: false });
    exchange.store.receive({ state: 'st-1', code: 'c' });
    await settle();
    expect(exchange.store.getSnapshot().status).toBe('failed');
    expect(exchange.grants).toEqual([]);
  });

  it('dismiss forgets the pending record and ignores a redirect that arrives later', async () => {
    const { store, kv, grants } = setUp();
    await store.signIn({ url: URL_A, purpose: 'connect', persist: false });
    store.dismiss();
    expect(store.getSnapshot()).toEqual({ status: 'idle' });
    expect(kv.map.size).toBe(0);
    store.receive({ state: 'st-1', code: 'late' });
    await settle();
    expect(grants).toEqual([]);
    expect(store.getSnapshot()).toEqual({ status: 'idle' });
  });
});
