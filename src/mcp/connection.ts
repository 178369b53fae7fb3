// The protocol layer's entry point: connect to a server over Streamable HTTP with the official
// SDK (versionNegotiation 'auto': 2026-07-28 probe, 2025 fallback), then list, call and read.
// Results are requested with a pass-through schema and parsed by us, so a result the SDK
// would reject (a structuredContent/outputSchema mismatch, an unknown block type) is still
// shown to the user with findings instead of disappearing into an exception.
import { Client, SdkError, SdkErrorCode, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { StandardSchemaV1 } from '@modelcontextprotocol/client';
import { CLIENT_CAPABILITIES, CLIENT_INFO } from './clientIdentity.ts';
import type { CallOptions, ConnectOptions, ServerIdentity, ToolCallOptions } from './connectOptions.ts';
import type { AdoptedPrefetch } from './wire/adoptedPrefetch.ts';
import { Credentials } from './auth/credentials.ts';
import { parseElicitation, type ElicitationHandler } from './elicitation.ts';
import { McpError, isNetworkFailure } from './errors.ts';
import { fetchChain, type Route } from './wire/fetchChain.ts';
import { isRecord, optionalString, own } from './guards.ts';
import { LENIENT_HEADER, RawResults } from './lenientResults.ts';
import { ResponseCap } from './wire/responseCap.ts';
import { explainNetworkFailure, parseUrl, unprobed } from './wire/networkFailure.ts';
import { prefetchedPage } from './wire/adoptedPrefetch.ts';
import { authContextOf, checkedHeaders, secretValuesOf } from './connectionSecrets.ts';
import { ServerOffers } from './serverOffers.ts';
import { ToolDefinitions } from './toolDefinitions.ts';
import { ListChanges } from './listChanges.ts';
import { ResourceReader } from './resourceReader.ts';
import { parseCallResult, type CallResult, type ResourceContents } from './results.ts';
import { classifySdkError } from './wire/sdkErrors.ts';
import { isBridge } from './wire/stdio.ts';
import { StreamWatcher } from './wire/streamWatch.ts';
import { TaskDriver, type TaskPlace } from './tasks/taskDriver.ts';
import { taskFromCallResult, type DriveOptions, type TaskState } from './tasks/tasks.ts';
import { DEFAULT_TIMEOUT_MS, describeTimeout, hardLimit } from './wire/timeouts.ts';
import { listedToolsPage, type McpTool, type ToolsPage } from './tools.ts';
import type { FetchLike } from './recording/traffic.ts';
import type { ServerSkills } from './skills.ts';
import { newTraceId } from './recording/traceContext.ts';
import { offersServerSpans, withTrace } from './recording/serverSpans.ts';
import { DeclaredCapabilities } from './wire/declaredCapabilities.ts';
import { offersSkills, offersToolTasks } from './serverCapabilities.ts';
import { toolCallRequest } from './toolCallRequest.ts';
import type { Era } from './era.ts';
import { deeperThan, tooDeep } from '../lib/jsonDepth.ts';
import { callFailure } from './callFailure.ts';

/** The Skills extension's id (SEP-2640); skills.ts holds the rest, loaded on demand. */

export { McpError, CLIENT_INFO, DEFAULT_TIMEOUT_MS };
export { TaskEndError, type TaskPlace } from './tasks/taskDriver.ts';
export type { CallOptions, ConnectOptions, ServerIdentity, ToolCallOptions } from './connectOptions.ts';
export type { AdoptedPrefetch } from './wire/adoptedPrefetch.ts';

// Accept any result shape; we parse it ourselves (parse what comes off the wire, never cast it).
const anyResult: StandardSchemaV1<unknown, unknown> = {
  '~standard': { version: 1, vendor: 'toolscope', validate: (value: unknown) => ({ value }) },
};

export class McpConnection {
  private constructor(
    readonly url: string,
    private readonly client: Client,
    private readonly transport: StreamableHTTPClientTransport,
    private readonly fetchImpl: FetchLike,
    private readonly elicitation: { handler?: ElicitationHandler },
    private readonly watcher: StreamWatcher,
    /** Which path the traffic takes. */
    readonly via: 'direct' | 'proxy',
    private readonly credentials: Credentials,
    private readonly rawResults: RawResults,
    /** The custom headers sent on every request (what "Copy as curl" reproduces, secrets as placeholders). */
    readonly customHeaders: Readonly<Record<string, string>> = {},
    /** The deep link's prefetched tools/list pages, taken once each. */
    private prefetched?: AdoptedPrefetch,
    /** The page's origin, in a browser (see ConnectOptions.pageOrigin). */
    private readonly pageOrigin?: string,
    /** This launch's stdio bridge: its word that the child is gone is believed (see stdioStopOf). */
    readonly bridged = false,
    /** Header names its source declared secret (ConnectOptions.secretHeaders). */
    readonly secretHeaders: readonly string[] = [],
    /** The cap per answer: an answer it stopped is said as such, never as a network failure. */
    private readonly cap = new ResponseCap(),
    /** The capabilities as the server sent them (an extension's top-level key the SDK drops, SEP-2448). */
    private readonly declared = new DeclaredCapabilities(),
  ) {}

  readonly traceId = newTraceId(); // this connection's trace (W3C Trace Context), when calls carry it
  readonly #request = (method: string, params: Record<string, unknown>, options?: CallOptions) => this.#send(method, params, options);
  readonly #tasks = new TaskDriver({
    request: this.#request,
    era: () => this.era,
    sessionId: () => this.transport.sessionId,
    onNotification: (method, handler) => {
      const params = {
        '~standard': { version: 1 as const, vendor: 'toolscope', validate: (value: unknown) => ({ value }) },
      } as StandardSchemaV1<unknown, unknown>;
      this.client.setNotificationHandler(method, { params }, handler);
    },
    elicit: () => this.elicitation.handler,
  });
  readonly #resources = new ResourceReader(this.#request);
  /** Prompts, resources, templates and completion, through the same request path as every call. */
  readonly offers = new ServerOffers(this.#request, () => this.client.getServerCapabilities());
  /** The tool list as the server sent it, page by page (the lockfile digests each tool whole). */
  readonly toolDefinitions = new ToolDefinitions(this.#request);
  /** What the server says changed (the tool list; prompts and resources), in either era. */
  readonly changes = new ListChanges(
    () => this.client,
    () => this.era === 'modern',
  );

  /** Use another bearer token from now on (after signing in again, e.g. with more scope). */
  setBearerToken(token: string | undefined) {
    this.credentials.token = token?.trim() || undefined;
  }

  /** Who answers the server's questions during calls (a person, through the UI). */
  setElicitationHandler(handler: ElicitationHandler | undefined) {
    this.elicitation.handler = handler;
  }

  static async connect({
    url,
    bearerToken,
    customHeaders = {},
    secretHeaders = [],
    fetch: fetchImpl = (input, init) => globalThis.fetch(input, init),
    timeoutMs = 30_000,
    maxResponseBytes,
    proxy,
    stdio,
    eraHint,
    refreshToken,
    probe = true,
    pageOrigin,
    prefetched,
  }: ConnectOptions) {
    const endpoint = parseUrl(url);
    const headers = checkedHeaders(customHeaders);
    // Toolscope's own stdio bridge is on this origin: straight there, with its token.
    const bridge = stdio && isBridge(stdio, endpoint.href) ? stdio : undefined;
    if (bridge) proxy = undefined;
    const route: Route = bridge
      ? { via: 'stdio', session: bridge }
      : proxy
        ? { via: 'proxy', session: proxy, headerNames: Object.keys(customHeaders) }
        : { via: 'direct' };
    const watcher = new StreamWatcher();
    const credentials = new Credentials(bearerToken?.trim() || undefined, refreshToken);
    // 2026-era tools/list and tools/call results reach our lenient parsers, not the SDK's strict schema.
    const rawResults = new RawResults();
    const cap = new ResponseCap(maxResponseBytes);
    const declared = new DeclaredCapabilities();
    const fetch = fetchChain(fetchImpl, { route, watcher, credentials, results: rawResults, cap, declared });
    const transport = new StreamableHTTPClientTransport(endpoint, { fetch, requestInit: { headers } });
    // Declare only what we truly handle: elicitation (form and URL), answered by a person.
    const mode = !eraHint ? 'auto' : eraHint.era === 'legacy' ? 'legacy' : { pin: eraHint.protocolVersion };
    // Tasks (2026: the extension, declared in every request's capabilities; the server decides per call).
    const client = new Client(CLIENT_INFO, {
      capabilities: CLIENT_CAPABILITIES,
      versionNegotiation: { mode },
    });
    const elicitation: { handler?: ElicitationHandler } = {};
    // The same handler serves 2025 server→client requests and 2026 input_required rounds.
    client.setRequestHandler('elicitation/create', async (request, ctx) => {
      const handler = elicitation.handler;
      if (!handler) return { action: 'decline' };
      return handler(parseElicitation(request.params), ctx.mcpReq.signal);
    });
    // The prefetched server/discover, when it says 2026-07-28: adopted as the era verdict (no second probe).
    // It was this connection's probe: unanswered within the connect's timeout, it failed as the SDK's
    // own probe would have (the same error), not after a second wait for a second probe.
    const found = prefetched ? await prefetched.discover(timeoutMs).catch(() => undefined) : undefined;
    const discovered = found && 'result' in found ? found.result : undefined;
    const supported = isRecord(discovered) ? own(discovered, 'supportedVersions') : undefined;
    const prior =
      Array.isArray(supported) && supported.includes('2026-07-28') ? { kind: 'modern' as const, discover: discovered as never } : undefined;
    // Not adopted (discover did not name 2026-07-28): the connection asks its own way, the walk stops.
    if (!prior) prefetched?.stop();
    try {
      if (found && 'timedOut' in found)
        throw new SdkError(SdkErrorCode.RequestTimeout, `Version negotiation probe timed out after ${timeoutMs}ms`, { timeout: timeoutMs });
      await client.connect(transport, { timeout: timeoutMs, ...(prior ? { prior } : {}) });
      await declared.settled();
      if (prior) declared.adopt(discovered);
    } catch (error) {
      prefetched?.stop();
      await client.close().catch(() => undefined);
      cap.throwIfHit();
      const network = !proxy && isNetworkFailure(error);
      const failure = !network
        ? classifySdkError(error)
        : probe
          ? await explainNetworkFailure(endpoint, fetchImpl, pageOrigin)
          : unprobed(endpoint);
      throw new McpError(credentials.explain(failure));
    }
    return new McpConnection(
      endpoint.href,
      client,
      transport,
      fetchImpl,
      elicitation,
      watcher,
      proxy ? 'proxy' : 'direct',
      credentials,
      rawResults,
      headers,
      prior ? prefetched : undefined,
      pageOrigin,
      bridge !== undefined,
      secretHeaders,
      cap,
      declared,
    );
  }

  /**
   * The values this connection must never write where they outlive it (History, saved calls,
   * exports): its bearer token, its custom header values, credentials in its URL.
   */
  get secretValues(): string[] {
    return secretValuesOf(this.credentials.token, this.customHeaders, this.url);
  }

  #authContext?: string;
  /**
   * The name of the credentials this connection was opened with (authContextOf: 'anonymous' or a
   * hash, never a secret), read first by establish: every cache of its private answers is keyed by it.
   */
  get authContext(): string {
    return (this.#authContext ??= authContextOf(this.credentials.token, this.customHeaders));
  }

  /** Whether requests carry a bearer token (never the token itself). */
  get hasBearerToken(): boolean {
    return Boolean(this.credentials.token);
  }

  /** How the report's readiness profiles see this connection: transport and sign-in (never a secret). */
  get reach(): { transport: 'http' | 'stdio'; auth: 'none' | 'bearer' | 'oauth' } {
    const typedAuth = Object.keys(this.customHeaders).some((name) => name.toLowerCase() === 'authorization');
    return {
      transport: this.bridged ? 'stdio' : 'http',
      auth: this.credentials.fromSignIn ? 'oauth' : this.credentials.token || typedAuth ? 'bearer' : 'none',
    };
  }

  get era(): Era {
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

  /** Whether the server runs tool calls as tasks (./serverCapabilities.ts). */
  get toolTasks(): boolean {
    return offersToolTasks(this.client.getServerCapabilities(), this.era);
  }

  get hasTools(): boolean {
    return this.client.getServerCapabilities()?.tools !== undefined;
  }

  /** A plain GET beside the protocol (a discovery document such as a Server Card), by the connection's own path (direct or proxy). */
  fetchBeside(url: string, init?: RequestInit): Promise<Response> {
    return this.fetchImpl(url, init);
  }

  /** The capabilities the server declared. */
  get serverCapabilities(): unknown {
    return this.client.getServerCapabilities();
  }

  /** Whether the server declared the Skills extension (its capabilities; no request made). */
  get offersSkills(): boolean {
    return offersSkills(this.client.getServerCapabilities());
  }

  #skills?: Promise<ServerSkills>;
  /** The server's skills, through the SDK's host side (its code loaded on first use). */
  skills(): Promise<ServerSkills> {
    this.#skills ??= import('./skills.ts').then(({ ServerSkills }) => new ServerSkills(this.client));
    return this.#skills;
  }

  async #send(method: string, params: Record<string, unknown>, options: CallOptions = {}): Promise<unknown> {
    const started = performance.now();
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    // The SDK checks maxTotalTimeout only when progress arrives: a call without progress (or
    // whose progress stopped) would outlive it. A timer of our own makes it a hard limit (the
    // SDK then sends notifications/cancelled).
    const limit = options.maxTotalTimeoutMs === undefined ? undefined : hardLimit(options.maxTotalTimeoutMs, options.signal);
    const signal = limit?.signal ?? options.signal;
    try {
      const value = await this.client.request({ method, params }, anyResult, {
        signal,
        timeout: timeoutMs,
        resetTimeoutOnProgress: true,
        maxTotalTimeout: options.maxTotalTimeoutMs,
        onprogress: options.onProgress,
        // Marks the request as Toolscope's own (lenientResults.ts; the mark is never sent).
        headers: { ...options.headers, [LENIENT_HEADER]: '1' },
      });
      const held = this.rawResults.take(value);
      return held ? held.raw : value;
    } catch (error) {
      if (options.signal?.aborted) throw new McpError({ kind: 'cancelled', message: 'Cancelled by the user.' });
      this.cap.throwIfHit();
      const failure = classifySdkError(error);
      if (failure.kind === 'timeout' || limit?.hit())
        throw new McpError(describeTimeout(performance.now() - started, timeoutMs, options.maxTotalTimeoutMs));
      if (this.via === 'direct' && isNetworkFailure(error))
        throw new McpError(await explainNetworkFailure(new URL(this.url), this.fetchImpl, this.pageOrigin));
      throw new McpError(this.credentials.explain(failure));
    } finally {
      limit?.release();
    }
  }

  /** One page of tools/list; callers walk the pages (see pagination.ts for when to stop). */
  async listToolsPage(cursor?: string, signal?: AbortSignal): Promise<ToolsPage> {
    const raw =
      (this.era === 'modern' ? await prefetchedPage(this.prefetched, cursor ?? '', signal) : undefined) ??
      (await this.#request('tools/list', cursor === undefined ? {} : { cursor }, { signal }));
    return listedToolsPage(raw, this.era === 'modern');
  }

  /**
   * tools/call for a listed tool (its `x-mcp-header` properties go out as `Mcp-Param-*` headers
   * in the 2026 era), or for a bare name. A server that answers with a task is followed to the
   * task's end (tasks/get at its interval, input requests answered, tasks/result on 2025); a task
   * that fails, is cancelled or expires throws a TaskEndError.
   */
  async callTool(
    tool: string | Pick<McpTool, 'name' | 'paramHeaders' | 'unusable'>,
    args: Record<string, unknown>,
    options: ToolCallOptions = {},
  ): Promise<CallResult> {
    const { name, paramHeaders = [], unusable } = typeof tool === 'string' ? { name: tool } : tool;
    if (unusable) throw new McpError({ kind: 'invalid-input', message: unusable });
    const serverSpansOffered = offersServerSpans(this.declared.capabilities);
    const { params, headers, trace } = toolCallRequest({ name, args, paramHeaders }, options, this.era, {
      traceId: this.traceId,
      serverSpansOffered,
    });
    const { call, signal } = this.watcher.watch(name, options.signal);
    let raw: unknown;
    try {
      raw = await this.#request('tools/call', params, { ...options, headers, signal });
    } catch (error) {
      throw callFailure(error, { bridged: this.bridged, cut: call.cut, cancelled: options.signal?.aborted === true });
    } finally {
      this.watcher.release(call);
    }
    // Read, but too deep for any walk after it (a check, a render, a copy): refused here, for every caller.
    if (deeperThan(raw)) throw new McpError({ kind: 'unknown', message: tooDeep() });
    const task = taskFromCallResult(raw, this.era);
    if (!task) return withTrace(parseCallResult(raw), trace);
    return this.followTask(task, this.taskPlace, {
      signal: options.signal,
      wakeUp: options.taskWake,
      onUpdate: (state) => options.onTask?.(state, this.taskPlace),
    });
  }

  /** Where this connection's tasks live. */
  get taskPlace(): TaskPlace {
    return { era: this.era, ...(this.transport.sessionId ? { sessionId: this.transport.sessionId } : {}) };
  }

  /**
   * Follows a task (one just started, or one resumed after a reload from `place`) to its end:
   * the final result, or a TaskEndError.
   */
  followTask(task: TaskState, place: TaskPlace, options: Omit<DriveOptions, 'elicit'> = {}): Promise<CallResult> {
    return this.#tasks.follow(task, place, options);
  }

  /** tasks/cancel: a request the server acknowledges and decides on (cooperative). */
  cancelTask(taskId: string, place: TaskPlace = this.taskPlace): Promise<void> {
    return this.#tasks.cancel(taskId, place);
  }

  /** resources/read, honouring the result's ttlMs (2026 cache hints) for this connection. */
  readResource(uri: string, signal?: AbortSignal): Promise<ResourceContents[]> {
    return this.#resources.read(uri, signal);
  }

  /** resources/list, raw entries (at most 10 pages walked, stopping at a repeated cursor). */
  listResourcesRaw(signal?: AbortSignal): Promise<Record<string, unknown>[]> {
    return this.#resources.listRaw(signal);
  }

  /** A resource's `_meta` as resources/list gives it; undefined when not listed. */
  listedResourceMeta(uri: string, signal?: AbortSignal): Promise<unknown> {
    return this.#resources.listedMeta(uri, signal);
  }

  /** resources/read as the server sent it (MCP Apps need the items' `_meta`); never cached. */
  readResourceRaw(uri: string, signal?: AbortSignal): Promise<unknown> {
    return this.#resources.readRaw(uri, signal);
  }

  async close(): Promise<void> {
    this.prefetched?.stop();
    if (this.transport.sessionId) await this.transport.terminateSession().catch(() => undefined);
    await this.client.close().catch(() => undefined);
  }
}
