// The one fetch chain every MCP request of a connection goes through, composed here in one
// order with one shape (the SDK's Middleware: next → fetch). From the network up:
//
//   network      the caller's fetch — the traffic recorder, which sees each exchange as sent
//   cap          an answer past the cap per answer is not read further (responseCap.ts)
//   route        to Toolscope's stdio bridge (with its token) or through the loopback proxy
//                (target header), else direct
//   watcher      notices a streamed tools/call answer that breaks off and ends that call at once
//   credentials  the current bearer token; a 401 refreshes it once; keeps the last challenge
//   results      holds 2026 tools/list and tools/call bodies for Toolscope's lenient parsers
//   declared     reads a copy of the handshake's answer: the capabilities whole (declaredCapabilities.ts)
//   session      a 2025 task's requests after a reload go on the session that made the task
//
// The transport calls the top; the OAuth legs (oauth.ts) are plain fetches through `route` alone.
import { applyMiddlewares, type Middleware } from '@modelcontextprotocol/client';
import type { Credentials } from '../auth/credentials.ts';
import type { RawResults } from '../lenientResults.ts';
import { proxiedFetch, type ProxySession } from './proxy.ts';
import { stdioFetch, type StdioSession } from './stdio.ts';
import type { StreamWatcher } from './streamWatch.ts';
import type { FetchLike } from '../recording/traffic.ts';
import type { ResponseCap } from './responseCap.ts';
import type { DeclaredCapabilities } from './declaredCapabilities.ts';

export type Route =
  { via: 'stdio'; session: StdioSession } | { via: 'proxy'; session: ProxySession; headerNames: readonly string[] } | { via: 'direct' };

export function routeLayer(route: Route): Middleware {
  if (route.via === 'stdio') return (next) => stdioFetch(next, route.session);
  if (route.via === 'proxy') return (next) => proxiedFetch(next, route.session, route.headerNames);
  return (next) => next;
}

/** Set on a request (never sent) to send it on this Mcp-Session-Id instead of the connection's own. */
export const TASK_SESSION_HEADER = 'x-toolscope-task-session';

/** A resumed 2025 task lives in the session that made it: its tasks/get goes there, not to this page's new session. */
const sessionLayer: Middleware = (next) => async (input, init) => {
  const headers = new Headers(init?.headers);
  const session = headers.get(TASK_SESSION_HEADER);
  if (session === null) return next(input, init);
  headers.delete(TASK_SESSION_HEADER);
  headers.set('mcp-session-id', session);
  return next(input, { ...init, headers });
};

export function fetchChain(
  network: FetchLike,
  layers: {
    route: Route;
    watcher: StreamWatcher;
    credentials: Credentials;
    results: RawResults;
    cap: ResponseCap;
    declared: DeclaredCapabilities;
  },
): FetchLike {
  // applyMiddlewares wraps in the order given: the first listed sits nearest the network.
  return applyMiddlewares(
    layers.cap.middleware,
    routeLayer(layers.route),
    layers.watcher.middleware,
    layers.credentials.middleware,
    layers.results.middleware,
    layers.declared.middleware,
    sessionLayer,
  )(network);
}
