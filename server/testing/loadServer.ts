// A server with a known pace and a known failure schedule, for `toolscope load`'s tests: every
// answer of `steady` takes `delayMs`; of its calls, every 10th is a JSON-RPC error and every other
// 5th a tool error (isError) — so 100 calls are 80 ok, 10 tool errors, 10 protocol errors. It
// counts what it received (the figures the bench must match exactly). Built on the official SDK
// (both eras, stateless), on 127.0.0.1 and a free port.
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { McpServer, ProtocolError, ProtocolErrorCode, createMcpHandler } from '@modelcontextprotocol/server';
import { createApp } from '../httpApp.ts';

export interface LoadServer {
  url: string;
  /** tools/call requests received, by tool. */
  calls: Map<string, number>;
  stop: () => Promise<void>;
}

export async function startLoadServer(delayMs = 20): Promise<LoadServer> {
  const calls = new Map<string, number>();
  const count = (tool: string) => {
    const now = (calls.get(tool) ?? 0) + 1;
    calls.set(tool, now);
    return now;
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  type Answer = { content: { type: 'text'; text: string }[]; isError?: boolean };
  const text = (value: string, isError = false): Answer => ({ content: [{ type: 'text', text: value }], ...(isError ? { isError } : {}) });
  const readOnly = { readOnlyHint: true };
  const tools: {
    name: string;
    description: string;
    inputSchema: Record<string, unknown>;
    annotations: Record<string, boolean>;
    run: (args: Record<string, unknown>, n: number) => Promise<Answer> | Answer;
  }[] = [
    {
      name: 'steady',
      description: 'Answers after a fixed delay; a known share of errors.',
      inputSchema: { type: 'object' },
      annotations: readOnly,
      run: async (_args, n) => {
        await sleep(delayMs);
        if (n % 10 === 0) throw new ProtocolError(ProtocolErrorCode.InternalError, `planted failure ${n}`);
        return n % 5 === 0 ? text(`planted tool error ${n}`, true) : text('ok');
      },
    },
    {
      name: 'echo',
      description: 'Echoes its message.',
      inputSchema: { type: 'object', properties: { message: { type: 'string', maxLength: 100 } }, required: ['message'] },
      annotations: readOnly,
      run: (args) => text(String(args.message)),
    },
    {
      name: 'nonce',
      description: 'A new random value each call.',
      inputSchema: { type: 'object' },
      annotations: readOnly,
      run: () => text(crypto.randomUUID()),
    },
    {
      name: 'slow',
      description: 'Answers after two seconds.',
      inputSchema: { type: 'object' },
      annotations: readOnly,
      run: async () => {
        await sleep(2000);
        return text('late');
      },
    },
    {
      name: 'purge_everything',
      description: 'Deletes every record.',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: false, destructiveHint: true },
      run: () => text('purged'),
    },
  ];
  // The low-level handlers: a thrown ProtocolError is a JSON-RPC error on the wire (McpServer's
  // registerTool would turn it into an isError result).
  const factory = () => {
    const mcp = new McpServer({ name: 'load-fixture', version: '1.0.0' }, { capabilities: { tools: {} } });
    mcp.server.setRequestHandler('tools/list', () => ({ tools: tools.map(({ run: _run, ...definition }) => definition) }) as never);
    mcp.server.setRequestHandler('tools/call', async (request) => {
      const tool = tools.find((candidate) => candidate.name === request.params.name);
      if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
      return await tool.run(request.params.arguments ?? {}, count(tool.name));
    });
    return mcp;
  };
  const handler = createMcpHandler(factory, { legacy: 'stateless' });
  const listener = getRequestListener(createApp({ mcp: handler, mcpOrigins: 'loopback' }).fetch);
  const http = createServer((req, res) => void listener(req, res));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    stop: async () => {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
      await handler.close();
    },
  };
}
