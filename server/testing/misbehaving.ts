// A deliberately broken 2025-era MCP server for tests: its tools/list never stops paging
// (the same nextCursor forever) and repeats a tool name. Raw JSON-RPC, loopback only.
import { startRawJsonRpcServer } from './rawJsonRpc.ts';

const tool = (name: string) => ({ name, description: `The ${name} tool.`, inputSchema: { type: 'object', additionalProperties: false } });

function answer(method: string, params: Record<string, unknown>): unknown {
  switch (method) {
    case 'initialize':
      return { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'looping-server', version: '0.0.1' } };
    case 'tools/list':
      return params.cursor === undefined
        ? { tools: [tool('alpha')], nextCursor: 'loop' }
        : { tools: [tool('beta'), tool('alpha')], nextCursor: 'loop' };
    case 'tools/call':
      return { content: [{ type: 'text', text: 'ok' }] };
    default:
      return undefined;
  }
}

export const startMisbehavingServer = () =>
  startRawJsonRpcServer((method, params) => {
    const result = answer(method, params);
    return result === undefined ? { error: { code: -32601, message: `Method not found: ${method}` } } : { result };
  });
