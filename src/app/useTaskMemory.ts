// Tasks for one connection: which calls ask for a task (2025 wire: a tool whose taskSupport is
// "required", or "optional" with "Run as task" ticked; 2026: the server decides), and where task
// ids are kept (IndexedDB, per server) so that a reload follows them again within their TTL.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { McpConnection } from '../mcp/connection.ts';
import type { McpTool } from '../mcp/tools.ts';
import type { PendingTask } from '../mcp/tasks.ts';
import { serverKey } from '../lib/serverKey.ts';
import { dropTask, keepTask, pendingTasks } from '../features/history/api/historyStore.ts';
import type { CallTarget, TaskOptions } from '../features/call/useToolCalls.ts';

export type TaskMode =
  | { support: 'required' }
  | { support: 'optional'; on: boolean; onChange: (on: boolean) => void }
  | { support: 'not-offered'; declared: string }
  | undefined;

export function useTaskMemory(connection: McpConnection, tools: readonly McpTool[]) {
  const server = serverKey(connection.url);
  const [optedIn, setOptedIn] = useState<ReadonlySet<string>>(new Set());
  // The latest list, looked up by name only when a call asks (not rebuilt as 10,000 tools stream in).
  const latest = useRef({ tools, byName: undefined as Map<string, McpTool> | undefined });
  const opted = useRef(optedIn);
  useLayoutEffect(() => {
    if (latest.current.tools !== tools) latest.current = { tools, byName: undefined };
    opted.current = optedIn;
  }, [tools, optedIn]);
  const toolNamed = (name: string) => {
    const list = latest.current;
    list.byName ??= new Map(list.tools.map((tool) => [tool.name, tool]));
    return list.byName.get(name);
  };

  const options = useMemo<TaskOptions>(
    () => ({
      taskFor: (target: CallTarget) => {
        if (connection.era !== 'legacy' || !connection.toolTasks) return undefined;
        const support = toolNamed(target.name)?.taskSupport;
        return support === 'required' || (support === 'optional' && opted.current.has(target.name)) ? {} : undefined;
      },
      keep: (task) => void keepTask({ ...task, server }, connection.secretValues).catch(() => undefined),
      drop: (taskId) => void dropTask(server, taskId).catch(() => undefined),
    }),
    [connection, server],
  );

  const modeOf = useCallback(
    (tool: McpTool): TaskMode => {
      if (connection.era !== 'legacy') return undefined;
      if ((tool.taskSupport === 'required' || tool.taskSupport === 'optional') && !connection.toolTasks)
        return { support: 'not-offered', declared: tool.taskSupport };
      if (tool.taskSupport === 'required') return { support: 'required' };
      if (tool.taskSupport !== 'optional') return undefined;
      return {
        support: 'optional',
        on: optedIn.has(tool.name),
        onChange: (on) =>
          setOptedIn((previous) => {
            const next = new Set(previous);
            if (on) next.add(tool.name);
            else next.delete(tool.name);
            return next;
          }),
      };
    },
    [connection, optedIn],
  );

  return { options, modeOf };
}

/** Once per connection: the tasks this server still has from before a reload (same wire, within their TTL). */
export function useResumedTasks(connection: McpConnection, resume: (pending: readonly PendingTask[]) => void) {
  const latest = useRef(resume);
  useLayoutEffect(() => {
    latest.current = resume;
  });
  useEffect(() => {
    let live = true;
    void pendingTasks(serverKey(connection.url))
      .then((pending) => {
        if (live) latest.current(pending.filter((task) => task.era === connection.era));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [connection]);
}
