// Which connections the deep-link prefetch (src/prefetch) may stand in for — one rule, read where
// a prefetch is adopted (establish.ts) and where the app decides whether a server's next deep
// link may prefetch at all (after a connection). The prefetch sends 2026-07-28 requests straight
// to the server, with no token, no custom header and nothing secret in the URL: a connection that
// would send anything else must not take its answers, and must not make the next visit send them.
import { redactUrl } from '../../lib/redactUrl.ts';
import type { Era } from '../era.ts';

export interface PrefetchCandidate {
  url: string;
  /** Straight to the server (never through Toolscope's proxy or stdio bridge). */
  via: 'direct' | 'proxy';
  /** It sends a bearer token (typed, or from a sign-in). */
  sendsToken: boolean;
  customHeaders: Readonly<Record<string, string>>;
  /** The era it spoke; undefined before connecting (the prefetch speaks only the 2026 one). */
  era?: Era;
  /** The page's origin: Toolscope's own endpoints on it (/stdio, /proxy) are never prefetched. */
  pageOrigin?: string;
}

export function prefetchEligible({ url, via, sendsToken, customHeaders, era, pageOrigin }: PrefetchCandidate): boolean {
  if (via !== 'direct' || sendsToken || Object.keys(customHeaders).length > 0 || era === 'legacy') return false;
  try {
    const parsed = new URL(url);
    if (parsed.origin === pageOrigin && /^\/(stdio|proxy)\b/.test(parsed.pathname)) return false;
  } catch {
    return false;
  }
  return redactUrl(url).removed.length === 0;
}
