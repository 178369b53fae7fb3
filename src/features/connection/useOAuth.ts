// The React side of src/mcp/auth/signInStore.ts: one store per page, its snapshot rendered, the
// callback page's messages forwarded to it.
import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { OAuthChallenge } from '../../mcp/errors.ts';
import type { OAuthGrant } from '../../mcp/auth/oauth.ts';
import type { ProxySession } from '../../mcp/wire/proxy.ts';
import { PendingSignIns, listenForCallbacks } from '../../mcp/auth/signIns.ts';
import { SignInStore, type SignInPurpose } from '../../mcp/auth/signInStore.ts';
import { browserStore } from '../../web/storage.ts';

export type { OAuthView, SignInPurpose, SignInRequest } from '../../mcp/auth/signInStore.ts';

/**
 * Sign-in from anywhere below App for a call the server refused (401, 403 insufficient_scope, or a
 * result's _meta challenge); `retry` runs once the token is in (the same call again).
 */
export type StepUp = (challenge: OAuthChallenge, retry?: () => void) => void;
export const StepUpContext = createContext<StepUp | undefined>(undefined);
export const useStepUp = () => useContext(StepUpContext);

/** Runs one OAuth sign-in at a time and takes the redirect back from the callback page. */
export function useOAuth(proxy: ProxySession | undefined, onGrant: (url: string, grant: OAuthGrant, purpose: SignInPurpose) => void) {
  const [store] = useState(() => new SignInStore({ origin: window.location.origin, pending: new PendingSignIns(browserStore), onGrant }));
  useEffect(() => {
    store.configure({ proxy, onGrant });
  }, [store, proxy, onGrant]);
  // The callback page posts the redirect's parameters here (same origin only).
  useEffect(() => listenForCallbacks(store.receive), [store]);
  const view = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { view, signIn: store.signIn, dismiss: store.dismiss };
}
