// Tasks started and not ended, per server: what a reload follows again within their TTL.
import { db, keptArgs, type PendingTask } from './db.ts';

export type { PendingTask };

/** Pending tasks kept per server; older ones are dropped. */
export const MAX_PENDING_TASKS = 50;
/** A task without a TTL is kept this long at most. */
export const UNLIMITED_TASK_KEPT_MS = 24 * 3_600_000;

const taskKey = (server: string, taskId: string) => `${server} ${taskId}`;
const taskOver = (task: PendingTask, now: number) => now > task.createdAt + (task.ttlMs ?? UNLIMITED_TASK_KEPT_MS);

/** Keeps (or updates) a pending task; its arguments as History keeps them (secrets left out). Oldest dropped past the bound. */
export async function keepTask(task: Omit<PendingTask, 'key'>, known: readonly string[] = []): Promise<void> {
  const store = await db();
  const tx = store.transaction('tasks', 'readwrite');
  await tx.store.put({ ...task, key: taskKey(task.server, task.taskId), args: keptArgs(task.args, known).args });
  const mine = (await tx.store.index('server').getAll(task.server)).sort((a, b) => a.startedAt - b.startedAt);
  for (const old of mine.slice(0, Math.max(0, mine.length - MAX_PENDING_TASKS))) await tx.store.delete(old.key);
  await tx.done;
}

export async function dropTask(server: string, taskId: string): Promise<void> {
  await (await db()).delete('tasks', taskKey(server, taskId));
}

/** A server's pending tasks still within their TTL, oldest first; those past it are deleted. */
export async function pendingTasks(server: string, now = Date.now()): Promise<PendingTask[]> {
  const store = await db();
  const mine = await store.getAllFromIndex('tasks', 'server', server);
  const over = mine.filter((task) => taskOver(task, now));
  if (over.length) {
    const tx = store.transaction('tasks', 'readwrite');
    await Promise.all([...over.map((task) => tx.store.delete(task.key)), tx.done]);
  }
  return mine.filter((task) => !taskOver(task, now)).sort((a, b) => a.startedAt - b.startedAt);
}
