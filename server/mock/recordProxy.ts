// `toolscope record --listen PORT`: a recording proxy. After `record`'s own session (the handshake
// that fills the cassette's header, every tool listed, each --call made), whatever another client —
// an agent, a host, a test suite — sends to http://127.0.0.1:PORT/mcp is forwarded to the server,
// through the same Traffic recorder, until the proxy is stopped; then the cassette holds it all.
// It answers as server/httpApp.ts does (loopback Host names only, loopback Origins only, CORS), and
// only ever forwards to the one server `record` was given: nothing the client sends picks a target.
// The server's Server Card is passed on too (and so recorded). The client's own credentials (Authorization, a secret-named header) join the known secrets, so a
// cassette holding one is refused as any other.
import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { printable } from '../../src/lib/printable.ts';
import { isSecretName } from '../../src/mcp/secrets.ts';
import type { FetchLike } from '../../src/mcp/recording/traffic.ts';
import { createApp } from '../httpApp.ts';
import { listenLoopback } from '../loopback.ts';

/** Hop-by-hop headers (RFC 9110 §7.6.1) and what names the proxy itself: never forwarded. */
const NOT_FORWARDED = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'content-length',
  'accept-encoding',
  'origin',
  'referer',
]);
/** What fetch has already decoded, or sized for the body it passes on. */
const NOT_RETURNED = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);
/** A request body past this is refused (413): a JSON-RPC request, not an upload. */
export const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

export interface Upstream {
  url: string;
  /** Traffic's recording fetch. */
  fetch: FetchLike;
  /** --header and --bearer: added to what the client sends unless it sends its own. */
  headers: Record<string, string>;
}

const jsonRpcError = (status: number, message: string) =>
  new Response(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** Forwards one request to the upstream server; the client's credentials are added to `secrets`. */
export function forwarder(upstream: Upstream, secrets: string[]) {
  return async (request: Request): Promise<Response> => {
    const headers = new Headers();
    for (const [name, value] of request.headers) {
      if (NOT_FORWARDED.has(name)) continue;
      if (name === 'authorization' || isSecretName(name)) {
        secrets.push(value);
        const credentials = value.replace(/^\S+\s+/, '');
        if (credentials !== value) secrets.push(credentials);
      }
      headers.set(name, value);
    }
    for (const [name, value] of Object.entries(upstream.headers)) if (!headers.has(name)) headers.set(name, value);
    let body: string | undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'DELETE') {
      const declared = Number(request.headers.get('content-length') ?? 0);
      if (declared > MAX_REQUEST_BYTES) return jsonRpcError(413, `The request is larger than ${MAX_REQUEST_BYTES} bytes.`);
      body = await request.text();
      if (body.length > MAX_REQUEST_BYTES) return jsonRpcError(413, `The request is larger than ${MAX_REQUEST_BYTES} bytes.`);
    }
    let response: Response;
    try {
      response = await upstream.fetch(upstream.url, { method: request.method, headers, body, signal: request.signal });
    } catch (error) {
      if (request.signal.aborted) return new Response(null, { status: 499 });
      return jsonRpcError(502, `The server did not answer the proxy: ${error instanceof Error ? error.message : String(error)}`);
    }
    const back = new Headers();
    for (const [name, value] of response.headers) if (!NOT_RETURNED.has(name)) back.append(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: back });
  };
}

/** The proxy, listening on 127.0.0.1 (port 0: any free one); resolves once it listens. */
export async function listenProxy(upstream: Upstream, secrets: string[], port: number): Promise<{ url: string; server: Server }> {
  const forward = forwarder(upstream, secrets);
  // The server's Server Card, read through the recorder as the client asks for it (public
  // discovery metadata: no credentials sent); none there is the proxy's 404.
  const serverCard = async () => {
    const response = await upstream.fetch(`${upstream.url.replace(/\/+$/, '')}/server-card`, { method: 'GET' }).catch(() => undefined);
    if (!response?.ok) return undefined;
    return (await response.json().catch(() => undefined)) as unknown;
  };
  const app = createApp({ mcp: { fetch: forward }, mcpOrigins: 'loopback', faults: false, serverCard });
  const listener = getRequestListener(app.fetch);
  const server = createServer((req, res) => void listener(req, res));
  return { url: `http://127.0.0.1:${await listenLoopback(server, port)}/mcp`, server };
}

/**
 * Proxies until SIGINT or SIGTERM (or `stopAfterMs`), then closes every connection. Says where it
 * listens on stdout (a script starting it with --listen 0 reads the port there).
 */
export async function proxyUntilStopped(upstream: Upstream, secrets: string[], plan: { port: number; stopAfterMs?: number }) {
  const { url, server } = await listenProxy(upstream, secrets, plan.port);
  console.log(printable(`Recording proxy at ${url} — stop it (Ctrl-C) to write the cassette.`));
  await new Promise<void>((resolve) => {
    const timer = plan.stopAfterMs === undefined ? undefined : setTimeout(done, plan.stopAfterMs);
    function done() {
      clearTimeout(timer);
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve();
    }
    process.on('SIGINT', done);
    process.on('SIGTERM', done);
  });
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
