// The set of servers open in this tab, kept for a reload (sessionStorage: a reload restores the
// set; a new tab, or a new link in this one, starts from its own link alone). Only URLs are kept, and only URLs without credentials
// in them (redactUrl finds none): header values and typed tokens are never written — a server
// that needs one comes back through its saved entry or its sign-in, or is said as not reopened.
import { redactUrl } from '../../lib/redactUrl.ts';

const KEY = 'toolscope:server-set';
/** Bounded: a tab that collects servers does not grow the storage without end. */
export const MAX_SERVERS = 12;

export function rememberServerSet(urls: readonly string[]): void {
  const kept = [...new Set(urls)].filter((url) => redactUrl(url).removed.length === 0).slice(0, MAX_SERVERS);
  try {
    if (kept.length) window.sessionStorage.setItem(KEY, JSON.stringify(kept));
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (a private window's quota): the set is not restored after a reload.
  }
}

export function loadServerSet(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((url): url is string => typeof url === 'string' && /^https?:\/\//i.test(url)).slice(0, MAX_SERVERS)
      : [];
  } catch {
    return [];
  }
}
