// The one place that decides what a secret looks like: Traffic, the OAuth legs, History, share
// links and the curl / TypeScript exports all use these, so no view can show what another hides.
import { isRecord } from './guards.ts';
import { looksSecretName } from '../lib/secretNames.ts';
import { REDACTED, replaceKnown, searchableSecrets } from '../lib/redactUrl.ts';
import { MCP_EXPOSED_HEADERS, MCP_REQUEST_HEADERS } from './wire/headers.ts';

// The protocol's own headers are not secrets by their name (the session id is not a credential:
// the spec forbids using it for authentication); Authorization is, and is masked on its own.
const PROTOCOL_HEADERS = new Set([...MCP_REQUEST_HEADERS, ...MCP_EXPOSED_HEADERS].map((name) => name.toLowerCase()));

/**
 * Whether a header, argument or query parameter of this name likely carries a secret — or is
 * declared one by where the server came from (`declared`: a registry entry's `isSecret` headers,
 * carried in the connection's options), whatever it looks like.
 */
export function isSecretName(name: string, declared: readonly string[] = []): boolean {
  if (declared.some((secret) => secret.toLowerCase() === name.toLowerCase())) return true;
  if (PROTOCOL_HEADERS.has(name.toLowerCase()) && name.toLowerCase() !== 'authorization') return false;
  return looksSecretName(name);
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

/** Header pairs for display: an Authorization keeps its scheme, a secret-looking header shows none of its value. */
export function maskHeaders(headers: Headers | Iterable<[string, string]>, declared: readonly string[] = []): [string, string][] {
  return [...headers].map(([name, value]) => {
    if (name.toLowerCase() === 'authorization')
      return [name, value.replace(/^(\S+)(\s+.*)?$/, (_all, scheme: string) => `${scheme} ${REDACTED}`)];
    return isSecretName(name, declared) ? [name, REDACTED] : [name, value];
  });
}

/**
 * A response's headers for display: what maskHeaders hides (Set-Cookie, a secret-named header),
 * and in a WWW-Authenticate challenge the values of parameters that carry secrets (a `token`,
 * a `nonce`…) — its realm, scope, error and resource_metadata stay readable.
 */
export function maskResponseHeaders(headers: Headers | Iterable<[string, string]>): [string, string][] {
  return maskHeaders(headers).map(([name, value]) =>
    name.toLowerCase() === 'www-authenticate'
      ? [
          name,
          value.replace(/([\w-]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^\s,]+)/g, (whole, param: string) =>
            isSecretName(param) || /nonce|code/i.test(param) ? `${param}="${REDACTED}"` : whole,
          ),
        ]
      : [name, value],
  );
}

const maskValue = (value: string) => (value.length <= 8 ? REDACTED : `${value.slice(0, 4)}…(${value.length} chars)`);

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

// A JSON Web Token: three base64url parts, the first a JSON header (`eyJ` is `{"`).
// Bounded parts: an open-ended count overflows V8's regex stack on a hostile 10 MB run (issue 79).
const JWT = /\beyJ[\w-]{8,16384}\.[\w-]{8,16384}\.[\w-]{0,16384}/g;

/**
 * A value as it may be kept or copied: every occurrence of the connection's own secrets (its
 * bearer token, its custom header values, credentials in its URL) replaced in every string and
 * every object key, at any depth — a whoami tool that echoes the token, an argument pasted from a
 * header, a result keyed by the token.
 */
export function withoutKnownSecrets(value: unknown, known: readonly string[]): unknown {
  const secrets = searchableSecrets(known);
  if (!secrets.length) return value;
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return replaceKnown(item, secrets);
    if (Array.isArray(item)) return item.map(walk);
    if (!isRecord(item)) return item;
    return Object.fromEntries(Object.entries(item).map(([key, entry]) => [replaceKnown(key, secrets), walk(entry)]));
  };
  return walk(value);
}

/** A secret-named field, but not one named only for a session (`session_id` is a handle, not a credential). */
const tokenFields = new Map<string, boolean>();
function isTokenField(key: string): boolean {
  // A large result repeats a handful of keys thousands of times: each name is judged once.
  let known = tokenFields.get(key);
  if (known === undefined) {
    known = isSecretName(key) && looksSecretName(key.replace(/session/gi, ''));
    if (tokenFields.size > 10_000) tokenFields.clear();
    tokenFields.set(key, known);
  }
  return known;
}

// Cheap gate before the field scans below: the text names something secret-looking at all.
const MAY_NAME_TOKEN = /token|secret|key|pass|auth|cred/i;
// "access_token": "…" inside a text (JSON written as text), and access_token=… (form-encoded).
const JSON_FIELD = /("([\w.-]{1,64})"\s*:\s*")((?:[^"\\]|\\.){1,4096})(")/g;
const FORM_FIELD = /((?:^|[?&\s])([\w.-]{1,64})=)([^&\s"]{1,4096})()/g;
const hideField = (whole: string, head: string, key: string, value: string, tail: string) =>
  value && value !== REDACTED && isTokenField(key) ? `${head}${REDACTED}${tail}` : whole;

/**
 * A tool result as History keeps it: the connection's own secrets replaced, and token-shaped
 * values (JWTs anywhere in a string; the string value of a secret-named field such as
 * `access_token`, `refresh_token`, `api_key`) hidden. Counts what it hid.
 */
export function storableResult(result: unknown, known: readonly string[]): { value: unknown; hidden: number } {
  let hidden = 0;
  const secrets = searchableSecrets(known);
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') {
      let text = replaceKnown(item, secrets);
      if (text.includes('eyJ')) text = text.replace(JWT, () => REDACTED);
      // A token response written as text, not as structured content: its secret-named fields too.
      if (MAY_NAME_TOKEN.test(text)) text = text.replace(JSON_FIELD, hideField).replace(FORM_FIELD, hideField);
      if (text !== item) hidden++;
      return text;
    }
    if (Array.isArray(item)) return item.map(walk);
    if (!isRecord(item)) return item;
    return Object.fromEntries(
      Object.entries(item).map(([key, entry]) => {
        if (typeof entry === 'string' && entry !== '' && isTokenField(key)) {
          hidden++;
          return [key, REDACTED];
        }
        return [key, walk(entry)];
      }),
    );
  };
  return { value: walk(result), hidden };
}
