// What this browser remembers about servers (saved servers, OAuth grants, the proxy choice),
// behind hooks, so components render and never touch storage themselves.
import { useCallback, useState } from 'react';
import { rememberPath, storedPath } from './connectionPath.ts';
import { forgetGrant, grantFor, isGrantPersisted } from '../../../mcp/auth/grants.ts';
import { loadSavedServers, mergeServers, removeServer, saveServer, type SavedServer } from './serverList.ts';

/** The saved servers, kept in step with storage. */
export function useSavedServers() {
  const [servers, setServers] = useState(loadSavedServers);
  return {
    servers,
    /** Saves the server, with the proxy choice remembered for its URL. */
    save: useCallback((server: Omit<SavedServer, 'path'>) => setServers(saveServer({ ...server, path: storedPath(server.url) })), []),
    remove: useCallback((name: string) => setServers(removeServer(name)), []),
    merge: useCallback((imported: SavedServer[]) => setServers(mergeServers(imported)), []),
  };
}

/** Whether Toolscope holds OAuth tokens for this server, and a way to forget them. */
export function useServerGrant(url: string | undefined) {
  const [, setVersion] = useState(0);
  return {
    signedIn: url !== undefined && grantFor(url) !== undefined,
    persisted: url !== undefined && isGrantPersisted(url),
    forget: useCallback(() => {
      if (url === undefined) return;
      forgetGrant(url);
      setVersion((version) => version + 1);
    }, [url]),
  };
}

/** Remembers "always use the proxy" for a server. */
export const useRememberProxy = () => useCallback((url: string) => rememberPath(url, 'proxy'), []);
