// The one way a URL is written anywhere it can outlive the request: exports, printed output,
// History records and storage keys. The user:password@ part is dropped and the values of
// credential-looking query parameters are replaced, so `?api_key=…` never lands in a SARIF file,
// a terminal or localStorage.
import { hash53 } from './hash53.ts';
import { looksSecretName } from './secretNames.ts';

/**
 * The one mark for a value left out — in the page (Traffic's headers, History), in files and on
 * stderr alike: plain ASCII, so it reads the same in a terminal, a SARIF file and a URL's query.
 */
export const REDACTED = 'REDACTED';

// Query parameters that carry credentials in URLs although their names are not secret words:
// signed-URL signatures and OAuth's one-time code.
const URL_CREDENTIALS = /^(sig|sign|hmac|code|x-amz-credential|x-amz-security-token|x-goog-credential)$/i;

export const isCredentialParam = (name: string) => looksSecretName(name) || URL_CREDENTIALS.test(name);

export interface RedactedUrl {
  /** The URL with credentials replaced (or the trimmed text, when it does not parse). */
  url: string;
  /** What was removed, by name: `user:password@`, `api_key`, … */
  removed: string[];
  /** A short hash of the removed values ('' when nothing was): two keys of one server stay apart. */
  hash: string;
}

export function redactUrl(text: string): RedactedUrl {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { url: text.trim(), removed: [], hash: '' };
  }
  const removed: string[] = [];
  const values: string[] = [];
  if (url.username || url.password) {
    removed.push('user:password@');
    values.push(url.username, url.password);
    url.username = '';
    url.password = '';
  }
  const secret = (name: string, value: string) => isCredentialParam(name) && value !== '' && value !== REDACTED;
  const params = [...url.searchParams];
  if (params.some(([name, value]) => secret(name, value))) {
    for (const [name, value] of params) {
      if (!secret(name, value)) continue;
      removed.push(name);
      values.push(value);
    }
    url.search = new URLSearchParams(params.map(([name, value]) => [name, secret(name, value) ? REDACTED : value])).toString();
  }
  return { url: url.href, removed: [...new Set(removed)], hash: removed.length ? hash53(values.join('\u0000')) : '' };
}

// A URL inside free text (an error message): scheme://… up to a space, a quote or a bracket.
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>()[\]{}]+/gi;

/**
 * The one length rule for known secret values, everywhere they are looked for (stderr, History,
 * exports, agent answers): shorter values are not searched for, or "yes" would be hidden everywhere.
 */
export const MIN_SECRET_LENGTH = 4;

/**
 * The known values worth searching for, by that rule, each in every form a server or a person may
 * carry it in: as is, percent-decoded and -encoded, hex (either case), and base64 — standard and
 * URL-safe (RFC 4648 §4, §5), padded or not, and the part of it that reads the same wherever the
 * value starts inside a longer base64 text (three alignments, the bytes on either side unknown).
 * Longest first, so the whole encoding is replaced before a part of it.
 */
export function searchableSecrets(values: readonly (string | undefined)[]): string[] {
  const forms = new Set<string>();
  for (const value of values) {
    if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH) continue;
    for (const form of [value, safeDecode(value), encodeURIComponent(value)]) forms.add(form);
    if (value.length > 4096) continue; // a credential is not a document: its encodings are not worth the work
    const bytes = new TextEncoder().encode(value);
    const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    forms.add(hex).add(hex.toUpperCase());
    for (const encoded of base64Forms(bytes)) forms.add(encoded);
  }
  return [...forms].filter((form) => form.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
}

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

function base64Forms(bytes: Uint8Array): string[] {
  const whole = base64(bytes);
  const forms = [whole, whole.replace(/=+$/, '')];
  // At offset k inside a longer text, the k bytes before it change the first ceil(4k/3) characters,
  // and the bytes after it change the last group unless the value ends on a 3-byte boundary.
  for (const offset of [0, 1, 2]) {
    const shifted = base64(new Uint8Array([...new Array<number>(offset).fill(0), ...bytes]));
    const lead = Math.ceil((offset * 4) / 3);
    const full = Math.floor((offset + bytes.length) / 3) * 4;
    const core = shifted.slice(lead, full);
    if (core.length >= 8) forms.push(core);
  }
  return forms.flatMap((form) => [form, form.replace(/\+/g, '-').replace(/\//g, '_')]);
}

/**
 * The one redaction rule for any text that is printed or kept (a CLI message, whatever produced it —
 * the SDK's own error text repeats the URL it was given): each URL in it redacted as redactUrl does,
 * and each known secret value (a token, a header value, a URL's password) replaced wherever it appears.
 */
export function redactText(text: string, secrets: readonly (string | undefined)[] = []): string {
  const redacted = text.replace(URL_IN_TEXT, (match) => {
    const trailing = /[.,;:!?]+$/.exec(match)?.[0] ?? '';
    return redactUrl(match.slice(0, match.length - trailing.length)).url.replace(/\/$/, match.endsWith('/') ? '/' : '') + trailing;
  });
  return replaceKnown(redacted, searchableSecrets(secrets));
}

/** Every occurrence of each value (searchableSecrets' list, longest first) replaced by the mark. */
export function replaceKnown(text: string, searchable: readonly string[]): string {
  let out = text;
  for (const value of searchable) if (out.includes(value)) out = out.split(value).join(REDACTED);
  return out;
}

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** The secrets a URL carries in itself (user, password, credential parameters), for redactText. */
export function urlSecrets(text: string): string[] {
  try {
    const url = new URL(text.trim());
    return [url.username, url.password, ...[...url.searchParams].filter(([name]) => isCredentialParam(name)).map(([, value]) => value)];
  } catch {
    return [];
  }
}

/**
 * A value about to be serialised (a report, a bench result, a recording), with redactText applied
 * to every string and key in it — never to the serialised text, where a URL's match could take an
 * escape's backslash and leave invalid JSON (audit 4, N5). Depth-bounded by the value's own shape.
 */
export function redactValues<T>(value: T, secrets: readonly (string | undefined)[] = []): T {
  const known = secrets.filter((secret): secret is string => typeof secret === 'string');
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return redactText(item, known);
    if (Array.isArray(item)) return item.map(walk);
    if (typeof item !== 'object' || item === null) return item;
    const out: Record<string, unknown> = {};
    // defineProperty: a key named "__proto__" stays a key.
    for (const [key, entry] of Object.entries(item))
      Object.defineProperty(out, redactText(key, known), { value: walk(entry), enumerable: true, writable: true, configurable: true });
    return out;
  };
  return walk(value) as T;
}
