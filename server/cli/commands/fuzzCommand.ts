// `toolscope fuzz <server>` (issue 84): a server's tools called with inputs made from their schemas
// (fast-check: seeds, shrinking), each answer judged by a cited rule; the findings with their
// smallest arguments, as text, JSON, JUnit or SARIF. `--replay FILE` sends a JSON report's findings
// again, each judged again. The trust gate as everywhere: read-only tools only, unless
// --allow-writes (--allow-destructive for one that may destroy), decided before the first call.
// Exit 0 no finding, 1 findings, 2 could not run.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { errorMessage } from '../../../src/lib/errorMessage.ts';
import { printable } from '../../../src/lib/printable.ts';
import { redactText } from '../../../src/lib/redactUrl.ts';
import type { FuzzFinding } from '../../../src/fuzz/fuzzer.ts';
import { isRecord } from '../../../src/mcp/guards.ts';
import { listAll } from '../../suite/runSuite.ts';
import { FUZZ_FORMATS, formatFuzz, type FuzzFormat } from '../../fuzz/fuzzReport.ts';
import { findingsOf, replayFuzz, runFuzz, type FuzzPlan } from '../../fuzz/runFuzz.ts';
import { needsServer, refuse, reportOptions, serverArgs, type Environ, type ReportOptions, type Target } from '../args.ts';
import { FUZZ_OPTIONS, MODEL_OPTIONS, SERVE_ONLY, UsageError, parsePositive } from '../cliOptions.ts';
import { connectOptions, withServer } from '../reach.ts';
import { onServer, resolveTarget } from '../targets.ts';
import type { Command } from '../cliCommand.ts';
import { CONNECTION_USAGE } from '../usage.ts';

type Fuzz = {
  kind: 'fuzz';
  target: Exclude<Target, { kind: 'demo' }>;
  report: ReportOptions;
  plan: FuzzPlan;
  format: FuzzFormat;
  output?: string;
  replay?: string;
};

/** Report options that mean nothing to a fuzz run. */
const NOT_FUZZ = ['queries', 'profile', 'confirm', 'active', 'fuzz', 'lock', 'lock-fail', 'out', ...MODEL_OPTIONS] as const;
/** Bounds whoever asks: fuzzing finds bugs, it does not flood a server. */
const LIMITS = { runs: 10_000, seconds: 3_600, callSeconds: 600 } as const;
const MAX_REPLAY_BYTES = 16 * 1024 * 1024;

export const fuzz: Command<Fuzz> = {
  name: 'fuzz',
  options: FUZZ_OPTIONS,
  usage: `  toolscope fuzz [--tool NAME]… [--skip NAME]… [--runs N] [--seed S] [--time S] [--call-timeout S] [--invalid]
                 [--allow-writes] [--allow-destructive] [--format text|json|junit|sarif] [--output FILE]
                 <server-url> | -- <command> [args…] | --config FILE --server NAME
                                              calls each tool with inputs made from its schema
                                              (fast-check; --runs per tool, default 100; --time
                                              for all, default 600 s) and shrinks each finding to
                                              its smallest arguments; --invalid also sends inputs
                                              the schema refuses; --seed replays a run;
                                              --replay REPORT.json sends its findings again;
                                              read-only tools only unless allowed
${CONNECTION_USAGE}
Exit status of fuzz: 0 no finding, 1 findings, 2 the run could not start.`,
  parse: (argv, environ: Environ) => {
    const args = serverArgs(argv, FUZZ_OPTIONS);
    if (args.kind === 'help') return args;
    refuse(args.values, SERVE_ONLY, 'fuzz');
    refuse(args.values, NOT_FUZZ, 'fuzz');
    const target = needsServer(args.target, 'fuzz');
    const format = args.values.format ?? 'text';
    if (!(FUZZ_FORMATS as readonly string[]).includes(format))
      throw new UsageError(`--format ${format}: expected ${FUZZ_FORMATS.join(', ')}.`);
    const seedText = args.values.seed;
    const seed = seedText === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(seedText);
    if (!Number.isSafeInteger(seed)) throw new UsageError(`--seed ${seedText ?? ''}: expected a whole number.`);
    return {
      kind: 'fuzz',
      target,
      report: reportOptions(args.values, environ),
      plan: {
        tools: args.values.tool ?? [],
        skip: args.values.skip ?? [],
        runs: Math.round(parsePositive('runs', args.values.runs, 100, LIMITS.runs)),
        seed,
        invalid: args.values.invalid === true,
        timeMs: parsePositive('time', args.values.time, 600, LIMITS.seconds) * 1000,
        callTimeoutMs: parsePositive('call-timeout', args.values['call-timeout'], 10, LIMITS.callSeconds) * 1000,
        permissions: { allowWrites: args.values['allow-writes'] === true, allowDestructive: args.values['allow-destructive'] === true },
      },
      format: format as FuzzFormat,
      ...(args.values.output ? { output: args.values.output } : {}),
      ...(args.values.replay ? { replay: args.values.replay } : {}),
    };
  },
  run: (command) => {
    // A replay's file is read before any server is reached.
    const replayed = command.replay ? readFindings(command.replay) : undefined;
    connectOptions(command.report);
    return onServer(resolveTarget(command.target), (reached) =>
      withServer(reached, command.report, 'fuzz run', async (connection, { failed, secrets, connectAgain }) => {
        const say = (line: string) => console.error(printable(redactText(line, secrets)));
        const listed = await listAll(connection);
        if ('stop' in listed) return failed(`Not run: ${listed.stop}`);
        const server = reached.label ? `-- ${reached.label}` : reached.url;
        if (replayed) {
          const outcome = await replayFuzz(connection, listed.tools, command.plan, replayed, reached.restart);
          if ('refused' in outcome) return failed(`Not run: ${outcome.refused}`);
          for (const line of outcome.lines) console.log(printable(redactText(line, secrets)));
          return outcome.reproduced ? 1 : 0;
        }
        const run = await runFuzz(connection, listed.tools, command.plan, reached.restart, say, connectAgain);
        if ('refused' in run) return failed(`Not run: ${run.refused}`);
        // Server text (its errors, its answers) reaches a terminal or a CI log: no control character passes.
        const written = printable(redactText(formatFuzz(run, command.format, server), secrets));
        if (command.output) {
          writeFileSync(command.output, `${written}\n`);
          say(`Fuzz report written to ${command.output}: ${findingsOf(run).length} findings.`);
        } else console.log(written);
        return findingsOf(run).length ? 1 : 0;
      }),
    );
  },
};

/** The findings of a JSON report (or one finding), checked for shape: nothing in the file is trusted further. */
function readFindings(file: string): FuzzFinding[] {
  let value: unknown;
  try {
    if (statSync(file).size > MAX_REPLAY_BYTES) throw new UsageError(`--replay ${file}: larger than 16 MB.`);
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--replay ${file}: ${errorMessage(error)}`);
  }
  const list = isRecord(value) && Array.isArray(value.findings) ? (value.findings as unknown[]) : [value];
  const findings = list.filter(
    (item): item is FuzzFinding =>
      isRecord(item) &&
      typeof item.tool === 'string' &&
      typeof item.rule === 'string' &&
      isRecord(item.args) &&
      typeof item.valid === 'boolean',
  );
  if (!findings.length || findings.length !== list.length)
    throw new UsageError(`--replay ${file}: not a fuzz report (toolscope fuzz --format json) or one of its findings.`);
  return findings;
}
