// One OAuth sign-in at a time, as a store free of React (subscribe / getSnapshot): start it, take
// the redirect back from the callback page, dismiss it. The UI (features/connection/useOAuth.ts)
// only renders the snapshot and forwards the callback page's messages.
import { errorMessage } from '../../lib/errorMessage.ts';
import type { OAuthChallenge } from '../errors.ts';
import { grantFor, loadOAuth, saveGrant } from './grants.ts';
import type { OAuthFlowOptions, OAuthGrant, OAuthLeg } from './oauth.ts';
import type { CallbackMessage } from './oauthCallback.ts';
import type { ProxySession } from '../wire/proxy.ts';
import { callbackFor, type PendingSignIns } from './signIns.ts';

export type SignInPurpose = 'connect' | 'step-up';

export interface SignInRequest {
  url: string;
  challenge?: OAuthChallenge;
  purpose: SignInPurpose;
  /** A client id registered by hand with the authorization server. */
  clientId?: string;
  /** Keep the tokens in this browser after the tab closes. */
  persist: boolean;
}

export type SignInStatus = 'running' | 'waiting' | 'exchanging' | 'done' | 'failed';

export type OAuthView =
  | { status: 'idle' }
  | { status: SignInStatus; request: SignInRequest; legs: readonly OAuthLeg[]; authorizationUrl?: string; sentence?: string };

/** What the store needs of a flow (src/mcp/auth/oauth.ts's OAuthFlow). */
export interface SignInFlow {
  readonly legs: readonly OAuthLeg[];
  readonly state: string | undefined;
  readonly pendingRecord: { issuer: string; issParameterSupported: boolean } | undefined;
  prepare(): Promise<string>;
  complete(message: CallbackMessage): Promise<OAuthGrant>;
}

export interface SignInStoreOptions {
  /** The page's origin: the redirect URI and the client metadata document live there. */
  origin: string;
  pending: PendingSignIns;
  /** Called once a sign-in has its grant (already saved for the server URL). */
  onGrant: (url: string, grant: OAuthGrant, purpose: SignInPurpose) => void;
  /** The flow for one sign-in; loads src/mcp/auth/oauth.ts's chunk by default. */
  createFlow?: (options: OAuthFlowOptions) => Promise<SignInFlow>;
}

const loadFlow = async (options: OAuthFlowOptions): Promise<SignInFlow> => new (await loadOAuth()).OAuthFlow(options);

export class SignInStore {
  #view: OAuthView = { status: 'idle' };
  #current: { flow: SignInFlow; request: SignInRequest } | undefined;
  readonly #listeners = new Set<() => void>();
  /** Toolscope's proxy session, when its own server is there (else no client metadata document). */
  #proxy: ProxySession | undefined;
  #onGrant: SignInStoreOptions['onGrant'];

  constructor(private readonly options: SignInStoreOptions) {
    this.#onGrant = options.onGrant;
    // Sign-ins abandoned in an earlier visit leave their (secret-free) pending records: drop old ones.
    options.pending.sweep();
  }

  readonly subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  };

  readonly getSnapshot = (): OAuthView => this.#view;

  /** The page's current proxy session and grant handler (both change with the page's state). */
  configure(context: { proxy: ProxySession | undefined; onGrant: SignInStoreOptions['onGrant'] }) {
    this.#proxy = context.proxy;
    this.#onGrant = context.onGrant;
  }

  #set(view: OAuthView) {
    this.#view = view;
    for (const listener of this.#listeners) listener();
  }

  #end(active: { flow: SignInFlow; request: SignInRequest }, view: OAuthView) {
    if (this.#current !== active) return false;
    this.#current = undefined;
    this.#set(view);
    return true;
  }

  readonly signIn = async (request: SignInRequest): Promise<void> => {
    this.#forgetCurrent();
    const { origin } = this.options;
    const previous = request.purpose === 'step-up' ? grantFor(request.url) : undefined;
    const placeholder = { flow: undefined as unknown as SignInFlow, request };
    this.#current = placeholder;
    let flow: SignInFlow;
    try {
      flow = await (this.options.createFlow ?? loadFlow)({
        serverUrl: request.url,
        challenge: request.challenge,
        clientId: request.clientId?.trim() || previous?.clientId,
        // Toolscope's own server answers this document for its origin; a static host cannot.
        clientMetadataUrl: this.#proxy ? `${origin}/oauth/client-metadata.json` : undefined,
        redirectUri: `${origin}/oauth-callback.html`,
        grantedScope: previous?.scope,
        fetch: (input, init) => globalThis.fetch(input, init),
        proxy: this.#proxy,
        onChange: (legs) => {
          if (this.#current === active && this.#view.status !== 'idle') this.#set({ ...this.#view, legs });
        },
      });
    } catch (error) {
      // Never a button that does nothing: say why the sign-in did not start.
      this.#end(placeholder, {
        status: 'failed',
        request,
        legs: [],
        sentence: `Toolscope could not load its sign-in steps (${errorMessage(error)}). Is Toolscope’s own server still running? Try again.`,
      });
      return;
    }
    const active = { flow, request };
    if (this.#current !== placeholder) return; // dismissed or replaced meanwhile
    this.#current = active;
    this.#set({ status: 'running', request, legs: [] });
    try {
      const authorizationUrl = await flow.prepare();
      if (this.#current !== active) return;
      const record = flow.pendingRecord;
      if (flow.state && record) this.options.pending.remember(flow.state, record);
      this.#set({ status: 'waiting', request, legs: [...flow.legs], authorizationUrl });
    } catch (error) {
      this.#end(active, { status: 'failed', request, legs: [...flow.legs], sentence: errorMessage(error) });
    }
  };

  /** A message from the callback page (same origin only): taken when it answers the sign-in in progress. */
  readonly receive = (data: unknown): void => {
    const active = this.#current;
    const message = active?.flow ? callbackFor(active.flow.state, data) : undefined;
    if (active && message) void this.#complete(active, message);
  };

  async #complete(active: { flow: SignInFlow; request: SignInRequest }, message: CallbackMessage) {
    this.options.pending.forget(active.flow.state);
    if (this.#view.status !== 'idle') this.#set({ ...this.#view, status: 'exchanging' });
    const { request, flow } = active;
    try {
      const grant = await flow.complete(message);
      if (this.#current !== active) return;
      saveGrant(request.url, grant, request.persist);
      const scope = grant.scope ? ` with scope “${grant.scope}”` : '';
      this.#end(active, {
        status: 'done',
        request,
        legs: [...flow.legs],
        sentence: request.purpose === 'step-up' ? `Signed in again${scope}.` : `Signed in${scope}; connecting with the token.`,
      });
      this.#onGrant(request.url, grant, request.purpose);
    } catch (error) {
      this.#end(active, { status: 'failed', request, legs: [...flow.legs], sentence: errorMessage(error) });
    }
  }

  #forgetCurrent() {
    if (this.#current?.flow) this.options.pending.forget(this.#current.flow.state);
    this.#current = undefined;
  }

  readonly dismiss = (): void => {
    this.#forgetCurrent();
    this.#set({ status: 'idle' });
  };
}
