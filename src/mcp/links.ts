// URLs from a server that a person may follow: https always, http only to loopback, mailto.
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A host name that can only mean this machine. */
export const isLoopbackHostname = (hostname: string) => LOOPBACK.has(hostname) || hostname.endsWith('.localhost');

/** An https URL, or http on this machine: where a person (or their codes) may be sent. */
export function webUrl(url: string | undefined): URL | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url ?? '');
  } catch {
    return undefined;
  }
  return parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLoopbackHostname(parsed.hostname)) ? parsed : undefined;
}

export function safeLinkUrl(url: string): string | undefined {
  if (/^mailto:/i.test(url.trim())) {
    try {
      return new URL(url.trim()).href;
    } catch {
      return undefined;
    }
  }
  return webUrl(url)?.href;
}
