import { describe, expect, it } from 'vitest';
import { checkBudget, parseBudget, type Budget } from './loadBudget.ts';
import type { LoadFigures, LoadSummary } from './loadTest.ts';

const figures = (tool: string, over: Partial<LoadFigures> = {}): LoadFigures => ({
  tool,
  calls: 200,
  outcomes: { ok: 180, 'tool-error': 10, 'protocol-error': 4, 'transport-error': 4, timeout: 2 },
  p50: 12,
  p90: 40,
  p95: 120.5,
  p99: 900,
  max: 1500,
  mean: 30,
  rps: 48.2,
  ...over,
});
const summary: LoadSummary = {
  tools: [figures('search', { p95: 80 }), figures('get')],
  all: figures('all'),
  elapsedMs: 4150,
  warmup: { calls: 0, failed: 0 },
  stopped: false,
  cancelled: 0,
  firstFailure: {},
};
const parsed = (text: string) => parseBudget(text) as Budget;

describe('budgets', () => {
  it('reads the grammar teams write: units, operators, one tool of a mix', () => {
    expect(parseBudget('p95<300ms')).toEqual({ text: 'p95<300ms', metric: 'p95', op: '<', value: 300, unit: 'ms' });
    expect(parseBudget('p99 < 1s')).toEqual(expect.objectContaining({ value: 1000, unit: 'ms' }));
    expect(parseBudget('errors<1%')).toEqual(expect.objectContaining({ value: 0.01, unit: 'share' }));
    expect(parseBudget('timeouts<=0')).toEqual(expect.objectContaining({ op: '<=', value: 0, unit: 'count' }));
    expect(parseBudget('rps>50')).toEqual(expect.objectContaining({ metric: 'rps', op: '>', value: 50 }));
    expect(parseBudget('search:p95<200ms')).toEqual(expect.objectContaining({ tool: 'search', metric: 'p95' }));
  });

  it('refuses what it cannot read, saying what it expected', () => {
    expect(parseBudget('p95<fast')).toEqual({ error: expect.stringMatching(/expected METRIC<VALUE/) });
    expect(parseBudget('p42<3ms')).toEqual({ error: expect.stringMatching(/no metric p42/) });
    expect(parseBudget('errors<3ms')).toEqual({ error: expect.stringMatching(/a share \(%\) or a count/) });
    expect(parseBudget('errors<120%')).toEqual({ error: expect.stringMatching(/at most 100 %/) });
    expect(parseBudget('p95<3%')).toEqual({ error: expect.stringMatching(/ms or s/) });
  });

  it('judges each with its figure: errors are protocol + transport + timeouts, tool errors apart', () => {
    expect(checkBudget(parsed('p95<300ms'), summary)).toEqual(expect.objectContaining({ met: true, measured: '120.5 ms' }));
    expect(checkBudget(parsed('p99<500ms'), summary).said).toBe('p99<500ms — breached: p99 was 900 ms');
    expect(checkBudget(parsed('errors<=5%'), summary)).toEqual(expect.objectContaining({ met: true, measured: '5 % (10 of 200)' }));
    expect(checkBudget(parsed('errors<5%'), summary).met).toBe(false);
    expect(checkBudget(parsed('tool-errors<5%'), summary).measured).toBe('5 % (10 of 200)');
    expect(checkBudget(parsed('timeouts<1'), summary)).toEqual(expect.objectContaining({ met: false, measured: '2 of 200' }));
    expect(checkBudget(parsed('rps>50'), summary)).toEqual(expect.objectContaining({ met: false, measured: '48.2/s' }));
    expect(checkBudget(parsed('max<2s'), summary).measured).toBe('1.5 s');
    expect(checkBudget(parsed('search:p95<100ms'), summary)).toEqual(expect.objectContaining({ met: true, measured: '80 ms' }));
  });

  it('a figure that was never measured breaches, and says why', () => {
    const silent = { ...summary, all: figures('all', { p95: undefined }) };
    expect(checkBudget(parsed('p95<300ms'), silent)).toEqual(
      expect.objectContaining({ met: false, measured: 'not measured (no call was answered)' }),
    );
    expect(checkBudget(parsed('other:p95<1s'), summary).met).toBe(false);
  });
});
