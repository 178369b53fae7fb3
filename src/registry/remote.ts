// A registry remote becomes a connection: the fields the person fills (its URL's `{variables}`, its
// headers and their `{variables}`), then the URL and headers to connect with. A value the entry fixes
// is not the person's to change (server.json: "If a value is set, it should not be configurable").
import { REDACTED } from '../lib/redactUrl.ts';
import type { Input, Remote } from './serverJson.ts';
import { templateVariables } from './templateVariables.ts';

export interface RemoteField {
  /** Unique within the remote: `url:tenant`, `header:X-Api-Key`, `header:Authorization:token`. */
  key: string;
  /** What the field is labelled by: the variable's or the header's name. */
  label: string;
  input: Input;
  required: boolean;
  secret: boolean;
}

/** Whether Toolscope can open this remote (it speaks Streamable HTTP; HTTP+SSE is deprecated). */
export const remoteOpenable = (remote: Remote) => remote.type === 'streamable-http';

export function remoteFields(remote: Remote): RemoteField[] {
  const fields: RemoteField[] = [];
  for (const name of templateVariables(remote.url)) {
    const input = remote.variables?.[name] ?? {};
    // A URL cannot be built without its variables: each one is required.
    fields.push({ key: `url:${name}`, label: name, input, required: true, secret: Boolean(input.isSecret) });
  }
  for (const header of remote.headers ?? []) {
    if (header.value !== undefined) {
      // Fixed, or a template whose variables are the fields.
      for (const name of templateVariables(header.value)) {
        const input = header.variables?.[name];
        if (input)
          fields.push({
            key: `header:${header.name}:${name}`,
            label: name,
            input,
            required: Boolean(header.isRequired || input.isRequired),
            secret: Boolean(header.isSecret || input.isSecret),
          });
      }
      continue;
    }
    fields.push({
      key: `header:${header.name}`,
      label: header.name,
      input: header,
      required: Boolean(header.isRequired),
      secret: Boolean(header.isSecret),
    });
  }
  return fields;
}

/**
 * The headers an entry sends with a value of its own (no field to fill): shown on the Connect form,
 * masked (a value is a secret until the person chooses otherwise), so nothing is sent unseen.
 */
export function fixedHeaders(remote: Remote): { name: string; masked: string }[] {
  return (remote.headers ?? [])
    .filter((header) => header.value !== undefined && !templateVariables(header.value).some((name) => header.variables?.[name]))
    .map((header) => ({
      name: header.name,
      masked: `${REDACTED} (${header.value!.length} characters)`,
    }));
}

/** A field's starting value: its default (never for a secret), else empty. */
export const fieldDefault = (field: RemoteField) => (field.secret ? '' : (field.input.default ?? field.input.choices?.[0] ?? ''));

export interface ResolvedRemote {
  url?: string;
  headers: Record<string, string>;
  /** The required fields left empty (their labels). */
  missing: string[];
  problem?: string;
}

const fillWith = (template: string, value: (name: string) => string | undefined) =>
  template.replace(/\{([A-Za-z_]\w*)\}/g, (whole, name: string) => value(name) ?? whole);

/** The URL and headers for these field values. */
export function resolveRemote(remote: Remote, values: Record<string, string>): ResolvedRemote {
  const fields = remoteFields(remote);
  const missing = fields.filter((field) => field.required && !values[field.key]?.trim()).map((field) => field.label);
  const headers: Record<string, string> = {};
  for (const header of remote.headers ?? []) {
    const value =
      header.value !== undefined
        ? fillWith(
            header.value,
            (name) => values[`header:${header.name}:${name}`] || header.variables?.[name]?.value || header.variables?.[name]?.default,
          )
        : values[`header:${header.name}`];
    if (value && /[\r\n\0]/.test(value)) return { headers: {}, missing, problem: `the ${header.name} header may not hold a line break` };
    // A template still waiting for a variable is not sent half-filled.
    const unfilled = header.value !== undefined && value !== undefined && templateVariables(value).some((name) => header.variables?.[name]);
    if (value?.trim() && !unfilled) headers[header.name] = value;
  }
  if (!remoteOpenable(remote))
    return { headers, missing, problem: 'HTTP+SSE is the deprecated transport; Toolscope speaks Streamable HTTP' };
  for (const [name, value] of Object.entries(values))
    if (name.startsWith('url:') && /[\s/?#@\\]/.test(value))
      return {
        headers,
        missing,
        problem: `{${name.slice(4)}} may not hold a space, "/", "?", "#", "@" or "\\" (it would change which server the URL names)`,
      };
  const url = fillWith(remote.url, (name) => values[`url:${name}`]?.trim() || undefined);
  if (missing.length) return { headers, missing };
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { headers, missing, problem: `${url} is not an http(s) URL` };
    return { url: parsed.href, headers, missing };
  } catch {
    return { headers, missing, problem: `${url} is not a URL` };
  }
}
