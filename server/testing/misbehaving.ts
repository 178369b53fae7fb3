// A deliberately broken 2025-era MCP server for tests: its tools/list never stops paging
// (the same nextCursor forever) and repeats a tool name. Raw JSON-RPC, loopback only.
import { createServer, type IncomingMessage } from 'node:http';
import type { RunningServer } from './servers.ts';

const tool = (name: string) => ({ name, description: `The ${name} tool.`, inputSchema: { type: 'object', additionalProperties: false } });

async function body(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString() || 'null');
}

function answer(method: string, params: Record<string, unknown> | undefined): unknown {
  switch (method) {
    case 'initialize':
      return { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'looping-server', version: '0.0.1' } };
    case 'tools/list':
      return params?.cursor === undefined
        ? { tools: [tool('alpha')], nextCursor: 'loop' }
        : { tools: [tool('beta'), tool('alpha')], nextCursor: 'loop' };
    case 'tools/call':
      return { content: [{ type: 'text', text: 'ok' }] };
    default:
      return undefined;
  }
}

export async function startMisbehavingServer(): Promise<RunningServer> {
  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'POST, GET, DELETE, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Accept, Mcp-Session-Id, MCP-Protocol-Version');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.method !== 'POST') return void res.writeHead(405).end();
    body(req)
      .then((message) => {
        const { id, method, params } = (message ?? {}) as { id?: unknown; method?: string; params?: Record<string, unknown> };
        if (id === undefined) return void res.writeHead(202).end();
        const result = method ? answer(method, params) : undefined;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            result === undefined
              ? { jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } }
              : { jsonrpc: '2.0', id, result },
          ),
        );
      })
      .catch(() => res.writeHead(400).end());
  });
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
