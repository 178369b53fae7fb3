// How the connection doctor reaches a server: a deadline on every request, never a redirect
// followed, and at most BODY_CAP of any body read.
const TIMEOUT_MS = 10_000;

/** How much of a body the doctor reads: enough for any JSON-RPC answer or error page. */
export const BODY_CAP = 200_000;

/**
 * Every request the doctor sends: with a deadline, and never following a redirect (the page
 * asked about this URL, not wherever it points — and a redirect to another host must not carry
 * the probe there). A 3xx is reported with its Location instead.
 */
export function probe(url: URL | string, init: RequestInit): Promise<Response> {
  return fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
}

/** At most BODY_CAP characters of a body, then the rest is left unread (a body that never ends is not waited for). */
export async function cappedText(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < BODY_CAP) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
  } catch {
    // cut off or timed out: what arrived is what there is
  } finally {
    // Not awaited: the rest of the body is left behind, not waited for.
    void reader.cancel().catch(() => undefined);
  }
  return text.slice(0, BODY_CAP);
}
