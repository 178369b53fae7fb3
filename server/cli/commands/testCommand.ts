// `toolscope test SUITE <server>` (issue 83): a suite of chained calls with expectations, run on a
// server as every command reaches it (../reach.ts) — the suite read and checked first (a usage
// error names its place, exit 2), the trust gate decided for every tool it names before the first
// call (../../suite/runSuite.ts), then each test in order; the results as text, JSON, JUnit or TAP;
// on GitHub Actions each failure is also an `::error` annotation and a summary goes to
// $GITHUB_STEP_SUMMARY. `--era both` runs the suite once per era (a fresh connection, and a fresh
// stdio server, for each), reported per era. Exit 0 all passed, 1 a test failed, 2 the suite could not run.
import type { TraceContext } from '../../../src/mcp/connectOptions.ts';
import type { OtlpTarget } from '../../telemetry/otlpPush.ts';
import { runTelemetry } from '../../telemetry/runTelemetry.ts';
import { telemetryPlan, TELEMETRY_USAGE, tracedSafety } from '../telemetryArgs.ts';
import { appendFileSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { errorMessage } from '../../../src/lib/errorMessage.ts';
import { printable } from '../../../src/lib/printable.ts';
import { parseSuite, MAX_SUITE_BYTES, type Suite } from '../../suite/suiteFile.ts';
import { listAll, refusedTools, runTests, type Permissions, type SuiteRun } from '../../suite/runSuite.ts';
import { FORMATS, formatRuns, githubAnnotations, githubSummary, type Format } from '../../suite/suiteReport.ts';
import { SnapshotFile } from '../../suite/snapshots.ts';
import { needsServer, refuse, reportOptions, serverArgs, type Environ, type ReportOptions, type Target } from '../args.ts';
import { MODEL_OPTIONS, SERVE_ONLY, TEST_OPTIONS, UsageError } from '../cliOptions.ts';
import { connectOptions, withServer } from '../reach.ts';
import { onServer, resolveTarget } from '../targets.ts';
import type { Command } from '../cliCommand.ts';
import { CONNECTION_USAGE } from '../usage.ts';

type Test = {
  kind: 'test';
  file: string;
  target: Exclude<Target, { kind: 'demo' }>;
  report: ReportOptions;
  format: Format;
  output?: string;
  permissions: Permissions;
  /** --update: rewrite the snapshots instead of comparing them. */
  update: boolean;
  github?: { summary?: string };
  /** Trace context on each call; where the run's telemetry goes. */
  trace?: TraceContext;
  push?: OtlpTarget;
  /** --era both: the eras, in order (2025 first); otherwise the one --era asks for (or none: as the server offers). */
  eras: (string | undefined)[];
};

/** `--era both`: the 2025 revision's initialize, then the 2026-07-28 revision's. */
const BOTH_ERAS = ['legacy', '2026-07-28'];

/** Report options that mean nothing to a test run. */
const NOT_TEST = ['queries', 'profile', 'confirm', 'active', 'fuzz', 'lock', 'lock-fail', 'out', ...MODEL_OPTIONS] as const;

export const test: Command<Test> = {
  name: 'test',
  options: TEST_OPTIONS,
  usage: `  toolscope test SUITE [--allow-writes] [--allow-destructive] [--update] [--era both] [--format text|json|junit|tap] [--output FILE]
                 <server-url> | -- <command> [args…] | --config FILE --server NAME
                                              runs a suite of chained calls with expectations
                                              (JSON or YAML, schemas/toolscope-suite.schema.json): a tool
                                              not read-only runs only with --allow-writes, one that
                                              may destroy only with --allow-destructive, decided
                                              before the first call; snapshots in __snapshots__/
                                              beside it (--update rewrites them); --era both
                                              runs it once per era; on GitHub Actions, annotations
${TELEMETRY_USAGE}
${CONNECTION_USAGE}
Exit status of test: 0 all passed, 1 a test failed, 2 the suite could not run.`,
  parse: (argv, environ: Environ) => {
    const [file, ...rest] = argv;
    if (file === '--help' || file === '-h') return { kind: 'help' };
    if (file === undefined || file.startsWith('-'))
      throw new UsageError('test needs the suite first: toolscope test SUITE <server-url> (or -- <command>).');
    const args = serverArgs(rest, TEST_OPTIONS);
    if (args.kind === 'help') return args;
    refuse(args.values, SERVE_ONLY, 'test');
    refuse(args.values, NOT_TEST, 'test');
    const target = needsServer(args.target, 'test');
    const both = args.values.era === 'both';
    const format = args.values.format ?? 'text';
    if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format ${format}: expected ${FORMATS.join(', ')}.`);
    return {
      kind: 'test',
      file,
      target,
      report: reportOptions({ ...args.values, era: both ? undefined : args.values.era }, environ),
      eras: both ? BOTH_ERAS : [args.values.era],
      format: format as Format,
      ...(args.values.output ? { output: args.values.output } : {}),
      permissions: { allowWrites: args.values['allow-writes'] === true, allowDestructive: args.values['allow-destructive'] === true },
      update: args.values.update === true,
      ...telemetryPlan(args.values, environ),
      ...(environ.GITHUB_ACTIONS === 'true'
        ? { github: { ...(environ.GITHUB_STEP_SUMMARY ? { summary: environ.GITHUB_STEP_SUMMARY } : {}) } }
        : {}),
    };
  },
  run: async (command) => {
    // The suite is read and checked before any server is reached.
    const suite = readSuite(command.file);
    const reports = command.eras.map((era) => ({ ...command.report, era }));
    for (const report of reports) connectOptions(report);
    // Snapshots live beside the suite, named after its file (never after anything inside it); both eras compare with them.
    const snapshots = suite.tests.some((one) => one.expect?.snapshot)
      ? { file: new SnapshotFile(command.file), update: command.update }
      : undefined;
    const runs: SuiteRun[] = [];
    let status = 0;
    for (const report of reports) {
      if (reports.length > 1)
        console.error(`toolscope test, ${report.era === 'legacy' ? 'the 2025 era (initialize)' : `the ${report.era} era`}:`);
      const code = await onServer(resolveTarget(command.target), (reached) => {
        const telemetry = runTelemetry(reached, command.push);
        return withServer(telemetry.target, report, 'test run', async (connection, { failed, secrets }) => {
          const listed = await listAll(connection);
          if ('stop' in listed) return failed(`Not run: ${listed.stop}`);
          const refused = refusedTools(suite, listed.tools, command.permissions);
          if (refused.length) {
            for (const line of refused) console.error(printable(`Not run: ${line}`));
            return failed(`Not run: ${refused.length} of the suite's tools need a flag it was not given; no call was made.`);
          }
          runs.push(await runTests(connection, suite, listed.tools, command.permissions, snapshots, tracedSafety(command.trace)));
          await telemetry.send(connection, secrets);
          return 0;
        });
      });
      status = Math.max(status, code);
    }
    if (runs.length) {
      // Server text (an error's message, a value) reaches a terminal or a CI log: no control character passes.
      const written = printable(formatRuns(runs, command.format));
      if (command.output) writeFileSync(command.output, `${written}\n`);
      else console.log(written);
      if (command.github) {
        for (const run of runs) for (const line of githubAnnotations(run, runs.length > 1)) console.error(line);
        if (command.github.summary) appendFileSync(command.github.summary, runs.map((run) => githubSummary(run)).join('\n'));
      }
    }
    if (status) return status;
    return runs.some((run) => run.results.some((result) => result.status === 'failed')) ? 1 : 0;
  },
};

function readSuite(file: string): Suite {
  let text: string;
  try {
    if (statSync(file).size > MAX_SUITE_BYTES)
      throw new UsageError(`${file}: larger than ${MAX_SUITE_BYTES / 1024 / 1024} MB; a suite is a list of calls.`);
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${file}: ${errorMessage(error)}`);
  }
  return parseSuite(text, file);
}
