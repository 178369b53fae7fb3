/**
 * The one name a server is remembered under (grants, the proxy choice, the era, call settings,
 * cached tool lists): its URL as the WHATWG parser writes it — scheme and host in lower case,
 * a default port dropped, an empty path as "/" — without the fragment, which never reaches the
 * server. A URL that does not parse keeps its trimmed text, so it still has one key.
 */
export function serverKey(url: string): string {
  const text = url.trim();
  try {
    const parsed = new URL(text);
    parsed.hash = '';
    return parsed.href;
  } catch {
    return text;
  }
}

/** The localStorage key of one kind of memory about one server. */
export const serverStorageKey = (kind: string, url: string) => `toolscope:${kind}:${serverKey(url)}`;
