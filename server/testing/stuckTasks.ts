// A 2026-07-28 server whose task never finishes and whose task messages use the wrong wire's
// names: stuck_export answers tools/call with a task that has no resultType and says `ttl` and
// `pollInterval` (2025's names) instead of ttlMs / pollIntervalMs; tasks/get answers "working"
// forever. A client should name both faults and call the task Expired once its TTL has passed.
import { startRaw2026Server } from './raw2026.ts';

const TTL_MS = 3000;

export const startStuckTaskServer = () => {
  const created = new Map<string, string>();
  let next = 0;
  const task = (taskId: string) => ({
    taskId,
    status: 'working',
    statusMessage: 'Exporting… (this one never ends)',
    createdAt: created.get(taskId),
    lastUpdatedAt: new Date().toISOString(),
    ttl: TTL_MS,
    pollInterval: 500,
  });
  return startRaw2026Server((method, params) => {
    if (method === 'tools/list') {
      return {
        result: {
          resultType: 'complete',
          ttlMs: 0,
          cacheScope: 'private',
          tools: [
            {
              name: 'stuck_export',
              description: 'Starts an export as a task that never finishes.',
              inputSchema: { type: 'object', additionalProperties: false },
              annotations: { readOnlyHint: true, openWorldHint: false },
            },
          ],
        },
      };
    }
    if (method === 'tools/call') {
      const taskId = `stuck-${++next}`;
      created.set(taskId, new Date().toISOString());
      if (created.size > 100) created.delete(created.keys().next().value ?? '');
      return { result: task(taskId) };
    }
    if (method === 'tasks/get' || method === 'tasks/cancel') {
      const taskId = String(params.taskId);
      if (!created.has(taskId)) return { error: { code: -32602, message: `Unknown task ${taskId.slice(0, 40)}` } };
      return { result: method === 'tasks/get' ? { resultType: 'complete', ...task(taskId) } : { resultType: 'complete' } };
    }
    return undefined;
  });
};
