import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { OAuthChallenge } from '../../mcp/errors.ts';
import type { OAuthFlow, OAuthGrant, OAuthLeg } from '../../mcp/oauth.ts';
import type { CallbackMessage } from '../../mcp/oauthCallback.ts';
import { PendingSignIns, callbackFor, listenForCallbacks } from '../../mcp/signIns.ts';
import type { ProxySession } from '../../mcp/proxy.ts';
import { browserStore } from '../../lib/storage.ts';
import { grantFor, saveGrant } from './api/oauthGrants.ts';
import { loadOAuth } from './oauthChunk.ts';
import { errorMessage } from '../../lib/errorMessage.ts';

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

export type OAuthView =
  | { status: 'idle' }
  | {
      status: 'running' | 'waiting' | 'exchanging' | 'done' | 'failed';
      request: SignInRequest;
      legs: readonly OAuthLeg[];
      authorizationUrl?: string;
      sentence?: string;
    };

/** Step-up from anywhere below App (a call refused with 403 insufficient_scope). */
export const StepUpContext = createContext<((challenge: OAuthChallenge) => void) | undefined>(undefined);
export const useStepUp = () => useContext(StepUpContext);

const describe = (error: unknown) => errorMessage(error);

/** Runs one OAuth sign-in at a time and takes the redirect back from the callback page. */
export function useOAuth(proxy: ProxySession | undefined, onGrant: (url: string, grant: OAuthGrant, purpose: SignInPurpose) => void) {
  const [view, setView] = useState<OAuthView>({ status: 'idle' });
  const current = useRef<{ flow: OAuthFlow; request: SignInRequest } | undefined>(undefined);
  const grantHandler = useRef(onGrant);
  useEffect(() => {
    grantHandler.current = onGrant;
  }, [onGrant]);

  const [pending] = useState(() => new PendingSignIns(browserStore));
  const forgetPending = useCallback((flow: OAuthFlow) => pending.forget(flow.state), [pending]);

  const complete = useCallback(
    async (active: { flow: OAuthFlow; request: SignInRequest }, message: CallbackMessage) => {
      forgetPending(active.flow);
      setView((previous) => (previous.status === 'idle' ? previous : { ...previous, status: 'exchanging' }));
      try {
        const grant = await active.flow.complete(message);
        if (current.current !== active) return;
        current.current = undefined;
        saveGrant(active.request.url, grant, active.request.persist);
        setView({
          status: 'done',
          request: active.request,
          legs: [...active.flow.legs],
          sentence:
            active.request.purpose === 'step-up'
              ? `Signed in again${grant.scope ? ` with scope “${grant.scope}”` : ''}. Call the tool again.`
              : `Signed in${grant.scope ? ` with scope “${grant.scope}”` : ''}; connecting with the token.`,
        });
        grantHandler.current(active.request.url, grant, active.request.purpose);
      } catch (error) {
        if (current.current !== active) return;
        current.current = undefined;
        setView({ status: 'failed', request: active.request, legs: [...active.flow.legs], sentence: describe(error) });
      }
    },
    [forgetPending],
  );

  // Sign-ins abandoned in an earlier visit leave their (secret-free) pending records: drop old ones.
  useEffect(() => pending.sweep(), [pending]);

  // The callback page posts the redirect's parameters here (same origin only).
  useEffect(
    () =>
      listenForCallbacks((data) => {
        const active = current.current;
        const message = callbackFor(active?.flow.state, data);
        if (active && message) void complete(active, message);
      }),
    [complete],
  );

  const signIn = useCallback(
    async (request: SignInRequest) => {
      if (current.current) forgetPending(current.current.flow);
      const origin = window.location.origin;
      let Flow: typeof OAuthFlow;
      try {
        Flow = (await loadOAuth()).OAuthFlow;
      } catch (error) {
        // Never a button that does nothing: say why the sign-in did not start.
        current.current = undefined;
        setView({
          status: 'failed',
          request,
          legs: [],
          sentence: `Toolscope could not load its sign-in steps (${describe(error)}). Is Toolscope’s own server still running? Try again.`,
        });
        return;
      }
      const previous = request.purpose === 'step-up' ? grantFor(request.url) : undefined;
      const flow: OAuthFlow = new Flow({
        serverUrl: request.url,
        challenge: request.challenge,
        clientId: request.clientId?.trim() || previous?.clientId,
        // Toolscope's own server answers this document for its origin; a static host cannot.
        clientMetadataUrl: proxy ? `${origin}/oauth/client-metadata.json` : undefined,
        redirectUri: `${origin}/oauth-callback.html`,
        grantedScope: previous?.scope,
        fetch: (input, init) => globalThis.fetch(input, init),
        proxy,
        onChange: (legs) => {
          if (current.current?.flow === flow) setView((view) => (view.status === 'idle' ? view : { ...view, legs }));
        },
      });
      const active = { flow, request };
      current.current = active;
      setView({ status: 'running', request, legs: [] });
      try {
        const authorizationUrl = await flow.prepare();
        if (current.current !== active) return;
        const record = flow.pendingRecord;
        if (flow.state && record) pending.remember(flow.state, record);
        setView({ status: 'waiting', request, legs: [...flow.legs], authorizationUrl });
      } catch (error) {
        if (current.current !== active) return;
        current.current = undefined;
        setView({ status: 'failed', request, legs: [...flow.legs], sentence: describe(error) });
      }
    },
    [proxy, pending, forgetPending],
  );

  const dismiss = useCallback(() => {
    if (current.current) forgetPending(current.current.flow);
    current.current = undefined;
    setView({ status: 'idle' });
  }, [forgetPending]);

  return { view, signIn, dismiss };
}
