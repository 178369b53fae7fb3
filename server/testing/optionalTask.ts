// A 2025-11-25 server (raw JSON-RPC, loopback) with one tool whose execution.taskSupport is
// "optional": called plainly it answers at once; called with params.task it answers with a task
// that completes about a second later (tasks/get, then tasks/result).
import { startRawJsonRpcServer, type RpcOutcome } from './rawJsonRpc.ts';

const TOOL = {
  name: 'export_orders',
  description: 'Exports the orders as CSV. Runs as a task when asked to (execution.taskSupport "optional").',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  annotations: { readOnlyHint: true, openWorldHint: false },
  execution: { taskSupport: 'optional' },
};

export function startOptionalTaskServer() {
  const tasks = new Map<string, number>();
  let next = 0;
  const view = (taskId: string, created: number) => ({
    taskId,
    status: Date.now() - created > 1000 ? 'completed' : 'working',
    statusMessage: Date.now() - created > 1000 ? 'Exported' : 'Exporting orders',
    createdAt: new Date(created).toISOString(),
    lastUpdatedAt: new Date().toISOString(),
    ttl: 60_000,
    pollInterval: 300,
  });
  const answer = (method: string, params: Record<string, unknown>): RpcOutcome => {
    switch (method) {
      case 'initialize':
        return {
          result: {
            protocolVersion: '2025-11-25',
            capabilities: { tools: {}, tasks: { requests: { tools: { call: {} } } } },
            serverInfo: { name: 'optional-task', version: '1.0.0' },
          },
        };
      case 'tools/list':
        return { result: { tools: [TOOL] } };
      case 'tools/call': {
        if (params.task === undefined) return { result: { content: [{ type: 'text', text: 'Exported 42 orders (plain call).' }] } };
        const taskId = `exp-${++next}`;
        tasks.set(taskId, Date.now());
        if (tasks.size > 100) tasks.delete(tasks.keys().next().value ?? '');
        return { result: { task: view(taskId, Date.now()) } };
      }
      case 'tasks/get':
      case 'tasks/result': {
        const taskId = String(params.taskId);
        const created = tasks.get(taskId);
        if (created === undefined) return { error: { code: -32602, message: `Unknown task ${taskId.slice(0, 40)}` } };
        if (method === 'tasks/get') return { result: view(taskId, created) };
        return { result: { content: [{ type: 'text', text: 'Exported 42 orders (as a task).' }] } };
      }
      default:
        return { error: { code: -32601, message: `Method not found: ${method.slice(0, 60)}` } };
    }
  };
  return startRawJsonRpcServer(answer);
}
