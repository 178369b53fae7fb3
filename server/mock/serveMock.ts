// `toolscope mock FILE [--port N | --stdio]`: the cassette read and checked, then served — over
// Streamable HTTP on 127.0.0.1 only (the page's CORS and Host checks, server/httpApp.ts), or on
// this process's stdin/stdout (nothing else is written to stdout). It runs until stopped, or
// for --stop-after seconds.
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { printable } from '../../src/lib/printable.ts';
import type { Cassette } from '../../src/mcp/recording/cassette.ts';
import { createApp } from '../httpApp.ts';
import { Recordings, mockFactory, mockHttpHandler } from './mockServer.ts';
import { listenLoopback } from '../loopback.ts';

/** A cassette (already read and parsed) served as an MCP server, on loopback HTTP or on stdio, until stopped. */
export async function serveMock(cassette: Cassette, command: { port?: number; stdio: boolean; stopAfterMs?: number }): Promise<undefined> {
  const recordings = new Recordings(cassette);
  const factory = mockFactory(recordings);
  for (const method of factory.unserved)
    console.error(printable(`${method}: recorded, but the recorded capabilities do not declare it — answered "Method not found".`));
  const { server, protocolVersion, era } = cassette.header;
  const said = `Mock of ${server.name} ${server.version ?? ''} (recorded ${era === 'modern' ? '' : 'legacy, '}${protocolVersion}): ${cassette.exchanges.length} exchanges`;
  if (command.stdio) {
    console.log = (...parts: unknown[]) => console.error(...parts);
    serveStdio(factory, { legacy: 'serve' });
    console.error(printable(`${said}, on stdio.`));
    if (command.stopAfterMs !== undefined) setTimeout(() => process.exit(0), command.stopAfterMs).unref();
    return undefined;
  }
  const handler = mockHttpHandler(factory);
  const listener = getRequestListener(
    createApp({ mcp: handler, mcpOrigins: 'loopback', serverCard: () => cassette.header.serverCard }).fetch,
  );
  const http = createServer((req, res) => void listener(req, res));
  const port = await listenLoopback(http, command.port ?? 0);
  console.log(printable(`${said}, at http://127.0.0.1:${port}/mcp`));
  const stop = () => {
    http.closeAllConnections();
    http.close(() => void handler.close().finally(() => process.exit(0)));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (command.stopAfterMs !== undefined) setTimeout(stop, command.stopAfterMs).unref();
  return undefined;
}
