// The one place that decides what a secret looks like: Traffic, the OAuth legs, History, share
// links and the curl / TypeScript exports all use these, so no view can show what another hides.
import { isRecord } from './guards.ts';
import { MCP_EXPOSED_HEADERS, MCP_REQUEST_HEADERS } from './headers.ts';

// Words that mark a name as a secret's, matched word by word (camelCase, `-`, `_` and `.` split
// a name), so `X-API-Key`, `access_key`, `sessionId` and `client_secret` are secrets while
// `keyword`, `author` and `max_tokens` are not; plus a few compounds written as one word.
const SECRET_WORDS = new Set(
  'key apikey token secret password passwd pwd passphrase passcode auth authorization credential credentials cookie session signature jwt bearer otp'.split(
    ' ',
  ),
);
const SECRET_COMPOUND = /pass(word|wd|phrase)|secret|apikey|accesskey|accesstoken|authtoken|credential/i;
// The protocol's own headers are not secrets by their name (the session id is not a credential:
// the spec forbids using it for authentication); Authorization is, and is masked on its own.
const PROTOCOL_HEADERS = new Set([...MCP_REQUEST_HEADERS, ...MCP_EXPOSED_HEADERS].map((name) => name.toLowerCase()));

/** Whether a header, argument or query parameter of this name likely carries a secret. */
export function isSecretName(name: string): boolean {
  if (PROTOCOL_HEADERS.has(name.toLowerCase()) && name.toLowerCase() !== 'authorization') return false;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((word) => SECRET_WORDS.has(word)) || SECRET_COMPOUND.test(name);
}

/** A value without secret-named entries (at any depth): those keys are left out, and named. */
export function withoutSecrets(value: unknown, path = '', dropped: string[] = []): { value: unknown; dropped: string[] } {
  if (Array.isArray(value)) return { value: value.map((item, index) => withoutSecrets(item, `${path}[${index}]`, dropped).value), dropped };
  if (!isRecord(value)) return { value, dropped };
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (isSecretName(key) && item !== null && item !== '') dropped.push(at);
    else out[key] = withoutSecrets(item, at, dropped).value;
  }
  return { value: out, dropped };
}
// OAuth body fields that are credentials (RFC 6749/7591/7636 names).
const SECRET_FIELDS = /^(access_token|refresh_token|id_token|client_secret|code_verifier|code|registration_access_token)$/;

export const HIDDEN = '•••• (hidden)';

/** Header pairs for display: an Authorization keeps its scheme, a secret-looking header shows none of its value. */
export function maskHeaders(headers: Headers | Iterable<[string, string]>): [string, string][] {
  return [...headers].map(([name, value]) => {
    if (name.toLowerCase() === 'authorization')
      return [name, value.replace(/^(\S+)(\s+.*)?$/, (_all, scheme: string) => `${scheme} ${HIDDEN}`)];
    return isSecretName(name) ? [name, HIDDEN] : [name, value];
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
