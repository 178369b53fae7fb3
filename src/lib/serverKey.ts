import { redactUrl } from './redactUrl.ts';

/**
 * The one name a server is remembered under (grants, the proxy choice, the era, call settings,
 * cached tool lists, History): its URL as the WHATWG parser writes it — scheme and host in lower
 * case, a default port dropped, an empty path as "/" — without the fragment, which never reaches
 * the server, and without credentials (redactUrl: user:password@ dropped, `?api_key=` values
 * replaced) but with a hash of them after `#`, so two keys of one server stay two servers while
 * no storage key holds a secret. A URL that does not parse keeps its trimmed text.
 */
export function serverKey(url: string): string {
  const text = url.trim();
  try {
    const parsed = new URL(text);
    parsed.hash = '';
    const redacted = redactUrl(parsed.href);
    return redacted.hash ? `${redacted.url}#${redacted.hash}` : redacted.url;
  } catch {
    return text;
  }
}

/** The localStorage key of one kind of memory about one server. */
export const serverStorageKey = (kind: string, url: string) => `toolscope:${kind}:${serverKey(url)}`;
