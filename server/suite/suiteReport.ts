// A suite's results, written (issue 83): text for a person (one line per test, each failure's path
// with expected and actual), JSON, JUnit XML (the schema CI systems read: testsuite, testcase,
// failure) and TAP version 14; on GitHub Actions also an `::error` annotation per failure (GitHub's
// workflow commands, their escaping) and a Markdown summary for $GITHUB_STEP_SUMMARY.
import type { SuiteRun, TestResult } from './runSuite.ts';

export const FORMATS = ['text', 'json', 'junit', 'tap'] as const;
export type Format = (typeof FORMATS)[number];

const failureLines = (result: TestResult) =>
  result.failures.map((failure) => `${failure.path}: expected ${failure.expected}, got ${failure.actual}`);
const counts = (run: SuiteRun) => {
  const failed = run.results.filter((result) => result.status === 'failed').length;
  return { passed: run.results.length - failed, failed };
};
const serverLine = (run: SuiteRun) =>
  `${run.server.name}${run.server.version ? ` ${run.server.version}` : ''} (${run.server.protocolVersion})`;

function text(run: SuiteRun): string {
  const lines = run.results.flatMap((result) => [
    `${result.status === 'passed' ? '✓' : '✗'} ${result.name} (${result.tool}${result.ms === undefined ? '' : `, ${Math.round(result.ms)} ms`})${result.snapshot === 'written' || result.snapshot === 'updated' ? ` — snapshot ${result.snapshot}` : ''}`,
    ...failureLines(result).map((line) => `    ${line}`),
  ]);
  const { passed, failed } = counts(run);
  return [`Testing ${serverLine(run)}`, ...lines, `${passed} passed, ${failed} failed`].join('\n');
}

const xml = (value: string) =>
  value
    // XML 1.0 has no place for most control characters, whatever the server sent.
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

function junit(run: SuiteRun): string {
  const { failed } = counts(run);
  const seconds = (ms = 0) => (ms / 1000).toFixed(3);
  const total = run.results.reduce((sum, result) => sum + (result.ms ?? 0), 0);
  const cases = run.results.map((result) => {
    const open = `  <testcase classname="${xml(run.server.name)}" name="${xml(result.name)}" time="${seconds(result.ms)}"`;
    if (result.status === 'passed') return `${open}/>`;
    const lines = failureLines(result);
    return `${open}>\n    <failure message="${xml(lines[0] ?? 'failed')}" type="expectation">${xml(lines.join('\n'))}</failure>\n  </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuite name="toolscope test: ${xml(serverLine(run))}" tests="${run.results.length}" failures="${failed}" errors="0" time="${seconds(total)}">`,
    ...cases,
    '</testsuite>',
  ].join('\n');
}

/** TAP 14: a YAML block under a failure, each value a JSON string (valid YAML flow scalars). */
function tap(run: SuiteRun): string {
  const lines = ['TAP version 14', `1..${run.results.length}`];
  for (const [index, result] of run.results.entries()) {
    const title = result.name.replace(/[\r\n]+/g, ' ').replace(/#/g, '\\#');
    lines.push(`${result.status === 'passed' ? 'ok' : 'not ok'} ${index + 1} - ${title}`);
    if (result.status === 'failed') {
      lines.push('  ---', `  message: ${JSON.stringify(failureLines(result)[0] ?? 'failed')}`, '  failures:');
      for (const failure of result.failures)
        lines.push(
          `    - path: ${JSON.stringify(failure.path)}`,
          `      expected: ${JSON.stringify(failure.expected)}`,
          `      actual: ${JSON.stringify(failure.actual)}`,
        );
      lines.push('  ...');
    }
  }
  return lines.join('\n');
}

/** Several runs of one suite (`--era both`), each reported with its protocol version. */
export function formatRuns(runs: readonly SuiteRun[], format: Format): string {
  const [only] = runs;
  if (runs.length === 1 && only) return formatRun(only, format);
  if (format === 'json')
    return JSON.stringify({ runs: runs.map((run) => ({ server: run.server, ...counts(run), tests: run.results })) }, null, 2);
  if (format === 'junit')
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<testsuites>',
      ...runs.map((run) => junit(run).split('\n').slice(1).join('\n')),
      '</testsuites>',
    ].join('\n');
  if (format === 'tap') {
    // One plan for all: each test named with its era's protocol version.
    const results = runs.flatMap((run) =>
      run.results.map((result) => ({ ...result, name: `[${run.server.protocolVersion}] ${result.name}` })),
    );
    return tap({ ...(only as SuiteRun), results });
  }
  return runs.map(text).join('\n\n');
}

export function formatRun(run: SuiteRun, format: Format): string {
  if (format === 'json') return JSON.stringify({ server: run.server, ...counts(run), tests: run.results }, null, 2);
  if (format === 'junit') return junit(run);
  if (format === 'tap') return tap(run);
  return text(run);
}

/** GitHub's workflow-command escaping: data (%, CR, LF), and a property's value also `:` and `,`. */
const ghData = (value: string) => value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const ghProperty = (value: string) => ghData(value).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** One `::error` line per failed test (https://docs.github.com/actions/reference/workflow-commands-for-github-actions); `perEra`: the title names the protocol version. */
export function githubAnnotations(run: SuiteRun, perEra = false): string[] {
  const era = perEra ? ` (${run.server.protocolVersion})` : '';
  return run.results
    .filter((result) => result.status === 'failed')
    .map((result) => `::error title=${ghProperty(`toolscope test${era}: ${result.name}`)}::${ghData(failureLines(result).join('\n'))}`);
}

const cell = (value: string) => value.replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');

/** The job summary: a table of the tests, the failures' lines under it. */
export function githubSummary(run: SuiteRun): string {
  const { passed, failed } = counts(run);
  return [
    `## toolscope test: ${cell(serverLine(run))}`,
    '',
    `${failed ? '❌' : '✅'} ${passed} passed, ${failed} failed`,
    '',
    '| test | tool | result | ms |',
    '| --- | --- | --- | --- |',
    ...run.results.map(
      (result) =>
        `| ${cell(result.name)} | ${cell(result.tool)} | ${result.status === 'passed' ? 'passed' : `failed: ${cell(failureLines(result).join('; '))}`} | ${result.ms === undefined ? '' : Math.round(result.ms)} |`,
    ),
    '',
  ].join('\n');
}
