// URLs from a server that a person may follow: https always, http only to loopback, mailto.
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A host name that can only mean this machine. */
export const isLoopbackHostname = (hostname: string) => LOOPBACK.has(hostname) || hostname.endsWith('.localhost');

export function safeLinkUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol === 'https:' || parsed.protocol === 'mailto:') return parsed.href;
  if (parsed.protocol === 'http:' && isLoopbackHostname(parsed.hostname)) return parsed.href;
  return undefined;
}
