// A stdio server behind a Streamable HTTP endpoint. The browser (or the report CLI) speaks HTTP
// as to any server; the bridge passes JSON-RPC both ways without reading more of it than routing
// needs, so whatever the child speaks — a 2025 revision (initialize, sessions) or 2026-07-28
// (server/discover, stateless) — is what the client sees.
//  - Several clients (a reload, a second tab) share one child: request ids and progress tokens
//    are renumbered on the way in and restored on the way out.
//  - A restarted child is initialized again with the last client's initialize (replayed), so the
//    clients' sessions stay valid; what was in flight is answered with an error saying why.
//  - A child that exits when asked server/discover before initialize (some 2025-era SDKs do) is
//    started again once, and the probe answered with an error: the client then falls back.
//  - A second initialize the child refuses: it is restarted and asked again (said in the console).
//  - Output is streamed with backpressure: a client that reads slowly pauses the child's stdout.
import { randomUUID } from 'node:crypto';
import { describeExit, type ChildState, type StdioChild } from './child.ts';
import { STDIO_STOPPED } from '../../src/mcp/wire/stdioStop.ts';

type Id = string | number;
type Message = Record<string, unknown>;

export interface BridgeOptions {
  maxRequestBytes?: number;
  /** Bytes a response stream may hold unread before the child's stdout is paused. */
  streamHighWaterBytes?: number;
  /** Client messages held while a restarted child is being initialized again. */
  maxQueued?: number;
}

const isObject = (value: unknown): value is Message => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is Id => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
const isRequest = (message: Message) => typeof message.method === 'string' && isId(message.id);
const isNotification = (message: Message) => typeof message.method === 'string' && message.id === undefined;
const isResponse = (message: Message) => message.method === undefined && ('result' in message || 'error' in message);
const encoder = new TextEncoder();

/** Where messages for one client go: an SSE response (or a JSON one, for clients that want it). */
class Sink {
  readonly stream: ReadableStream<Uint8Array> | undefined;
  readonly waiting = new Set<number>();
  readonly #controller: { current?: ReadableStreamDefaultController<Uint8Array> } = {};
  readonly #json: Message[] = [];
  readonly #done: Promise<void>;
  #resolveDone!: () => void;
  closed = false;

  constructor(
    readonly sse: boolean,
    highWaterBytes: number,
    private readonly backpressure: { pause: (sink: Sink) => void; resume: (sink: Sink) => void },
  ) {
    this.#done = new Promise((resolve) => (this.#resolveDone = resolve));
    if (!sse) return;
    this.stream = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.#controller.current = controller;
        },
        pull: () => backpressure.resume(this),
        cancel: () => this.#finish(),
      },
      { highWaterMark: highWaterBytes, size: (chunk) => chunk.byteLength },
    );
  }

  send(message: Message) {
    if (this.closed) return;
    const controller = this.#controller.current;
    if (!controller) {
      this.#json.push(message);
      return;
    }
    controller.enqueue(encoder.encode(`event: message\ndata: ${JSON.stringify(message)}\n\n`));
    if ((controller.desiredSize ?? 1) <= 0) this.backpressure.pause(this);
  }

  /** A response to one of this sink's requests arrived: the stream ends with the last one. */
  answered(childId: number) {
    this.waiting.delete(childId);
    if (this.waiting.size === 0 && !this.keepOpen) this.close();
  }

  keepOpen = false;

  close() {
    if (this.closed) return;
    try {
      this.#controller.current?.close();
    } catch {
      // Already cancelled by the client.
    }
    this.#finish();
  }

  #finish() {
    this.closed = true;
    this.backpressure.resume(this);
    this.#resolveDone();
  }

  /** For a JSON response: every answer, once all have arrived. */
  async collected(): Promise<Message[]> {
    await this.#done;
    return this.#json;
  }
}

interface Session {
  id: string | undefined;
  sinks: Set<Sink>;
  standalone?: Sink;
  /** client id (as JSON) → child id, for notifications/cancelled. */
  byClientId: Map<string, number>;
}

interface Pending {
  session: Session;
  clientId: Id;
  sink: Sink;
  method: string;
  message: Message;
  progressToken?: Id;
}

export class StdioBridge {
  readonly #child: StdioChild;
  readonly #maxRequestBytes: number;
  readonly #highWater: number;
  readonly #maxQueued: number;
  readonly #maxSessions = 32;
  readonly #sessions = new Map<string, Session>();
  readonly #ephemeral = new Set<Session>();
  readonly #pending = new Map<number, Pending>();
  /** Bridge progress token → the client's own. */
  readonly #progress = new Map<number, { session: Session; token: Id; sink: Sink }>();
  /** Requests the child sent to a client, by their id (as JSON). */
  readonly #childRequests = new Map<string, Session>();
  #nextId = 1;
  /** The last initialize a client sent (replayed into a restarted child). */
  #initialize: Message | undefined;
  /** Generation of the child that has answered an initialize. */
  #initializedGeneration = 0;
  /** Generation of the child that has answered any request (an initialize, or a 2026 era request). */
  #openedGeneration = 0;
  /** While a restarted child is initialized again, client messages wait here. */
  #queue: { message: Message; session: Session; sink: Sink; hold: number }[] | undefined;
  #autoRestarted = false;
  readonly #unsubscribe: (() => void)[];

  constructor(child: StdioChild, options: BridgeOptions = {}) {
    this.#child = child;
    this.#maxRequestBytes = options.maxRequestBytes ?? 16 * 1024 * 1024;
    this.#highWater = options.streamHighWaterBytes ?? 8 * 1024 * 1024;
    this.#maxQueued = options.maxQueued ?? 1000;
    this.#unsubscribe = [child.onMessage((message) => this.#fromChild(message)), child.onState((state) => this.#onState(state))];
  }

  get child(): StdioChild {
    return this.#child;
  }

  close() {
    for (const stop of this.#unsubscribe) stop();
    for (const session of [...this.#sessions.values(), ...this.#ephemeral]) this.#closeSession(session);
  }

  /** The Streamable HTTP endpoint (callers checked by routes.ts). */
  async handle(request: Request): Promise<Response> {
    switch (request.method.toUpperCase()) {
      case 'POST':
        return this.#post(request);
      case 'GET':
        return this.#get(request);
      case 'DELETE': {
        const session = this.#session(request);
        if (session === 'unknown') return rpcError(404, 'Session not found.');
        if (session) {
          this.#closeSession(session);
          this.#sessions.delete(session.id ?? '');
        }
        return new Response(null, { status: 200 });
      }
      default:
        return new Response(null, { status: 405, headers: { allow: 'GET, POST, DELETE' } });
    }
  }

  #session(request: Request): Session | undefined | 'unknown' {
    const id = request.headers.get('mcp-session-id');
    if (id === null) return undefined;
    return this.#sessions.get(id) ?? 'unknown';
  }

  async #post(request: Request): Promise<Response> {
    const declared = Number(request.headers.get('content-length') ?? 0);
    if (declared > this.#maxRequestBytes) return rpcError(413, `Request bodies are limited to ${this.#maxRequestBytes} bytes.`);
    const text = await request.text();
    if (text.length > this.#maxRequestBytes) return rpcError(413, `Request bodies are limited to ${this.#maxRequestBytes} bytes.`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return rpcError(400, 'Parse error: the body is not JSON.', -32700);
    }
    const messages = (Array.isArray(body) ? body : [body]).filter(isObject);
    if (messages.length === 0) return rpcError(400, 'Invalid request: no JSON-RPC message.', -32600);

    const initializing = messages.some((message) => message.method === 'initialize' && isRequest(message));
    let session = this.#session(request);
    const headers = new Headers({ 'cache-control': 'no-store' });
    if (initializing) {
      session = { id: randomUUID(), sinks: new Set(), byClientId: new Map() };
      this.#sessions.set(session.id ?? '', session);
      // Reloads leave sessions nobody ends: keep the newest.
      for (const [id, old] of this.#sessions) {
        if (this.#sessions.size <= this.#maxSessions) break;
        this.#closeSession(old);
        this.#sessions.delete(id);
      }
      headers.set('mcp-session-id', session.id ?? '');
    } else if (session === 'unknown') {
      return rpcError(404, 'Session not found: initialize again.');
    }
    // 2026-07-28 requests carry no session: each POST is its own.
    const owner = session ?? { id: undefined, sinks: new Set<Sink>(), byClientId: new Map<string, number>() };
    if (!session) this.#ephemeral.add(owner);

    const requests = messages.filter(isRequest);
    const sse = (request.headers.get('accept') ?? '').includes('text/event-stream');
    const sink = new Sink(sse, this.#highWater, { pause: (s) => this.#child.pause(s), resume: (s) => this.#child.resume(s) });
    if (requests.length) owner.sinks.add(sink);
    for (const message of messages) this.#fromClient(message, owner, sink);
    this.#closeIfDone(sink);
    if (requests.length === 0) {
      if (!session) this.#ephemeral.delete(owner);
      return new Response(null, { status: 202, headers });
    }
    void sink.collected().then(() => {
      owner.sinks.delete(sink);
      if (!session) this.#ephemeral.delete(owner);
    });
    if (sink.stream) {
      headers.set('content-type', 'text/event-stream');
      return new Response(sink.stream, { status: 200, headers });
    }
    const answers = await sink.collected();
    headers.set('content-type', 'application/json');
    return new Response(JSON.stringify(Array.isArray(body) ? answers : answers[0]), { status: 200, headers });
  }

  #get(request: Request): Response {
    if (!(request.headers.get('accept') ?? '').includes('text/event-stream'))
      return new Response(null, { status: 405, headers: { allow: 'POST, DELETE' } });
    const session = this.#session(request);
    if (session === 'unknown') return rpcError(404, 'Session not found.');
    if (!session) return new Response(null, { status: 405, headers: { allow: 'POST' } });
    session.standalone?.close();
    const sink = new Sink(true, this.#highWater, { pause: (s) => this.#child.pause(s), resume: (s) => this.#child.resume(s) });
    sink.keepOpen = true;
    session.standalone = sink;
    return new Response(sink.stream, { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' } });
  }

  #fromClient(message: Message, session: Session, sink: Sink) {
    if (this.#queue) {
      if (this.#queue.length >= this.#maxQueued) {
        if (isRequest(message) && isId(message.id))
          sink.send(errorFor(message.id, 'The stdio server is restarting and too many messages are waiting; try again.'));
        return;
      }
      const hold = -this.#nextId++;
      if (isRequest(message)) sink.waiting.add(hold);
      this.#queue.push({ message, session, sink, hold });
      return;
    }
    this.#forward(message, session, sink);
  }

  #forward(message: Message, session: Session, sink: Sink) {
    if (isRequest(message) && isId(message.id)) {
      const method = String(message.method);
      if (!this.#child.running) {
        sink.send(
          stoppedError(
            message.id,
            `The stdio server is not running (${describeExit(this.#child.state)}). Restart it with "Restart server".`,
            this.#child.state,
          ),
        );
        return;
      }
      const childId = this.#nextId++;
      const pending: Pending = { session, clientId: message.id, sink, method, message };
      let params = message.params;
      const meta = isObject(params) && isObject(params._meta) ? params._meta : undefined;
      if (meta && isId(meta.progressToken) && isObject(params)) {
        const token = this.#nextId++;
        pending.progressToken = token;
        this.#progress.set(token, { session, token: meta.progressToken, sink });
        params = { ...params, _meta: { ...meta, progressToken: token } };
      }
      this.#pending.set(childId, pending);
      sink.waiting.add(childId);
      session.byClientId.set(JSON.stringify(message.id), childId);
      if (method === 'initialize') this.#initialize = message;
      this.#child.send({ ...message, id: childId, ...(params === undefined ? {} : { params }) });
      return;
    }
    if (isNotification(message)) {
      // A cancellation names the client's request id: the child knows it by ours.
      if (message.method === 'notifications/cancelled' && isObject(message.params) && isId(message.params.requestId)) {
        const childId = session.byClientId.get(JSON.stringify(message.params.requestId));
        if (childId === undefined) return;
        this.#child.send({ ...message, params: { ...message.params, requestId: childId } });
        return;
      }
      this.#child.send(message);
      return;
    }
    if (isResponse(message) && isId(message.id)) {
      // An answer to a request the child sent (elicitation, roots, sampling, ping): ids are the child's.
      this.#childRequests.delete(JSON.stringify(message.id));
      this.#child.send(message);
    }
  }

  #fromChild(raw: unknown) {
    if (!isObject(raw)) return;
    if (isResponse(raw) && typeof raw.id === 'number') {
      const pending = this.#pending.get(raw.id);
      if (!pending) return;
      this.#settle(raw.id, pending);
      // An initialize this child refuses after it has served another client (a second initialize,
      // or an initialize after a 2026-07-28 opening pinned its era): start it afresh and ask again,
      // once (the restarted child has served nobody, so its refusal goes to the client).
      if (pending.method === 'initialize' && 'error' in raw && this.#openedGeneration === this.#child.generation) {
        this.#child.note(
          'The server refused an initialize after serving another client (a reload, another tab, or the other protocol era); restarting it so this client can connect.',
        );
        this.#initializedGeneration = 0;
        this.#initialize = undefined;
        // The sink stays open (its request is not answered yet) and waits for the new child's answer.
        pending.sink.waiting.delete(raw.id);
        const hold = -this.#nextId++;
        pending.sink.waiting.add(hold);
        void this.#child.restart().then(() => {
          pending.sink.waiting.delete(hold);
          this.#forward({ ...pending.message }, pending.session, pending.sink);
          this.#closeIfDone(pending.sink);
        });
        return;
      }
      if ('result' in raw) this.#openedGeneration = this.#child.generation;
      if (pending.method === 'initialize' && 'result' in raw) this.#initializedGeneration = this.#child.generation;
      pending.sink.send({ ...raw, id: pending.clientId });
      pending.sink.answered(raw.id);
      return;
    }
    if (isRequest(raw)) {
      const session = this.#activeSession();
      if (!session) {
        this.#child.send({
          jsonrpc: '2.0',
          id: raw.id,
          error: { code: -32603, message: 'No client is connected to Toolscope to answer.' },
        });
        return;
      }
      this.#childRequests.set(JSON.stringify(raw.id), session);
      this.#target(session)?.send(raw);
      return;
    }
    if (!isNotification(raw)) return;
    const params = isObject(raw.params) ? raw.params : undefined;
    if (raw.method === 'notifications/progress' && params && typeof params.progressToken === 'number') {
      const route = this.#progress.get(params.progressToken);
      if (route) route.sink.send({ ...raw, params: { ...params, progressToken: route.token } });
      return;
    }
    if (raw.method === 'notifications/cancelled' && params && isId(params.requestId)) {
      const session = this.#childRequests.get(JSON.stringify(params.requestId));
      if (session) this.#target(session)?.send(raw);
      return;
    }
    // Logging, list_changed, resource updates: every connected client hears them.
    for (const session of [...this.#sessions.values(), ...this.#ephemeral]) this.#target(session)?.send(raw);
  }

  #settle(childId: number, pending: Pending) {
    this.#pending.delete(childId);
    pending.session.byClientId.delete(JSON.stringify(pending.clientId));
    if (pending.progressToken !== undefined) this.#progress.delete(Number(pending.progressToken));
  }

  /** The client with a request in flight most recently (a tool call that elicits), else any. */
  #activeSession(): Session | undefined {
    const newest = [...this.#pending.values()].at(-1);
    if (newest && !newest.sink.closed) return newest.session;
    return [...this.#sessions.values()].find((session) => this.#target(session)) ?? [...this.#ephemeral].at(-1);
  }

  /** A session's standalone stream if it has one, else its newest open response stream. */
  #target(session: Session): Sink | undefined {
    if (session.standalone && !session.standalone.closed) return session.standalone;
    return [...session.sinks].reverse().find((sink) => !sink.closed);
  }

  #onState(state: ChildState) {
    if (state.status === 'running' || state.status === 'starting') {
      if (state.status === 'starting') void this.#reinitialize();
      return;
    }
    // Gone: whatever was in flight will never be answered.
    const reason = describeExit(state);
    const probeKilled = [...this.#pending.values()].some((pending) => pending.method === 'server/discover');
    for (const [childId, pending] of [...this.#pending]) {
      this.#settle(childId, pending);
      pending.sink.send(
        stoppedError(
          pending.clientId,
          pending.method === 'server/discover'
            ? `The stdio server exited (${reason}) when asked server/discover before initialize — a 2025-era server; Toolscope started it again.`
            : `The stdio server exited (${reason}) before answering ${pending.method}.`,
          state,
        ),
      );
      pending.sink.answered(childId);
    }
    this.#childRequests.clear();
    // Some SDKs end the process on any request before initialize: start it again, once per launch.
    if (probeKilled && this.#initializedGeneration !== this.#child.generation && !this.#autoRestarted && state.status === 'exited') {
      this.#autoRestarted = true;
      this.#child.note('The server exited on the server/discover probe (it speaks a 2025 revision); starting it again.');
      this.#child.start();
    }
  }

  /** After a restart: initialize the new child as the last client did, holding client messages meanwhile. */
  async #reinitialize() {
    const initialize = this.#initialize;
    if (!initialize || this.#sessions.size === 0) return;
    this.#queue = [];
    const childId = this.#nextId++;
    const answered = new Promise<boolean>((resolve) => {
      const stopMessages = this.#child.onMessage((message) => {
        if (!isObject(message) || message.id !== childId) return;
        stopMessages();
        stopState();
        resolve('result' in message);
      });
      const stopState = this.#child.onState((state) => {
        if (state.status === 'running' || state.status === 'starting') return;
        stopMessages();
        stopState();
        resolve(false);
      });
    });
    this.#child.send({ ...initialize, id: childId });
    const timer = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000).unref());
    const ok = await Promise.race([answered, timer]);
    if (ok) {
      this.#initializedGeneration = this.#openedGeneration = this.#child.generation;
      this.#child.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      this.#child.note('Initialized the restarted server as before; connected clients keep their sessions.');
    } else {
      this.#child.note('The restarted server did not accept the previous initialize; reconnect to start afresh.');
    }
    const queued = this.#queue;
    this.#queue = undefined;
    for (const entry of queued) {
      entry.sink.waiting.delete(entry.hold);
      this.#forward(entry.message, entry.session, entry.sink);
      this.#closeIfDone(entry.sink);
    }
  }

  /** A response stream ends once every request it carried is answered. */
  #closeIfDone(sink: Sink) {
    if (sink.waiting.size === 0 && !sink.keepOpen) sink.close();
  }

  #closeSession(session: Session) {
    session.standalone?.close();
    for (const sink of session.sinks) sink.close();
  }
}

function errorFor(id: Id, message: string): Message {
  return { jsonrpc: '2.0', id, error: { code: -32603, message } };
}

/**
 * The answer for a request the child can no longer answer because it is gone. The JSON-RPC error
 * is the bridge's, not the server's: `data` says so (STDIO_STOPPED), so the page reads it as
 * "Server stopped" and never as the server's own protocol error.
 */
function stoppedError(id: Id, message: string, state: ChildState): Message {
  return { jsonrpc: '2.0', id, error: { code: -32603, message, data: { [STDIO_STOPPED]: { exit: describeExit(state) } } } };
}

function rpcError(status: number, message: string, code = -32000): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
}
