// The stdio bridge's HTTP routes on Toolscope's own server, locked down like the proxy
// (loopback Host, Toolscope's own page as caller, a per-launch token in a header). None of them
// reads a body for anything but JSON-RPC to pass to the child: the command, its arguments,
// environment and working directory come from the terminal only. The page may restart or stop
// the child it was given, and read its status and stderr.
import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { refuseCaller } from '../proxyRoutes.ts';
import type { StdioBridge } from './bridge.ts';
import type { ConsoleLine, ChildState, StdioChild } from './child.ts';

export const STDIO_TOKEN_HEADER = 'x-toolscope-stdio-token';
export const STDIO_PATH = '/stdio/mcp';

export interface StdioEndpoint {
  bridge: StdioBridge;
  token: string;
  /** What --watch watches, to say so in the console's status. */
  watching?: string;
}

export function stdioEndpoint(bridge: StdioBridge, watching?: string): StdioEndpoint {
  return { bridge, token: randomBytes(32).toString('base64url'), watching };
}

/** What the page learns with its proxy token: where the bridge is, its token, what runs. */
export function stdioHandout(endpoint: StdioEndpoint) {
  return { path: STDIO_PATH, token: endpoint.token, command: endpoint.bridge.child.command };
}

export interface StdioStatus {
  command: string;
  generation: number;
  state: ChildState;
  watching?: string;
  cwd: string;
  /** The environment's names only: a value never reaches the page. */
  envKeys: string[];
}

const statusOf = (endpoint: StdioEndpoint): StdioStatus => ({
  command: endpoint.bridge.child.command,
  cwd: endpoint.bridge.child.cwd,
  envKeys: endpoint.bridge.child.envKeys,
  generation: endpoint.bridge.child.generation,
  state: endpoint.bridge.child.state,
  watching: endpoint.watching,
});

const json = (value: unknown) =>
  new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });

/** The child's status and console as an event stream: the backlog after `after`, then live. */
function events(child: StdioChild, endpoint: StdioEndpoint, after: number): Response {
  const encoder = new TextEncoder();
  const stops: (() => void)[] = [];
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const send = (event: string, data: unknown) => {
          try {
            controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
            // A page that does not read is dropped (it reconnects and gets the backlog), never buffered without end.
            if ((controller.desiredSize ?? 0) < -4 * 1024 * 1024) throw new Error('reader too slow');
          } catch {
            for (const stop of stops) stop();
            try {
              controller.close();
            } catch {
              // Already closed.
            }
          }
        };
        send('status', statusOf(endpoint));
        for (const line of child.lines(after)) send('line', line);
        stops.push(
          child.onLine((line: ConsoleLine) => send('line', line)),
          child.onState(() => send('status', statusOf(endpoint))),
        );
        const keepAlive = setInterval(() => send('ping', {}), 15_000);
        stops.push(() => clearInterval(keepAlive));
      },
      cancel() {
        for (const stop of stops) stop();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(stream, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' } });
}

export function mountStdio(app: Hono, endpoint: StdioEndpoint) {
  const { bridge } = endpoint;
  const guard = (request: Request) => refuseCaller(request, { header: STDIO_TOKEN_HEADER, token: endpoint.token, what: 'stdio bridge' });
  app.all(STDIO_PATH, (c) => guard(c.req.raw) ?? bridge.handle(c.req.raw));
  app.get('/stdio/events', (c) => {
    const after = Number(c.req.query('after') ?? 0);
    return guard(c.req.raw) ?? events(bridge.child, endpoint, Number.isSafeInteger(after) && after > 0 ? after : 0);
  });
  app.post('/stdio/restart', async (c) => {
    const refusal = guard(c.req.raw);
    if (refusal) return refusal;
    bridge.child.note('Restart asked for from Toolscope.');
    await bridge.child.restart();
    return json(statusOf(endpoint));
  });
  app.post('/stdio/stop', async (c) => {
    const refusal = guard(c.req.raw);
    if (refusal) return refusal;
    bridge.child.note('Stop asked for from Toolscope.');
    await bridge.child.stop();
    return json(statusOf(endpoint));
  });
}
