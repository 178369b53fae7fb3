import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { forgetServerData } from './db.ts';
import { MAX_PENDING_TASKS, dropTask, keepTask, pendingTasks, type PendingTask } from './taskStore.ts';

const task = (server: string, taskId: string, extra: Partial<PendingTask> = {}): Omit<PendingTask, 'key'> => ({
  server,
  taskId,
  tool: 'build_sales_report',
  args: { year: 2025 },
  startedAt: 1_000,
  createdAt: 1_000,
  ttlMs: 60_000,
  status: 'working',
  era: 'modern',
  ...extra,
});

describe('pending tasks (IndexedDB)', () => {
  it('keeps tasks per server until they end or their TTL passes; a secret argument never', async () => {
    await keepTask(task('a', 't1', { args: { year: 2025, api_key: 'k-123' } }));
    await keepTask(task('a', 't2', { startedAt: 2_000, ttlMs: null }));
    await keepTask(task('b', 't3'));
    const kept = await pendingTasks('a', 30_000);
    expect(kept.map((pending) => pending.taskId)).toEqual(['t1', 't2']);
    expect(kept[0]?.args).toEqual({ year: 2025 });
    // The same task again is an update, not a second record.
    await keepTask(task('a', 't1', { status: 'input_required' }));
    expect((await pendingTasks('a', 30_000)).find((pending) => pending.taskId === 't1')?.status).toBe('input_required');
    // Past its TTL: gone (the one without a TTL stays a day at most).
    expect((await pendingTasks('a', 61_001)).map((pending) => pending.taskId)).toEqual(['t2']);
    expect(await pendingTasks('a', 2_000 + 24 * 3_600_000 + 1)).toEqual([]);
    await dropTask('b', 't3');
    expect(await pendingTasks('b', 30_000)).toEqual([]);
  });

  it('is bounded per server (oldest dropped) and forgotten with the server', async () => {
    for (let index = 0; index < MAX_PENDING_TASKS + 3; index++) await keepTask(task('c', `t${index}`, { startedAt: index }));
    const kept = await pendingTasks('c', 1_000);
    expect(kept).toHaveLength(MAX_PENDING_TASKS);
    expect(kept[0]?.taskId).toBe('t3');
    await forgetServerData('c');
    expect(await pendingTasks('c', 1_000)).toEqual([]);
  });
});
