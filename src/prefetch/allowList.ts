// Which servers a deep link may prefetch from (localStorage): written by the app after a connection
// that sends exactly the prefetch's requests (2026-07-28, direct, no token, no header, no credential
// in the URL), read by the early entry without loading anything else. Forgetting a server removes it.
import { normalized } from './handover.ts';

export const PREFETCH_SERVERS_KEY = 'toolscope:prefetch-servers';
const MAX_PREFETCH_SERVERS = 50;

function prefetchServers(): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(PREFETCH_SERVERS_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether a deep link to this server may send its first requests before the app has loaded. */
export const prefetchAllowed = (server: string) => prefetchServers().includes(normalized(server));

/** After a connection: whether its next deep link may prefetch (see PREFETCH_SERVERS_KEY). */
export function setPrefetchAllowed(server: string, allowed: boolean): void {
  const key = normalized(server);
  const rest = prefetchServers().filter((item) => item !== key);
  if (!allowed && rest.length === prefetchServers().length) return;
  try {
    window.localStorage.setItem(PREFETCH_SERVERS_KEY, JSON.stringify((allowed ? [key, ...rest] : rest).slice(0, MAX_PREFETCH_SERVERS)));
  } catch {
    // storage full or off: no prefetch, nothing else changes
  }
}
