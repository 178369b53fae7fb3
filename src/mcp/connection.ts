// The protocol layer's entry point: connect to a server over Streamable HTTP with the official
// SDK (versionNegotiation 'auto': 2026-07-28 probe, 2025 fallback), then list, call and read.
// Results are requested with a pass-through schema and parsed by us, so a result the SDK
// would reject (a structuredContent/outputSchema mismatch, an unknown block type) is still
// shown to the user with findings instead of disappearing into an exception.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { StandardSchemaV1 } from '@modelcontextprotocol/client';
import { McpError, classifyError, isNetworkFailure, type McpFailure } from './errors.ts';

export { McpError };
import { isRecord, optionalString, own } from './guards.ts';
import { parseCallResult, parseReadResult, type CallResult, type ResourceContents } from './results.ts';
import { parseToolsPage, type ToolsPage } from './tools.ts';
import type { FetchLike } from './traffic.ts';

export const CLIENT_INFO = { name: 'toolscope', version: '0.1.0' } as const;
export const DEFAULT_TIMEOUT_MS = 60_000;

export interface ServerIdentity {
  name: string;
  title?: string;
  version?: string;
}

export interface ConnectOptions {
  url: string;
  bearerToken?: string;
  /** The traffic recorder's fetch (or any fetch). */
  fetch?: FetchLike;
  timeoutMs?: number;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
}

// Accept any result shape; we parse it ourselves (habit 2: parse, never cast).
const anyResult: StandardSchemaV1<unknown, unknown> = {
  '~standard': { version: 1, vendor: 'toolscope', validate: (value: unknown) => ({ value }) },
};

function parseUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw new McpError({
      kind: 'invalid-url',
      message: `"${url}" is not a valid URL. Enter a full address such as http://127.0.0.1:3000/mcp.`,
    });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new McpError({ kind: 'invalid-url', message: `Only http: and https: server URLs are supported, not ${parsed.protocol}` });
  }
  return parsed;
}

/**
 * A browser reports a CORS rejection and an unreachable server the same way ("Failed to
 * fetch"). A no-cors request still succeeds (opaquely) when the server is up, so it tells
 * the two apart without needing any header access.
 */
async function explainNetworkFailure(url: URL, fetchImpl: FetchLike): Promise<McpFailure> {
  if (typeof window === 'undefined') return classifyError(new TypeError('fetch failed'));
  const controller = new AbortController();
  try {
    await fetchImpl(url.href, { method: 'GET', mode: 'no-cors', credentials: 'omit', cache: 'no-store', signal: controller.signal });
    controller.abort();
    return {
      kind: 'cors',
      message: `The server at ${url.origin} is reachable but the browser blocked its answer (CORS). The server must answer the OPTIONS preflight and allow this page's origin (${window.location.origin}), allow the headers Content-Type, Accept, Authorization, MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Session-Id and Last-Event-ID, and expose Mcp-Session-Id and WWW-Authenticate.`,
    };
  } catch {
    return {
      kind: 'unreachable',
      message: `Could not reach ${url.origin}: nothing answered (is the server running, and is the port right?).`,
    };
  }
}

export class McpConnection {
  private constructor(
    readonly url: string,
    private readonly client: Client,
    private readonly transport: StreamableHTTPClientTransport,
    private readonly fetchImpl: FetchLike,
  ) {}

  static async connect({
    url,
    bearerToken,
    fetch: fetchImpl = (input, init) => globalThis.fetch(input, init),
    timeoutMs = 30_000,
  }: ConnectOptions) {
    const endpoint = parseUrl(url);
    const headers: Record<string, string> = {};
    if (bearerToken?.trim()) headers.Authorization = `Bearer ${bearerToken.trim()}`;
    const transport = new StreamableHTTPClientTransport(endpoint, { fetch: fetchImpl, requestInit: { headers } });
    // Only declare capabilities we truly handle (none yet: elicitation arrives with issue 4).
    const client = new Client(CLIENT_INFO, { capabilities: {}, versionNegotiation: { mode: 'auto' } });
    try {
      await client.connect(transport, { timeout: timeoutMs });
    } catch (error) {
      await client.close().catch(() => undefined);
      const failure = isNetworkFailure(error) ? await explainNetworkFailure(endpoint, fetchImpl) : classifyError(error);
      throw new McpError(failure);
    }
    return new McpConnection(endpoint.href, client, transport, fetchImpl);
  }

  get era(): 'modern' | 'legacy' {
    return this.client.getProtocolEra() === 'modern' ? 'modern' : 'legacy';
  }

  get protocolVersion(): string {
    return this.client.getNegotiatedProtocolVersion() ?? 'unknown';
  }

  get server(): ServerIdentity {
    const info: unknown = this.client.getServerVersion();
    if (!isRecord(info)) return { name: 'unnamed server' };
    return {
      name: optionalString(own(info, 'name')) ?? 'unnamed server',
      title: optionalString(own(info, 'title')),
      version: optionalString(own(info, 'version')),
    };
  }

  get instructions(): string | undefined {
    return this.client.getInstructions();
  }

  get hasTools(): boolean {
    return this.client.getServerCapabilities()?.tools !== undefined;
  }

  async #request(method: string, params: Record<string, unknown>, options: CallOptions = {}): Promise<unknown> {
    try {
      return await this.client.request({ method, params }, anyResult, {
        signal: options.signal,
        timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        resetTimeoutOnProgress: true,
        onprogress: options.onProgress,
      });
    } catch (error) {
      if (options.signal?.aborted) throw new McpError({ kind: 'cancelled', message: 'Cancelled by the user.' });
      if (isNetworkFailure(error)) throw new McpError(await explainNetworkFailure(new URL(this.url), this.fetchImpl));
      throw new McpError(classifyError(error));
    }
  }

  /** One page of tools/list; walk pages with `walkToolPages`. */
  async listToolsPage(cursor?: string, signal?: AbortSignal): Promise<ToolsPage> {
    return parseToolsPage(await this.#request('tools/list', cursor === undefined ? {} : { cursor }, { signal }));
  }

  async callTool(name: string, args: Record<string, unknown>, options: CallOptions = {}): Promise<CallResult> {
    return parseCallResult(await this.#request('tools/call', { name, arguments: args }, options));
  }

  async readResource(uri: string, signal?: AbortSignal): Promise<ResourceContents[]> {
    return parseReadResult(await this.#request('resources/read', { uri }, { signal }));
  }

  async close(): Promise<void> {
    if (this.transport.sessionId) await this.transport.terminateSession().catch(() => undefined);
    await this.client.close().catch(() => undefined);
  }
}
