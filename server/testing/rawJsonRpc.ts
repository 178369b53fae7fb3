// A bare JSON-RPC-over-HTTP server (2025-era shape, CORS *) for test servers that must send
// what no SDK would let them send. Loopback only, bounded request size.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { RunningServer } from './testServers.ts';

export type RpcOutcome =
  | { result: unknown }
  | { error: { code: number; message: string; data?: unknown } }
  /** A result's JSON as text: what no JSON.stringify could write (nested 100,000 levels deep). */
  | { resultText: string };
export type RpcAnswer = (method: string, params: Record<string, unknown>) => RpcOutcome;

const MAX_BODY = 5_000_000;

/** The request's JSON body, at most MAX_BODY bytes. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY) throw new Error('body too large');
    chunks.push(buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString() || 'null');
}

const field = (message: unknown, key: string): unknown =>
  typeof message === 'object' && message !== null && key in message ? (message as Record<string, unknown>)[key] : undefined;

export async function startRawJsonRpcServer(answer: RpcAnswer): Promise<RunningServer> {
  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'POST, GET, DELETE, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Accept, Mcp-Session-Id, MCP-Protocol-Version');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.method !== 'POST') return void res.writeHead(405).end();
    readJson(req)
      .then((message) => {
        const id = field(message, 'id');
        if (id === undefined) return void res.writeHead(202).end();
        const method = field(message, 'method');
        const params = field(message, 'params');
        const outcome = answer(
          typeof method === 'string' ? method : '',
          typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {},
        );
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          'resultText' in outcome
            ? `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${outcome.resultText}}`
            : JSON.stringify({ jsonrpc: '2.0', id, ...outcome }),
        );
      })
      .catch(() => res.writeHead(400).end());
  });
  return listenOnLoopback(server);
}

/** Starts a test server on a free loopback port; its MCP endpoint is /mcp. */
export async function listenOnLoopback(server: Server): Promise<RunningServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/mcp`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
