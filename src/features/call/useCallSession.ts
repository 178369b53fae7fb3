// The call session of one connection (src/session/callSession.ts) for React: created once per
// connection (the view is keyed by it), told the list as it loads, read with
// useSyncExternalStore. Its memory is this browser's IndexedDB, bound to this server.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { queryKeys } from '../../lib/queryKeys.ts';
import { serverKey } from '../../lib/serverKey.ts';
import { useStableCallback } from '../../web/stableCallback.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import type { McpTool } from '../../mcp/tools.ts';
import { CallSession, type TaskMode } from '../../session/callSession.ts';
import { loadCallChecks } from '../../session/checks.ts';
import type { SafetySettings } from '../../session/safety.ts';
import { markSavedRun } from '../../storage/savedStore.ts';
import { dropTask, keepTask, pendingTasks } from '../../storage/taskStore.ts';

export interface CallSessionInput {
  connection: McpConnection;
  tools: readonly McpTool[];
  loading: boolean;
  safety: SafetySettings;
  /** The tool a link opened with its own arguments. */
  linkTool?: string;
}

export function useCallSession({ connection, tools, loading, safety, linkTool }: CallSessionInput) {
  const queryClient = useQueryClient();
  const latestSafety = useStableCallback(() => safety);
  const [session] = useState(() => {
    const server = serverKey(connection.url);
    return new CallSession({
      connection,
      safety: latestSafety,
      loadChecks: loadCallChecks,
      linkTool,
      memory: {
        keepTask: (task) => keepTask({ ...task, server }, connection.secretValues),
        dropTask: (taskId) => dropTask(server, taskId),
        pendingTasks: () => pendingTasks(server),
        markSavedRun,
      },
      onSavedChange: () => void queryClient.invalidateQueries({ queryKey: queryKeys.saved(server) }),
    });
  });
  useLayoutEffect(() => session.setTools(tools, loading), [session, tools, loading]);
  useEffect(() => void session.resume(), [session]);
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);
  return { session, snapshot };
}

/** A tool's task mode with the "Run as task" switch the request toolbar shows for an optional one. */
export type TaskControl =
  Exclude<TaskMode, { support: 'optional' }> | { support: 'optional'; on: boolean; onChange: (on: boolean) => void };

export function taskControl(session: CallSession, tool: McpTool): TaskControl {
  const mode = session.taskMode(tool);
  return mode?.support === 'optional' ? { ...mode, onChange: (on: boolean) => session.setRunAsTask(tool.name, on) } : mode;
}
