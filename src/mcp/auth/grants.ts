// OAuth grants per server URL. In memory by default (gone with the tab); persisted only when the
// user opts in for that server, in the storage the page hands in at boot (`keepGrantsIn`: this
// browser's localStorage) — in Node nothing is persisted.
// The refresh policy lives here too, beside the grants: a server URL's walk (src/mcp) asks for a
// usable token without climbing back up into the UI.
import { serverStorageKey } from '../../lib/serverKey.ts';
import { retryableImport } from '../../lib/retryableImport.ts';
import { isRecord } from '../guards.ts';
import type { OAuthGrant } from './oauth.ts';
import type { ProxySession } from '../wire/proxy.ts';
import type { FetchLike } from '../recording/traffic.ts';

/** The OAuth steps, loaded on the first sign-in or token refresh; a failed load is retried afresh. */
export const loadOAuth = retryableImport(() => import('./oauth.ts'));

/** Where a grant the user chose to keep is written (the page's: src/web/storage.ts). */
export interface GrantStorage {
  read: <T>(key: string, parse: (value: unknown) => T | undefined) => T | undefined;
  write: (key: string, value: unknown) => void;
  remove: (key: string) => void;
}

const NOWHERE: GrantStorage = { read: () => undefined, write: () => undefined, remove: () => undefined };
let stored = NOWHERE;

/** The storage for grants the user chose to keep (the page's, at boot). */
export function keepGrantsIn(storage: GrantStorage) {
  stored = storage;
}

const readStored = <T>(key: string, parse: (value: unknown) => T | undefined) => stored.read(key, parse);
const writeStored = (key: string, value: unknown) => stored.write(key, value);
const removeStored = (key: string) => stored.remove(key);

const memory = new Map<string, OAuthGrant>();
const key = (url: string) => serverStorageKey('oauth-grant', url);

/** A stored grant, rebuilt field by field (storage is editable by anyone with devtools). */
function parseGrant(value: unknown): OAuthGrant | undefined {
  if (!isRecord(value)) return undefined;
  const text = (field: unknown) => (typeof field === 'string' ? field : undefined);
  const { accessToken, clientId, issuer, metadata } = value;
  // Refreshing needs the token endpoint; the rest of the metadata is the server's own document.
  if (typeof accessToken !== 'string' || typeof clientId !== 'string' || typeof issuer !== 'string') return undefined;
  if (!isRecord(metadata) || metadata.issuer !== issuer || typeof metadata.token_endpoint !== 'string') return undefined;
  return {
    accessToken,
    clientId,
    issuer,
    metadata: metadata as OAuthGrant['metadata'],
    refreshToken: text(value.refreshToken),
    scope: text(value.scope),
    resource: text(value.resource),
    expiresAt: typeof value.expiresAt === 'number' ? value.expiresAt : undefined,
  };
}

export function grantFor(url: string): OAuthGrant | undefined {
  return memory.get(key(url)) ?? readStored(key(url), parseGrant);
}

export const isGrantPersisted = (url: string) => readStored(key(url), parseGrant) !== undefined;

export function saveGrant(url: string, grant: OAuthGrant, persist: boolean) {
  memory.set(key(url), grant);
  if (persist) writeStored(key(url), grant);
  else removeStored(key(url));
}

export function forgetGrant(url: string) {
  memory.delete(key(url));
  removeStored(key(url));
}

/** A usable access token for the server: the stored one, refreshed first when it has expired. */
export async function usableToken(url: string, fetchImpl: FetchLike, proxy: ProxySession | undefined): Promise<string | undefined> {
  const grant = grantFor(url);
  if (!grant) return undefined;
  if (!grant.expiresAt || grant.expiresAt > Date.now() + 30_000) return grant.accessToken;
  return refreshedToken(url, fetchImpl, proxy);
}

/**
 * A new access token from the server's refresh token (kept as persisted or not as before);
 * undefined when there is none or the authorization server refuses it — then the grant is
 * forgotten, and signing in again is the way back.
 */
export async function refreshedToken(url: string, fetchImpl: FetchLike, proxy: ProxySession | undefined): Promise<string | undefined> {
  const grant = grantFor(url);
  if (!grant?.refreshToken) return undefined;
  try {
    const { refreshGrant } = await loadOAuth();
    const fresh = await refreshGrant(grant, fetchImpl, proxy);
    saveGrant(url, fresh, isGrantPersisted(url));
    return fresh.accessToken;
  } catch {
    forgetGrant(url);
    return undefined;
  }
}
