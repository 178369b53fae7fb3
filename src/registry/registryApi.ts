// The MCP Registry's read API (GET /v0.1/servers, /v0.1/servers/{name}/versions), as the official
// registry and any self-hosted or sub-registry serves it: no auth, CORS for any origin, so the page
// calls it directly. Every answer is untrusted: a failure, HTML or a malformed body becomes a clear
// message; an entry that is not an entry is counted and left out, never shown half-read.
import { isRecord, optionalString } from '../mcp/guards.ts';
import type { ServerDetail } from './serverJson.ts';

export const OFFICIAL_REGISTRY = 'https://registry.modelcontextprotocol.io';
const MAX_BYTES = 8 * 1024 * 1024;
const TIMEOUT_MS = 20_000;

export type EntryStatus = 'active' | 'deprecated' | 'deleted';

export interface RegistryEntry {
  /** What the page reads of the server (fields of the wrong type left out). */
  server: ServerDetail;
  /** The server as the registry sent it (for the server.json workbench). */
  raw: unknown;
  status: EntryStatus;
  statusMessage?: string;
  publishedAt?: string;
  updatedAt?: string;
  isLatest?: boolean;
}

export interface RegistryPage {
  entries: RegistryEntry[];
  nextCursor?: string;
  /** Entries the registry sent that were not entries (left out). */
  malformed: number;
}

export class RegistryError extends Error {
  override name = 'RegistryError';
}

/** The registry's bare base (`https://registry.modelcontextprotocol.io`): http(s), no query, no trailing slash. */
export function registryBase(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new RegistryError(`"${input}" is not a URL: give the registry's base, such as ${OFFICIAL_REGISTRY}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new RegistryError(`${url.protocol} is not http(s): give the registry's base URL`);
  if (url.username || url.password)
    throw new RegistryError('A registry URL with a user name or password is not used: the read API needs no sign-in');
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v0(\.1)?(\/servers)?$/, '');
  return `${url.origin}${path}`;
}

const OFFICIAL_META = 'io.modelcontextprotocol.registry/official';

const stringsOnly = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;

/** An input (a variable, a header, an argument) with only fields of the types the schema gives them. */
function input(value: unknown): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined;
  const out: Record<string, unknown> = {};
  for (const key of ['description', 'value', 'default', 'placeholder', 'format', 'name', 'valueHint', 'type'])
    if (typeof value[key] === 'string') out[key] = value[key];
  for (const key of ['isRequired', 'isSecret', 'isRepeated']) if (typeof value[key] === 'boolean') out[key] = value[key];
  const choices = stringsOnly(value.choices);
  if (choices) out.choices = choices;
  if (isRecord(value.variables))
    out.variables = Object.fromEntries(
      Object.entries(value.variables).flatMap(([name, variable]) => {
        const clean = input(variable);
        return clean ? [[name, clean]] : [];
      }),
    );
  return out;
}
const inputs = (value: unknown) => (Array.isArray(value) ? value.map(input).filter((item) => item !== undefined) : undefined);

/**
 * What the page may read of a server an untrusted registry sent: strings where strings belong,
 * remotes with a URL and a type, packages with a type, an identifier and a transport — the rest
 * dropped, so no malformed field can break a view (the workbench still checks the raw document).
 */
function usable(server: Record<string, unknown>): ServerDetail {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const repository = isRecord(server.repository) && typeof server.repository.url === 'string' ? server.repository : undefined;
  const remotes = (Array.isArray(server.remotes) ? server.remotes : []).flatMap((remote) =>
    isRecord(remote) && typeof remote.url === 'string' && (remote.type === 'streamable-http' || remote.type === 'sse')
      ? [
          {
            ...input(remote),
            type: remote.type,
            url: remote.url,
            headers: inputs(remote.headers),
            variables: input({ variables: remote.variables })?.variables,
          },
        ]
      : [],
  );
  const packages = (Array.isArray(server.packages) ? server.packages : []).flatMap((pkg) =>
    isRecord(pkg) &&
    typeof pkg.registryType === 'string' &&
    typeof pkg.identifier === 'string' &&
    isRecord(pkg.transport) &&
    typeof pkg.transport.type === 'string'
      ? [
          {
            registryType: pkg.registryType,
            identifier: pkg.identifier,
            version: text(pkg.version),
            fileSha256: text(pkg.fileSha256),
            runtimeHint: text(pkg.runtimeHint),
            registryBaseUrl: text(pkg.registryBaseUrl),
            transport: { type: pkg.transport.type, url: text(pkg.transport.url) },
            runtimeArguments: inputs(pkg.runtimeArguments),
            packageArguments: inputs(pkg.packageArguments),
            environmentVariables: inputs(pkg.environmentVariables),
          },
        ]
      : [],
  );
  return {
    ...server,
    name: String(server.name),
    version: String(server.version),
    description: text(server.description) ?? '',
    title: text(server.title),
    websiteUrl: text(server.websiteUrl),
    repository: repository
      ? {
          url: String(repository.url),
          source: text(repository.source) ?? '',
          subfolder: text(repository.subfolder),
          id: text(repository.id),
        }
      : undefined,
    remotes,
    packages,
  } as unknown as ServerDetail;
}

function entryOf(item: unknown): RegistryEntry | undefined {
  if (!isRecord(item) || !isRecord(item.server)) return undefined;
  const server = item.server;
  if (typeof server.name !== 'string' || !server.name || typeof server.version !== 'string') return undefined;
  const meta = isRecord(item._meta) && isRecord(item._meta[OFFICIAL_META]) ? item._meta[OFFICIAL_META] : {};
  const status = meta.status === 'deprecated' || meta.status === 'deleted' ? meta.status : 'active';
  return {
    server: usable(server),
    raw: server,
    status,
    statusMessage: optionalString(meta.statusMessage),
    publishedAt: optionalString(meta.publishedAt),
    updatedAt: optionalString(meta.updatedAt),
    isLatest: typeof meta.isLatest === 'boolean' ? meta.isLatest : undefined,
  };
}

/**
 * The body as text, read as a stream and stopped past `max` bytes: an answer that never ends, or a
 * huge one, is not held in memory whole (response.text() would read it all first).
 */
export async function cappedBody(response: Response, max: number): Promise<{ text: string; over: boolean }> {
  if (!response.body) return { text: '', over: false };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      void reader.cancel().catch(() => undefined);
      return { text, over: true };
    }
    text += decoder.decode(value, { stream: true });
  }
  return { text: text + decoder.decode(), over: false };
}

async function getJson(url: string, fetcher: typeof fetch, signal?: AbortSignal): Promise<unknown> {
  let response: Response;
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  try {
    response = await fetcher(url, {
      headers: { accept: 'application/json' },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      credentials: 'omit',
      redirect: 'follow',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (timeout.aborted) throw new RegistryError(`The registry did not answer within ${TIMEOUT_MS / 1000} s (${url}).`);
    throw new RegistryError(`The registry could not be reached (${url}): the network failed, or it sends no CORS headers for this page.`);
  }
  const { text, over } = await cappedBody(response, MAX_BYTES);
  if (over) throw new RegistryError(`The registry's answer is over ${MAX_BYTES / 1024 / 1024} MB; not read (${url}).`);
  if (!response.ok) {
    const said = (() => {
      try {
        const body: unknown = JSON.parse(text);
        return isRecord(body) ? (optionalString(body.error) ?? optionalString(body.detail) ?? optionalString(body.title)) : undefined;
      } catch {
        return undefined;
      }
    })();
    throw new RegistryError(`The registry answered HTTP ${response.status}${said ? `: ${said.slice(0, 200)}` : ''} (${url}).`, {
      cause: response.status,
    });
  }
  try {
    return JSON.parse(text);
  } catch {
    const type = response.headers.get('content-type') ?? 'no content type';
    const html = /^\s*</.test(text);
    throw new RegistryError(
      `The registry answered ${html ? 'HTML' : 'something'} that is not JSON (${type}) — is ${new URL(url).origin} an MCP registry? (${url})`,
    );
  }
}

function pageOf(body: unknown, url: string): RegistryPage {
  if (!isRecord(body) || !Array.isArray(body.servers))
    throw new RegistryError(`The registry's answer has no "servers" list — is this an MCP registry (API v0.1)? (${url})`);
  const entries = body.servers.map(entryOf);
  const metadata = isRecord(body.metadata) ? body.metadata : {};
  const nextCursor = optionalString(metadata.nextCursor);
  return {
    entries: entries.filter((entry): entry is RegistryEntry => entry !== undefined),
    nextCursor: nextCursor || undefined,
    malformed: entries.filter((entry) => entry === undefined).length,
  };
}

export interface SearchOptions {
  search?: string;
  cursor?: string;
  limit?: number;
  signal?: AbortSignal;
  fetcher?: typeof fetch;
}

/** One page of servers (latest versions), searched by name. */
export async function searchServers(
  base: string,
  { search, cursor, limit = 30, signal, fetcher = fetch }: SearchOptions = {},
): Promise<RegistryPage> {
  const query = new URLSearchParams({ version: 'latest', limit: String(limit) });
  if (search?.trim()) query.set('search', search.trim());
  if (cursor) query.set('cursor', cursor);
  const url = `${registryBase(base)}/v0.1/servers?${query}`;
  return pageOf(await getJson(url, fetcher, signal), url);
}

/** Every version of one server, newest first. */
export async function serverVersions(
  base: string,
  name: string,
  { signal, fetcher = fetch }: { signal?: AbortSignal; fetcher?: typeof fetch } = {},
): Promise<RegistryPage> {
  const url = `${registryBase(base)}/v0.1/servers/${encodeURIComponent(name)}/versions`;
  return pageOf(await getJson(url, fetcher, signal), url);
}
