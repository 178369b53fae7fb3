// `toolscope report …` — the server report for a server's CI: the same src/mcp connection and
// src/report rules as the app, in Node, no browser. A stdio server is reached through the same bridge
// the page uses, in process (no port is opened). Exit 0 without error findings, 1 with any, 2 when
// the report could not be made; with --profile, the verdict decides: 0 ready, 1 not ready, 3 needs
// a person.
import { fuzzFindings } from '../../fuzz/runFuzz.ts';
import { writeFile } from 'node:fs/promises';
import { printable } from '../../../src/lib/printable.ts';
import { redactValues } from '../../../src/lib/redactUrl.ts';
import { errorMessage } from '../../../src/lib/errorMessage.ts';
import { walkPages } from '../../../src/mcp/pagination.ts';
import { mergePages } from '../../../src/mcp/pageMerge.ts';
import { collectReport } from '../../../src/report/collect.ts';
import { LOCK_FAIL, type LockFail } from '../../../src/report/lockfile.ts';
import { reportDeps } from '../../../src/report/deps.ts';
import { REPORT_FORMATS, formatReport } from '../../../src/report/formats.ts';
import { PROFILE_IDS, VERDICT_EXIT, VERDICT_TEXT, profileItemIds, type ProfileId } from '../../../src/report/profiles.ts';
import { readinessOf } from '../../../src/report/report.ts';
import { answerModelQueries, checkModelOptions } from '../modelQueries.ts';
import { needsServer, refuse, reportOptions, serverArgs, type ReportOptions, type Target } from '../args.ts';
import { REPORT_OPTIONS, SERVE_ONLY, UsageError } from '../cliOptions.ts';
import { readLock, readQueries } from '../files.ts';
import { connectOptions, withServer, type ServerTarget } from '../reach.ts';
import { onServer, resolveTarget } from '../targets.ts';
import type { Command } from '../cliCommand.ts';
import { CONNECTION_USAGE } from '../usage.ts';

type Report = { kind: 'report'; target: Exclude<Target, { kind: 'demo' }>; report: ReportOptions };

export const report: Command<Report> = {
  name: 'report',
  options: REPORT_OPTIONS,
  usage: `  toolscope report [report options] <server-url> | -- <command> [args…] | --config FILE --server NAME
                                              the server report, for CI (no browser)
Report options:
  --format json|markdown|junit|sarif   (default json)     --output FILE   write to FILE
  --active          also call the server to check its error channel
  --fuzz N          also fuzz each read-only tool with N inputs (info findings; docs/fuzz.md)
  --queries FILE    findability: [{ "query": "read a file", "expect": "read_text_file", "top": 3,
                    "mode": "bm25"|"regex"|"model" }] — each expected tool not in its top N is an error
  --model-url URL --model-name NAME [--model-provider openai|anthropic]
                    "mode": "model" queries ask this model (OpenAI-compatible chat completions, or
                    Anthropic Messages) with the server's tools; the key from $TOOLSCOPE_MODEL_KEY only
  --record-model FILE   keep each question and answer;  --replay-model FILE  answer from it, offline
  --profile claude-directory|openai-apps   readiness for a directory: ready, not ready, or
                    needs a person (what no program can judge; each rule cites its source)
  --confirm ID[,ID]  items of the profile a person has checked (e.g. claude-listing)
  --lock FILE       compare the tools with a lockfile: each tool added, removed or changed is
                    named (a change by its JSON path, and whether it can break a caller)
  --lock-fail breaking|any|none   which drift is an error (default breaking: a removed tool, a
                    new required argument, a narrower type or bound, a dropped enum value)
${CONNECTION_USAGE}
Exit status of report: 0 no error findings, 1 error findings, 2 the report could not be made.
With --profile: 0 ready, 1 not ready, 2 could not run, 3 needs a person.`,
  parse: (argv, environ) => {
    const args = serverArgs(argv, REPORT_OPTIONS);
    if (args.kind === 'help') return args;
    refuse(args.values, SERVE_ONLY, 'report');
    const target = needsServer(args.target, 'report');
    if (args.values.out !== undefined) throw new UsageError('--out is a lock option; the report writes to --output FILE.');
    return { kind: 'report', target, report: reportOptions(args.values, environ) };
  },
  run: ({ target, report: options }) => {
    checkReportOptions(options);
    return onServer(resolveTarget(target), (reached) => runReport(reached, options));
  },
};

/** Checks the report's options before anything starts (a usage error exits 2 without running a server). */
export function checkReportOptions(options: ReportOptions) {
  const format = REPORT_FORMATS.find((candidate) => candidate === options.format);
  if (!format) throw new UsageError(`--format ${options.format}: use one of ${REPORT_FORMATS.join(', ')}.`);
  checkLockFail(options.lockFail);
  const queries = readQueries(options.queries);
  // Model-mode queries need a model or a recording (and a recording is read here, once it is named).
  const model = checkModelOptions(options.model, queries);
  return { format, ...connectOptions(options), queries, model, ...checkProfile(options) };
}

function checkProfile(options: ReportOptions): { profile?: ProfileId; confirmed: Set<string> } {
  if (options.profile === undefined) {
    if (options.confirm.length) throw new UsageError('--confirm names items of a profile: add --profile.');
    return { confirmed: new Set() };
  }
  const profile = PROFILE_IDS.find((id) => id === options.profile);
  if (!profile) throw new UsageError(`--profile ${options.profile}: use one of ${PROFILE_IDS.join(', ')}.`);
  const known = profileItemIds(profile);
  const unknown = options.confirm.filter((id) => !known.includes(id));
  if (unknown.length) throw new UsageError(`--confirm ${unknown.join(', ')}: not an item of ${profile} (${known.join(', ')}).`);
  return { profile, confirmed: new Set(options.confirm) };
}

export async function runReport(target: ServerTarget, options: ReportOptions): Promise<number> {
  const { format, queries, model, profile, confirmed } = checkReportOptions(options);
  const lock = options.lock === undefined ? undefined : await readLock(options.lock);
  const lockFail = checkLockFail(options.lockFail);
  const { headers } = connectOptions(options);
  return withServer(target, options, 'report', async (connection, { secrets, failed }) => {
    let asked = queries;
    if (model && queries) {
      // Model-mode queries are asked (or replayed) first, with the tools as listed now.
      const walk = await walkPages((cursor) => connection.listToolsPage(cursor));
      try {
        asked = await answerModelQueries(queries, mergePages(walk.pages).tools, model, process.env);
      } catch (error) {
        return failed(`The model could not be asked: ${errorMessage(error)}`);
      }
    }
    const report = await collectReport(connection, reportDeps, {
      active: options.active,
      ...(asked ? { queries: asked } : {}),
      ...(lock ? { lock: { file: lock, fail: lockFail } } : {}),
      reach: {
        transport: target.fetch ? 'stdio' : 'http',
        auth: options.machine
          ? 'oauth'
          : options.bearer || Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')
            ? 'bearer'
            : 'none',
      },
    });
    // A short fuzz pass only when asked: info findings of their own rule (docs/fuzz.md), after the score.
    if (options.fuzz) report.findings.push(...(await fuzzFindings(connection, options.fuzz, target.restart)));
    const readiness = profile ? readinessOf(report, profile, confirmed) : undefined;
    // Server text fills the report (descriptions, errors of the active checks): the one redaction
    // rule runs over it too, the issued token included.
    const text = printable(formatReport(redactValues(report, secrets), format, target.label ? undefined : target.url, readiness));
    if (options.output) {
      await writeFile(options.output, text);
      console.error(printable(`Report written to ${options.output}: score ${report.score}/100, ${report.findings.length} findings.`));
    } else process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    if (readiness) {
      console.error(`${readiness.profile}: ${VERDICT_TEXT[readiness.verdict]}.`);
      return VERDICT_EXIT[readiness.verdict];
    }
    return report.findings.some((finding) => finding.severity === 'error') ? 1 : 0;
  });
}

function checkLockFail(value: string): LockFail {
  const fail = LOCK_FAIL.find((candidate) => candidate === value);
  if (!fail) throw new UsageError(`--lock-fail ${value}: use one of ${LOCK_FAIL.join(', ')}.`);
  return fail;
}
