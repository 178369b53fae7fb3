// What a connection sends that is the person's, and so must never outlive it: its custom headers,
// checked before anything is sent, and the values (token, header values, credentials in the URL)
// that History, saved calls and exports leave out.
import { hash53 } from '../lib/hash53.ts';
import { isCredentialParam } from '../lib/redactUrl.ts';
import { McpError } from './errors.ts';
import { customHeaderProblem } from './wire/proxy.ts';

/** The custom headers to send, trimmed; a name that is invalid or reserved, or a value with a line break, is refused. */
export function checkedHeaders(customHeaders: Readonly<Record<string, string>>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(customHeaders)) {
    const problem = customHeaderProblem(name) ?? (/[\r\n\0]/.test(value) ? 'the value contains a line break' : undefined);
    if (problem) throw new McpError({ kind: 'invalid-input', message: `Header "${name.slice(0, 60)}": ${problem}` });
    headers[name.trim()] = value;
  }
  return headers;
}

/** The bearer token, the custom header values and the URL's credentials (user, password, credential-named parameters). */
export function secretValuesOf(token: string | undefined, customHeaders: Readonly<Record<string, string>>, url: string): string[] {
  const values = [token ?? '', ...Object.values(customHeaders)];
  try {
    const parsed = new URL(url);
    values.push(decodeURIComponent(parsed.username), decodeURIComponent(parsed.password));
    for (const [name, value] of parsed.searchParams) if (isCredentialParam(name)) values.push(value);
  } catch {
    // not a URL: nothing more
  }
  return values.filter(Boolean);
}

/**
 * A name for the credentials a connection uses, never the credentials: 'anonymous', or a hash
 * of the token and header values. Caches of private results are keyed by it.
 */
export function authContextOf(token: string | undefined, customHeaders: Record<string, string>): string {
  const headers = Object.entries(customHeaders).sort(([a], [b]) => a.localeCompare(b));
  if (!token && headers.length === 0) return 'anonymous';
  return `credentials:${hash53(JSON.stringify([token ?? '', headers]))}`;
}
