// Servers this browser has connected to before, by serverKey (no credential in it): a link that
// names one connects at once; a link that names any other server asks "Connect to <origin>?"
// first, so opening a link never makes the page contact a server the person has not chosen.
import { isGrantPersisted } from '../../../mcp/auth/grants.ts';
import { serverKey } from '../../../lib/serverKey.ts';
import { readStored, writeStored } from '../../../web/storage.ts';
import { loadSavedServers } from './serverList.ts';

export const KNOWN_SERVERS_KEY = 'toolscope:known-servers';
const MAX_KNOWN = 200;

const parse = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined);
const loadKnown = () => readStored(KNOWN_SERVERS_KEY, parse) ?? [];

/** Called once a connection is up: the person chose this server (typed, picked or confirmed). */
export function rememberKnownServer(url: string): void {
  const key = serverKey(url);
  writeStored(KNOWN_SERVERS_KEY, [key, ...loadKnown().filter((known) => known !== key)].slice(0, MAX_KNOWN));
}

export function forgetKnownServer(url: string): void {
  const key = serverKey(url);
  writeStored(
    KNOWN_SERVERS_KEY,
    loadKnown().filter((known) => known !== key),
  );
}

/**
 * Whether a link may connect to this server without asking: Toolscope's own server (the demo,
 * the stdio bridge), a server connected before, saved, or signed in to on this device.
 */
export function isKnownServer(url: string, appOrigin: string): boolean {
  try {
    if (new URL(url).origin === appOrigin) return true;
  } catch {
    return false; // not a URL: the connection form says why
  }
  const key = serverKey(url);
  return loadKnown().includes(key) || loadSavedServers().some((saved) => serverKey(saved.url) === key) || isGrantPersisted(url);
}
