// A load test's budgets, the way teams write them in CI: `p95<300ms`, `p99<1s`, `errors<1%`,
// `tool-errors<5%`, `rps>50`, optionally for one tool of a mix (`search:p95<200ms`).
//   latency  p50 | p90 | p95 | p99 | max | mean   with ms or s (a bare number is ms)
//   shares   errors (protocol + transport + timeouts) | tool-errors | protocol-errors |
//            transport-errors | timeouts              with % (of counted calls), or a bare count
//   rate     rps                                     calls a second
//   compare  <  <=  >  >=
// A breach is said with its figure ("p95<300ms — breached: p95 was 412 ms").
import type { LoadFigures, LoadSummary } from './loadTest.ts';

const LATENCY = ['p50', 'p90', 'p95', 'p99', 'max', 'mean'] as const;
const SHARES = ['errors', 'tool-errors', 'protocol-errors', 'transport-errors', 'timeouts'] as const;
type Metric = (typeof LATENCY)[number] | (typeof SHARES)[number] | 'rps';
type Op = '<' | '<=' | '>' | '>=';

export interface Budget {
  text: string;
  tool?: string;
  metric: Metric;
  op: Op;
  /** ms for latency, a fraction (0.01) for a share in %, a count for a bare share, calls a second for rps. */
  value: number;
  unit: 'ms' | 'share' | 'count' | 'rps';
}

export interface BudgetVerdict {
  budget: Budget;
  met: boolean;
  /** What was measured, in the budget's own unit ("412 ms", "2.5 % (5 of 200)", "48.2/s"). */
  measured: string;
  said: string;
}

const GRAMMAR = /^(?:([^:\s]+):)?([a-z0-9-]+)\s*(<=|>=|<|>)\s*([0-9]+(?:\.[0-9]+)?)\s*(ms|s|%|\/s)?$/;

export function parseBudget(text: string): Budget | { error: string } {
  const match = GRAMMAR.exec(text.trim());
  if (!match)
    return { error: `"${text}": expected METRIC<VALUE, e.g. p95<300ms, p99<1s, errors<1%, tool-errors<5%, rps>50 (see docs/load.md).` };
  const [, tool, name = '', op = '<', number = '0', unit] = match;
  const value = Number(number);
  const metric = [...LATENCY, ...SHARES, 'rps'].find((candidate) => candidate === name) as Metric | undefined;
  if (!metric) return { error: `"${text}": no metric ${name} (use ${[...LATENCY, ...SHARES, 'rps'].join(', ')}).` };
  const base = { text: text.trim(), ...(tool ? { tool } : {}), metric, op: op as Op };
  if ((LATENCY as readonly string[]).includes(metric)) {
    if (unit !== undefined && unit !== 'ms' && unit !== 's') return { error: `"${text}": a latency is in ms or s.` };
    return { ...base, value: unit === 's' ? value * 1000 : value, unit: 'ms' };
  }
  if (metric === 'rps') {
    if (unit !== undefined && unit !== '/s') return { error: `"${text}": rps is calls a second (rps>50).` };
    return { ...base, value, unit: 'rps' };
  }
  if (unit !== undefined && unit !== '%') return { error: `"${text}": ${metric} is a share (%) or a count.` };
  if (unit === '%' && value > 100) return { error: `"${text}": a share is at most 100 %.` };
  return unit === '%' ? { ...base, value: value / 100, unit: 'share' } : { ...base, value, unit: 'count' };
}

function count(figures: LoadFigures, metric: (typeof SHARES)[number]): number {
  const { outcomes } = figures;
  switch (metric) {
    case 'errors':
      return outcomes['protocol-error'] + outcomes['transport-error'] + outcomes.timeout;
    case 'tool-errors':
      return outcomes['tool-error'];
    case 'protocol-errors':
      return outcomes['protocol-error'];
    case 'transport-errors':
      return outcomes['transport-error'];
    case 'timeouts':
      return outcomes.timeout;
  }
}

const compare = (left: number, op: Op, right: number) =>
  op === '<' ? left < right : op === '<=' ? left <= right : op === '>' ? left > right : left >= right;

export const formatMs = (value: number) => (value >= 1000 ? `${round(value / 1000, 2)} s` : `${round(value, value < 10 ? 2 : 1)} ms`);
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export function checkBudget(budget: Budget, summary: LoadSummary): BudgetVerdict {
  const figures = budget.tool === undefined ? summary.all : summary.tools.find((tool) => tool.tool === budget.tool);
  const verdict = (met: boolean, measured: string): BudgetVerdict => ({
    budget,
    met,
    measured,
    said: `${budget.text} — ${met ? 'met' : 'breached'}: ${budget.metric}${budget.tool ? ` of ${budget.tool}` : ''} was ${measured}`,
  });
  if (!figures) return verdict(false, `not measured (${budget.tool ?? ''} is not in the run)`);
  if (budget.unit === 'ms') {
    const value = figures[budget.metric as (typeof LATENCY)[number]];
    if (value === undefined) return verdict(false, 'not measured (no call was answered)');
    return verdict(compare(value, budget.op, budget.value), formatMs(value));
  }
  if (budget.unit === 'rps') return verdict(compare(figures.rps, budget.op, budget.value), `${figures.rps}/s`);
  const bad = count(figures, budget.metric as (typeof SHARES)[number]);
  if (budget.unit === 'count') return verdict(compare(bad, budget.op, budget.value), `${bad} of ${figures.calls}`);
  if (figures.calls === 0) return verdict(false, 'not measured (no call was counted)');
  const share = bad / figures.calls;
  return verdict(compare(share, budget.op, budget.value), `${round(share * 100, 2)} % (${bad} of ${figures.calls})`);
}
