// `toolscope load`'s result as text (a terminal's table), JSON (the documented shape, docs/load.md),
// JUnit XML (one testcase per budget) and Markdown. Every figure once: the run's own numbers, the
// budgets judged on them, and the stateless check when one was asked.
import { xml } from '../../src/report/formats.ts';
import { formatMs, type BudgetVerdict } from '../../src/session/loadBudget.ts';
import { LOAD_OUTCOMES, OUTCOME_WORDS, type LoadFigures, type LoadSummary } from '../../src/session/loadTest.ts';
import type { LoadTestFormat, LoadTestPlan } from './loadArgs.ts';
import type { Era } from '../../src/mcp/era.ts';

export interface StatelessCheck {
  connections: number;
  distinct: number;
  /** Whether a difference is a finding (the 2026 wire: every request stands alone). */
  finding: boolean;
  said: string;
}

export interface LoadTestResult {
  server: { name: string; version?: string; protocolVersion: string; era: Era; target: string };
  plan: LoadTestPlan;
  summary: LoadSummary;
  budgets: readonly BudgetVerdict[];
  stateless?: StatelessCheck;
}

const figure = (value: number | undefined) => (value === undefined ? '—' : formatMs(value));

function rows(result: LoadTestResult): LoadFigures[] {
  return result.summary.tools.length > 1 ? [...result.summary.tools, result.summary.all] : result.summary.tools;
}

function split(figures: LoadFigures): string {
  return LOAD_OUTCOMES.map((outcome) => `${figures.outcomes[outcome]} ${OUTCOME_WORDS[outcome]}`).join(', ');
}

function planLine({ plan, summary }: LoadTestResult): string {
  const bound = plan.requests !== undefined ? `${plan.requests} calls` : `${(plan.durationMs ?? 0) / 1000} s`;
  return [
    bound,
    `concurrency ${plan.concurrency}`,
    ...(plan.rate ? [`at most ${plan.rate}/s`] : []),
    ...(plan.warmup ? [`${summary.warmup.calls} warm-up calls not counted (${summary.warmup.failed} failed)`] : []),
    `${(summary.elapsedMs / 1000).toFixed(2)} s measured`,
  ].join(' · ');
}

function notes({ summary }: LoadTestResult): string[] {
  return [
    ...(summary.stopped ? [`Stopped before the end: ${summary.cancelled} calls in flight were cancelled and not counted.`] : []),
    ...Object.entries(summary.firstFailure).map(([outcome, message]) => `First ${outcome.replace('-', ' ')}: ${message}`),
  ];
}

function text(result: LoadTestResult): string {
  const header = ['tool', 'calls', 'p50', 'p90', 'p95', 'p99', 'max', 'mean', 'rps'];
  const table = rows(result).map((row) => [
    row.tool,
    String(row.calls),
    ...[row.p50, row.p90, row.p95, row.p99, row.max, row.mean].map(figure),
    String(row.rps),
  ]);
  const widths = header.map((cell, index) => Math.max(cell.length, ...table.map((line) => (line[index] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  ');
  return [
    `${result.server.name} (${result.server.protocolVersion}) — ${planLine(result)}`,
    '',
    line(header),
    ...table.map(line),
    '',
    ...rows(result).map((row) => `${row.tool}: ${split(row)}`),
    ...notes(result),
    ...(result.stateless ? [`Stateless: ${result.stateless.said}`] : []),
    ...result.budgets.map((verdict) => `${verdict.met ? '✓' : '✗'} ${verdict.said}`),
  ].join('\n');
}

function markdown(result: LoadTestResult): string {
  const cells = (values: readonly string[]) => `| ${values.map((value) => value.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [
    `# Load test: ${result.server.name}`,
    '',
    `${result.server.protocolVersion} · ${planLine(result)}`,
    '',
    cells(['Tool', 'Calls', 'p50', 'p90', 'p95', 'p99', 'max', 'mean', 'rps', ...LOAD_OUTCOMES]),
    cells(Array.from({ length: 9 + LOAD_OUTCOMES.length }, () => '---')),
    ...rows(result).map((row) =>
      cells([
        row.tool,
        String(row.calls),
        ...[row.p50, row.p90, row.p95, row.p99, row.max, row.mean].map(figure),
        String(row.rps),
        ...LOAD_OUTCOMES.map((outcome) => String(row.outcomes[outcome])),
      ]),
    ),
    ...(notes(result).length ? ['', ...notes(result).map((note) => `- ${note}`)] : []),
    ...(result.stateless ? ['', `**Stateless:** ${result.stateless.said}`] : []),
    ...(result.budgets.length
      ? ['', '## Budgets', '', ...result.budgets.map((verdict) => `- ${verdict.met ? '✅' : '❌'} ${verdict.said}`)]
      : []),
  ].join('\n');
}

function junit(result: LoadTestResult): string {
  const failures = result.budgets.filter((verdict) => !verdict.met).length;
  const cases = result.budgets.map((verdict) =>
    [
      `    <testcase classname="toolscope.load" name="${xml(verdict.budget.text)}">`,
      ...(verdict.met ? [] : [`      <failure type="budget" message="${xml(verdict.said)}">${xml(planLine(result))}</failure>`]),
      `      <system-out>${xml(verdict.said)}</system-out>`,
      '    </testcase>',
    ].join('\n'),
  );
  const stateless = result.stateless
    ? [
        [
          `    <testcase classname="toolscope.load" name="stateless">`,
          ...(result.stateless.finding ? [`      <failure type="stateless" message="${xml(result.stateless.said)}"/>`] : []),
          '    </testcase>',
        ].join('\n'),
      ]
    : [];
  const tests = cases.length + stateless.length;
  const failed = failures + (result.stateless?.finding ? 1 : 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="toolscope load" tests="${tests}" failures="${failed}">`,
    `  <testsuite name="${xml(result.server.name)}" tests="${tests}" failures="${failed}" time="${(result.summary.elapsedMs / 1000).toFixed(3)}">`,
    ...cases,
    ...stateless,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function json(result: LoadTestResult): string {
  const { plan } = result;
  return `${JSON.stringify(
    {
      server: result.server,
      plan: {
        calls: plan.calls,
        ...(plan.requests !== undefined ? { requests: plan.requests } : { durationMs: plan.durationMs }),
        concurrency: plan.concurrency,
        ...(plan.rate ? { rate: plan.rate } : {}),
        warmup: plan.warmup,
      },
      summary: result.summary,
      budgets: result.budgets.map((verdict) => ({ budget: verdict.budget.text, met: verdict.met, measured: verdict.measured })),
      ...(result.stateless ? { stateless: result.stateless } : {}),
    },
    null,
    2,
  )}\n`;
}

export function formatLoadTest(result: LoadTestResult, format: LoadTestFormat): string {
  switch (format) {
    case 'text':
      return `${text(result)}\n`;
    case 'markdown':
      return `${markdown(result)}\n`;
    case 'junit':
      return junit(result);
    case 'json':
      return json(result);
  }
}
