// A call session's memory kept in this process only (the CLI, `toolscope mcp`): the tasks it
// follows, gone when the process ends. The page's memory is IndexedDB (features/call/useCallSession).
import type { PendingTask } from '../mcp/tasks/tasks.ts';
import type { SessionMemory } from './callSession.ts';

export function memorySessionMemory(server: string): SessionMemory {
  const tasks = new Map<string, PendingTask>();
  return {
    keepTask: (task) => {
      tasks.set(task.taskId, { ...task, server, key: `${server} ${task.taskId}` });
      return Promise.resolve();
    },
    dropTask: (taskId) => Promise.resolve(tasks.delete(taskId)),
    pendingTasks: () => Promise.resolve([...tasks.values()]),
    markSavedRun: () => Promise.resolve(),
  };
}
