// The one place that decides what a secret looks like on screen: Traffic, the OAuth legs and
// anything else that shows an HTTP exchange use these, so no view can show what another hides.

// Header names that usually carry a secret (API keys, tokens); their values are never shown.
const SECRET_HEADER = /(key|token|secret|password|passwd|auth|cookie|credential)/i;
// OAuth body fields that are credentials (RFC 6749/7591/7636 names).
const SECRET_FIELDS = /^(access_token|refresh_token|id_token|client_secret|code_verifier|code|registration_access_token)$/;

export const HIDDEN = '•••• (hidden)';

/** Header pairs for display: an Authorization keeps its scheme, a secret-looking header shows none of its value. */
export function maskHeaders(headers: Headers | Iterable<[string, string]>): [string, string][] {
  return [...headers].map(([name, value]) => {
    if (name.toLowerCase() === 'authorization')
      return [name, value.replace(/^(\S+)(\s+.*)?$/, (_all, scheme: string) => `${scheme} ${HIDDEN}`)];
    return SECRET_HEADER.test(name) ? [name, HIDDEN] : [name, value];
  });
}

const maskValue = (value: string) => (value.length <= 8 ? '••••' : `${value.slice(0, 4)}…(${value.length} chars)`);

/**
 * Masks credential fields in an OAuth form or JSON body, for display only. Only for OAuth
 * exchanges: in an MCP body, a tool argument named `code` is the person's own data.
 */
export function maskOAuthBody(body: string): string {
  const trimmed = body.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      return JSON.stringify(
        parsed,
        (key, value: unknown) => (SECRET_FIELDS.test(key) && typeof value === 'string' ? maskValue(value) : value),
        2,
      );
    } catch {
      return body;
    }
  }
  if (/^[\w.%~+-]+=/.test(trimmed)) {
    const params = new URLSearchParams(trimmed);
    for (const [key, value] of [...params]) if (SECRET_FIELDS.test(key)) params.set(key, maskValue(value));
    return decodeURIComponent(params.toString().replaceAll('+', ' '));
  }
  return body;
}
