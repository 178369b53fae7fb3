import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { McpError } from '../errors.ts';
import { driveTask, parseTaskStatus, pollDelay, taskFromCallResult, type TaskOps, type TaskState } from './tasks.ts';

const working = (extra: Record<string, unknown> = {}) => ({
  taskId: 't1',
  status: 'working',
  createdAt: new Date(0).toISOString(),
  lastUpdatedAt: new Date(0).toISOString(),
  ttlMs: 60_000,
  pollIntervalMs: 1000,
  ...extra,
});

describe('pollDelay', () => {
  it('honours the server within 250 ms – 30 s, and polls every second when it says nothing', () => {
    expect(pollDelay(5000)).toBe(5000);
    expect(pollDelay(10)).toBe(250);
    expect(pollDelay(0)).toBe(250);
    expect(pollDelay(3_600_000)).toBe(30_000);
    expect(pollDelay(undefined)).toBe(1000);
    expect(pollDelay(Number.NaN)).toBe(1000);
  });
});

describe('reading tasks', () => {
  it('tells a 2026 task (resultType "task") from a result, and names a task without resultType', () => {
    expect(taskFromCallResult({ resultType: 'complete', content: [] }, 'modern')).toBeUndefined();
    expect(taskFromCallResult({ resultType: 'task', ...working() }, 'modern')).toMatchObject({ taskId: 't1', ttlMs: 60_000, findings: [] });
    const bare = taskFromCallResult(working(), 'modern');
    expect(bare?.findings[0]).toContain('without resultType');
  });

  it('reads the other wire’s field names, and says so', () => {
    const modern = taskFromCallResult({ resultType: 'task', taskId: 't', status: 'working', ttl: 5000, pollInterval: 300 }, 'modern');
    expect(modern).toMatchObject({ ttlMs: 5000, pollIntervalMs: 300 });
    expect(modern?.findings.join(' ')).toMatch(/"ttl" where the 2026-07-28 wire names it "ttlMs"/);
    const legacy = taskFromCallResult({ task: { taskId: 't', status: 'working', ttlMs: 5000 } }, 'legacy');
    expect(legacy?.ttlMs).toBe(5000);
    expect(legacy?.findings[0]).toMatch(/"ttlMs" where the 2025-11-25 wire names it "ttl"/);
    expect(taskFromCallResult({ content: [] }, 'legacy')).toBeUndefined();
    // A task that cannot be followed is said, not shown as an empty result.
    expect(() => taskFromCallResult({ task: { status: 'working' } }, 'legacy')).toThrow(/no taskId or status/);
  });

  it('keeps a null ttl as unlimited and rejects a status without taskId', () => {
    expect(parseTaskStatus(working({ ttlMs: null }), 'modern').ttlMs).toBeNull();
    expect(() => parseTaskStatus({ status: 'working' }, 'modern')).toThrow(McpError);
  });
});

describe('driveTask', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A server whose tasks/get answers from a script, one status per poll; records when it was asked. */
  function scripted(statuses: Record<string, unknown>[], era: 'modern' | 'legacy' = 'modern') {
    const asked: number[] = [];
    const updates: Record<string, unknown>[] = [];
    const ops: TaskOps = {
      era,
      get: () => {
        asked.push(Date.now());
        return Promise.resolve(statuses.length > 1 ? statuses.shift() : statuses[0]);
      },
      result: () => Promise.resolve({ content: [{ type: 'text', text: 'from tasks/result' }] }),
      update: (_id, responses) => {
        updates.push(responses);
        return Promise.resolve({});
      },
    };
    return { ops, asked, updates };
  }

  const first = (extra: Record<string, unknown> = {}): TaskState => ({ ...parseTaskStatus(working(extra), 'modern') });

  it('polls at the server’s interval (floored at 250 ms) and stops at the first terminal status', async () => {
    const { ops, asked } = scripted([
      working({ pollIntervalMs: 100 }),
      working(),
      { ...working(), status: 'completed', result: { content: [] } },
    ]);
    const seen: string[] = [];
    const end = driveTask(ops, first({ pollIntervalMs: 100 }), { onUpdate: (task) => seen.push(task.status) });
    await vi.runAllTimersAsync();
    await expect(end).resolves.toMatchObject({ status: 'completed', result: { content: [] } });
    expect(asked).toEqual([250, 500, 1500]);
    expect(seen).toEqual(['working', 'working', 'working', 'completed']);
  });

  it('is woken early by a status notification', async () => {
    const { ops, asked } = scripted([{ ...working(), status: 'completed', result: {} }]);
    const wakeUp: { wake?: () => void } = {};
    const end = driveTask(ops, first({ pollIntervalMs: 20_000 }), { wakeUp });
    await vi.advanceTimersByTimeAsync(300);
    expect(asked).toEqual([]);
    wakeUp.wake?.();
    await vi.advanceTimersByTimeAsync(0);
    await expect(end).resolves.toMatchObject({ status: 'completed' });
    expect(asked).toEqual([300]);
  });

  it('answers each input request once (tasks/update), then follows on', async () => {
    const inputRequired = {
      ...working(),
      status: 'input_required',
      inputRequests: {
        k1: {
          method: 'elicitation/create',
          params: { mode: 'form', message: 'Pick', requestedSchema: { type: 'object', properties: {} } },
        },
      },
    };
    const { ops, updates } = scripted([inputRequired, inputRequired, { ...working(), status: 'completed', result: { content: [] } }]);
    const elicit = vi.fn(() => Promise.resolve({ action: 'accept' as const, content: { a: 1 } }));
    const end = driveTask(ops, first(), { elicit });
    await vi.runAllTimersAsync();
    await expect(end).resolves.toMatchObject({ status: 'completed' });
    expect(elicit).toHaveBeenCalledTimes(1);
    expect(updates).toEqual([{ k1: { action: 'accept', content: { a: 1 } } }]);
  });

  it('says Expired for a task still working past its TTL, and Failed / Cancelled as the server says', async () => {
    const stuck = scripted([working({ ttlMs: 3000 })]);
    const expired = driveTask(stuck.ops, first({ ttlMs: 3000 }));
    await vi.runAllTimersAsync();
    await expect(expired).resolves.toMatchObject({ status: 'expired', failure: { kind: 'timeout' } });
    expect(stuck.asked.length).toBeLessThanOrEqual(5);

    const failed = driveTask(scripted([{ ...working(), status: 'failed', error: { code: -32603, message: 'disk full' } }]).ops, first());
    await vi.runAllTimersAsync();
    await expect(failed).resolves.toMatchObject({
      status: 'failed',
      failure: { kind: 'protocol', code: -32603, message: expect.stringContaining('disk full') },
    });

    const cancelled = driveTask(scripted([{ ...working(), status: 'cancelled', statusMessage: 'stopped' }]).ops, first());
    await vi.runAllTimersAsync();
    await expect(cancelled).resolves.toMatchObject({ status: 'cancelled', failure: { message: 'The server cancelled the task: stopped' } });
  });

  it('takes a 2025 result from tasks/result, and stops following when aborted', async () => {
    const legacy = scripted([{ ...working(), status: 'completed' }], 'legacy');
    const end = driveTask(legacy.ops, first());
    await vi.runAllTimersAsync();
    await expect(end).resolves.toMatchObject({ result: { content: [{ text: 'from tasks/result' }] } });

    const controller = new AbortController();
    const followed = driveTask(scripted([working()]).ops, first(), { signal: controller.signal });
    controller.abort();
    await expect(followed).rejects.toMatchObject({ failure: { kind: 'cancelled' } });
  });
});
