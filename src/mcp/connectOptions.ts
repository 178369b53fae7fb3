// What a connection is opened with and what each request may carry: plain types, shared by the
// connection, the connect policy (establish.ts) and the prefetch's adoption.
import type { AdoptedPrefetch } from './wire/adoptedPrefetch.ts';
import type { TraceKeys } from './recording/traceContext.ts';
import type { ProxySession } from './wire/proxy.ts';
import type { StdioSession } from './wire/stdio.ts';
import type { TaskPlace } from './tasks/taskDriver.ts';
import type { TaskState } from './tasks/tasks.ts';
import type { FetchLike } from './recording/traffic.ts';
import type { EraHint } from './era.ts';

export interface ServerIdentity {
  name: string;
  title?: string;
  version?: string;
}

export interface ConnectOptions {
  url: string;
  bearerToken?: string;
  /** Extra headers on every request (e.g. X-API-Key); names must be valid and not reserved. */
  customHeaders?: Record<string, string>;
  /**
   * Header names the server's source declares secret whatever they look like (a registry entry's
   * `isSecret`): masked by name wherever this connection's headers are shown or copied.
   */
  secretHeaders?: readonly string[];
  /**
   * After a network failure, tell CORS from unreachable with a no-cors GET (default true). Off
   * for a URL that came from a link: a link must not make the page GET an arbitrary address.
   */
  probe?: boolean;
  /**
   * The page's origin, in a browser: the probe above runs only there (Node's fetch has no CORS),
   * and a CORS verdict names it. Absent (the CLI, tests): a network failure is told as unreachable.
   */
  pageOrigin?: string;
  /** The traffic recorder's fetch (or any fetch). */
  fetch?: FetchLike;
  timeoutMs?: number;
  /** The cap per answer (default 16 MB, responseCap.ts; the CLI passes its --max-mb). */
  maxResponseBytes?: number;
  /** Go through Toolscope's loopback proxy instead of straight to the server. */
  proxy?: ProxySession;
  /** Toolscope's stdio bridge: a connection to its URL goes straight there, with its token (never through the proxy). */
  stdio?: StdioSession;
  /** The era this server's origin spoke last time: skip the probe and use it (re-probed by the caller on failure). */
  eraHint?: EraHint;
  /**
   * A fresh access token when the server rejects the current one with 401 (an OAuth refresh);
   * the request is then sent once more with it. Undefined: no refresh possible.
   */
  refreshToken?: () => Promise<string | undefined>;
  /** The deep link's prefetched discover and tools/list pages (src/prefetch/), replayed through Traffic. */
  prefetched?: AdoptedPrefetch;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Fails when nothing (no result, no progress) arrives for this long. */
  timeoutMs?: number;
  /** Fails after this long in total, however much progress arrives. */
  maxTotalTimeoutMs?: number;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** HTTP headers for this request alone (2026 `Mcp-Param-*`). */
  headers?: Record<string, string>;
}

export interface TraceContext extends TraceKeys {
  serverSpans?: boolean;
}

export interface ToolCallOptions extends CallOptions {
  /** 2025 wire: ask for a task (`params.task`), for a tool whose taskSupport allows it; ttl in ms when given. */
  task?: { ttl?: number };
  /** Every status of the task, when the server answers with one. */
  onTask?: (task: TaskState, where: TaskPlace) => void;
  /** Resolves the task's current poll wait early. */
  taskWake?: { wake?: () => void };
  /**
   * Carry W3C trace context in `params._meta` (SEP-414): `traceparent` (this connection's trace, a
   * new span per call), the person's `tracestate` and `baggage`; with `serverSpans`, also ask a server
   * that offers it for its own spans of the call (SEP-2448, `_meta.otel`).
   */
  traceContext?: TraceContext;
}
