// The runner against a send function with a known schedule (no server: the scheduling itself).
import { describe, expect, it } from 'vitest';
import { McpError } from '../mcp/errors.ts';
import { LoadRun, mixPicker, type LoadCall } from './loadTest.ts';

const call = (tool: string, weight = 1): LoadCall => ({ tool, args: {}, weight });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('LoadRun', () => {
  it('interleaves a weighted mix exactly over each cycle', () => {
    const pick = mixPicker([call('a', 3), call('b', 1), call('c', 2)]);
    const order = Array.from({ length: 12 }, () => pick().tool);
    expect(order.filter((tool) => tool === 'a')).toHaveLength(6);
    expect(order.filter((tool) => tool === 'b')).toHaveLength(2);
    expect(order.slice(0, 6).sort()).toEqual(['a', 'a', 'a', 'b', 'c', 'c']);
  });

  it('never has more calls in flight than asked, and sorts failures by channel', async () => {
    let inFlight = 0;
    let most = 0;
    let n = 0;
    const run = new LoadRun({ calls: [call('t')], requests: 40, concurrency: 3, warmup: 0 }, async () => {
      const mine = ++n;
      inFlight++;
      most = Math.max(most, inFlight);
      await wait(2);
      inFlight--;
      if (mine % 10 === 0) throw new McpError({ kind: 'protocol', code: -32603, message: 'boom' });
      if (mine % 8 === 0) throw new McpError({ kind: 'timeout', message: 'late' });
      if (mine % 7 === 0) throw new McpError({ kind: 'unreachable', message: 'gone' });
      return mine % 5 === 0
        ? { isError: true, raw: { content: [{ type: 'text', text: 'slow down' }], isError: true } }
        : { isError: false, raw: {} };
    });
    const summary = await run.run();
    expect(most).toBe(3);
    expect(summary.all.calls).toBe(40);
    // 10,20,30,40 protocol; 8,16,24,32 timeout; 7,14,21,28,35 transport; 5,15,25 isError.
    expect(summary.all.outcomes).toEqual({ ok: 24, 'tool-error': 3, 'protocol-error': 4, 'transport-error': 5, timeout: 4 });
    expect(summary.firstFailure).toEqual({
      'protocol-error': 'boom',
      timeout: 'late',
      'transport-error': 'gone',
      'tool-error': 'slow down',
    });
  });

  it('Stop: no call starts after it, and the calls in flight are cancelled, not counted', async () => {
    let started = 0;
    const run = new LoadRun({ calls: [call('t')], requests: 1000, concurrency: 2, warmup: 0 }, (_call, signal) => {
      started++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve({ isError: false, raw: {} }), 5);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new McpError({ kind: 'cancelled', message: 'stopped' }));
        });
      });
    });
    const done = run.run();
    await wait(40);
    run.stop();
    const summary = await done;
    const startedAtStop = started;
    await wait(30);
    expect(started).toBe(startedAtStop);
    expect(summary.stopped).toBe(true);
    expect(summary.cancelled).toBe(2);
    expect(summary.all.calls + summary.cancelled).toBe(started);
    expect(run.progress().phase).toBe('stopped');
  });

  it('keeps to the rate: 20 calls at 100 a second take about 0.2 s', async () => {
    const run = new LoadRun({ calls: [call('t')], requests: 20, concurrency: 4, rate: 100, warmup: 0 }, () =>
      Promise.resolve({ isError: false, raw: {} }),
    );
    const summary = await run.run();
    expect(summary.elapsedMs).toBeGreaterThanOrEqual(185);
    expect(summary.elapsedMs).toBeLessThan(600);
  });
});
