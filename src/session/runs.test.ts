import { describe, expect, it } from 'vitest';
import { askingRun, type CallRun } from './runs.ts';

const running = (id: number, tool: string, taskId?: string): CallRun => ({
  id,
  tool,
  state: {
    status: 'running',
    startedAt: 0,
    args: {},
    ...(taskId ? { task: { taskId, status: 'input_required', createdAt: 0, pollMs: 1000, findings: [] } } : {}),
  },
});
const done = (id: number, tool: string): CallRun => ({
  id,
  tool,
  state: { status: 'failed', failure: { kind: 'network', message: 'x' } as never, durationMs: 1, args: {} },
});

describe('which run a server’s question belongs to', () => {
  it('the run following the task the question names', () => {
    expect(askingRun('t-2', [running(1, 'a', 't-1'), running(2, 'b', 't-2')])?.id).toBe(2);
    expect(askingRun('t-9', [running(1, 'a', 't-1')])).toBeUndefined();
  });

  it('else the one call running; several running is not guessed', () => {
    expect(askingRun(undefined, [done(1, 'a'), running(2, 'b')])?.id).toBe(2);
    expect(askingRun(undefined, [running(1, 'a'), running(2, 'a')])).toBeUndefined();
    expect(askingRun(undefined, [done(1, 'a')])).toBeUndefined();
  });
});
