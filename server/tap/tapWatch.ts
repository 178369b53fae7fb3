// Watching a tap live: a small server on 127.0.0.1 (a free port) that serves Toolscope's built
// page and, to whoever holds the tap's token, its wire as a stream of Server-Sent Events — first
// the header and the last lines kept, then each line as it passes. The page at
// `/?tap=TOKEN` shows it read-only (src/app/tap/). Loopback Host names only (DNS rebinding);
// the token is compared in constant time; nothing a request says reaches the server tapped.
// A page that falls behind by more than MAX_BEHIND lines is cut off (it reloads to resume):
// a slow browser never grows the tap's memory.
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { getRequestListener } from '@hono/node-server';
import { hostHeaderValidationResponse, localhostAllowedHostnames } from '@modelcontextprotocol/server';
import { createApp } from '../httpApp.ts';
import { sameSecret } from '../proxyRoutes.ts';
import { packageRoot } from '../serveApp.ts';
import type { TapRecorder } from './tapRecorder.ts';
import { listenLoopback } from '../loopback.ts';

const MAX_BEHIND = 5000;
const encoder = new TextEncoder();

export interface TapWatch {
  link: string;
  close: () => Promise<void>;
}

/** The SSE stream of a tap: the header, what it kept, then each new line, until the page goes. */
function events(recorder: TapRecorder, signal: AbortSignal): Response {
  let unsubscribe = () => undefined as unknown;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (event: string, value: unknown) =>
        controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(value)}\n\n`));
      send('header', recorder.header);
      for (const entry of recorder.recent()) send('line', entry);
      unsubscribe = recorder.subscribe((entry) => {
        if ((controller.desiredSize ?? 0) < -MAX_BEHIND) {
          unsubscribe();
          controller.close();
          return;
        }
        send('line', entry);
      });
      signal.addEventListener('abort', () => unsubscribe());
    },
    cancel: () => void unsubscribe(),
  });
  return new Response(stream, { headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' } });
}

/** Starts the watch server; its link opens the page on this tap. */
export async function startTapWatch(recorder: TapRecorder, port = 0): Promise<TapWatch> {
  const token = randomBytes(24).toString('base64url');
  const dist = join(packageRoot(), 'dist');
  const built = existsSync(join(dist, 'index.html'));
  const app = new Hono();
  app.use('*', async (c, next) => hostHeaderValidationResponse(c.req.raw, localhostAllowedHostnames()) ?? next());
  app.get('/tap/events', (c) =>
    sameSecret(c.req.query('token') ?? null, token) ? events(recorder, c.req.raw.signal) : c.json({ error: 'Not this tap’s token.' }, 403),
  );
  if (built)
    app.route(
      '/',
      createApp({
        mcp: { fetch: () => Promise.resolve(new Response('This is a tap’s page, not a server.', { status: 404 })) },
        cors: false,
        staticRoot: dist,
      }),
    );
  else
    app.get('*', (c) =>
      c.text('Toolscope’s page is not built here: run npm run build (or npm start once), then open this link again.', 503),
    );
  const listener = getRequestListener(app.fetch);
  const server = createServer((req, res) => void listener(req, res));
  const listening = await listenLoopback(server, port);
  return {
    link: `http://127.0.0.1:${listening}/?tap=${token}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
