// The call session of one connection (src/session/callSession.ts) for React: made once per
// connection by the workspace (src/workspace), so it outlives the screen; told the list as it
// loads, read with useSyncExternalStore. Its memory is this browser's IndexedDB, bound to this server.
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { serverKey } from '../../lib/serverKey.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import type { McpTool } from '../../mcp/tools.ts';
import type { CallSession, TaskMode } from '../../session/callSession.ts';
import type { CallDeps } from '../../workspace/serverSession.ts';
import { currentSafety } from './useSafetySettings.ts';
import { loadCallChecks } from '../../session/checks.ts';
import { markSavedRun } from '../../storage/savedStore.ts';
import { dropTask, keepTask, pendingTasks } from '../../storage/taskStore.ts';

export interface CallSessionInput {
  /** The server's one call session, made by the workspace (src/workspace): it outlives this screen. */
  session: CallSession;
  tools: readonly McpTool[];
  loading: boolean;
  /** The tool a link opened with its own arguments. */
  linkTool?: string;
}

export function useCallSession({ session, tools, loading, linkTool }: CallSessionInput) {
  useState(() => (linkTool ? session.linkOpened(linkTool) : undefined));
  useLayoutEffect(() => session.setTools(tools, loading), [session, tools, loading]);
  useEffect(() => void session.resume(), [session]);
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);
  return { session, snapshot };
}

/**
 * What the page's call session of a connection is told (the workspace makes it once per connection):
 * the person's settings for this server read at each decision, the checks loaded on demand, and its
 * memory in this browser's IndexedDB, bound to this server.
 */
export function pageCallDeps(connection: McpConnection, onSavedChange: (server: string) => void): CallDeps {
  const server = serverKey(connection.url);
  return {
    safety: () => currentSafety(connection.url),
    loadChecks: loadCallChecks,
    memory: {
      keepTask: (task) => keepTask({ ...task, server }, connection.secretValues),
      dropTask: (taskId) => dropTask(server, taskId),
      pendingTasks: () => pendingTasks(server),
      markSavedRun,
    },
    onSavedChange: () => onSavedChange(server),
  };
}

/** A tool's task mode with the "Run as task" switch the request toolbar shows for an optional one. */
export type TaskControl =
  Exclude<TaskMode, { support: 'optional' }> | { support: 'optional'; on: boolean; onChange: (on: boolean) => void };

export function taskControl(session: CallSession, tool: McpTool): TaskControl {
  const mode = session.taskMode(tool);
  return mode?.support === 'optional' ? { ...mode, onChange: (on: boolean) => session.setRunAsTask(tool.name, on) } : mode;
}
