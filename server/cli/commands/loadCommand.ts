// `toolscope load`: a tool (or a weighted mix) under load, for a server's CI. The server is reached
// as the report reaches it (./reportCommand.ts; no budget over all answers — each keeps its cap),
// its tools listed (all pages), and the mix goes through the one call session's gate
// (CallSession.gateLoad): the arguments checked against each tool's schema, and a tool not trusted
// as read-only refused unless --allow-destructive — before any call. Then src/session/loadTest.ts
// runs it, with progress on stderr each second. Exit 0 every budget met, 1 a budget breached (or
// a 2026 server answering differently per connection, with --stateless), 2 the run could not start.
import type { TraceContext } from '../../../src/mcp/connectOptions.ts';
import type { OtlpTarget } from '../../telemetry/otlpPush.ts';
import { runTelemetry } from '../../telemetry/runTelemetry.ts';
import { telemetryPlan, TELEMETRY_USAGE, tracedSafety } from '../telemetryArgs.ts';
import { writeFile } from 'node:fs/promises';
import canonicalize from 'canonicalize';
import { printable } from '../../../src/lib/printable.ts';
import { redactText, redactValues } from '../../../src/lib/redactUrl.ts';
import type { McpConnection } from '../../../src/mcp/connection.ts';
import { mergePages } from '../../../src/mcp/pageMerge.ts';
import { describeStop, walkPages } from '../../../src/mcp/pagination.ts';
import { withoutSecrets } from '../../../src/mcp/secrets.ts';
import { checkBudget, formatMs } from '../../../src/session/loadBudget.ts';
import { LoadRun, type LoadCall } from '../../../src/session/loadTest.ts';
import { DEFAULT_SAFETY } from '../../../src/session/safety.ts';
import { unattendedSession } from '../../../src/workspace/unattended.ts';
import type { ReportOptions } from '../args.ts';
import { artilleryPlan } from '../artilleryPlan.ts';
import type { LoadTestPlan } from '../loadArgs.ts';
import { formatLoadTest, type LoadTestResult, type StatelessCheck } from '../loadFormats.ts';
import { withServer, type ServerTarget } from '../reach.ts';
import { needsServer, refuse, reportOptions, serverArgs, type Target } from '../args.ts';
import { LOAD_OPTIONS, NOT_LOAD, SERVE_ONLY } from '../cliOptions.ts';
import { loadTestPlan } from '../loadArgs.ts';
import { onServer, resolveTarget } from '../targets.ts';
import type { Command } from '../cliCommand.ts';
import { CONNECTION_USAGE } from '../usage.ts';

type LoadTest = {
  kind: 'load';
  target: Exclude<Target, { kind: 'demo' }>;
  report: ReportOptions;
  load: LoadTestPlan;
  telemetry: RunTelemetryPlan;
};

/** A run's trace context and where its telemetry goes (kept out of the plan the result prints). */
export interface RunTelemetryPlan {
  trace?: TraceContext;
  push?: OtlpTarget;
}

export const load: Command<LoadTest> = {
  name: 'load',
  options: LOAD_OPTIONS,
  usage: `  toolscope load --tool NAME [--args JSON] [--weight N] [--tool …]… [load options] <server> | -- …
                                              the tool (or a weighted mix) under load: percentiles
                                              (HDR histogram), each outcome apart, budgets for CI
Load options:
  --requests N | --duration S   counted calls (default 100, at most 100000) or seconds (≤ 600)
  --concurrency N   calls in flight at once (default 1, ≤ 256);  --rate R  at most R starts a second
  --warmup N        calls made first and not counted
  --budget EXPR     p95<300ms, p99<1s, mean<50ms, errors<1%, tool-errors<5%, timeouts<1, rps>50;
                    TOOL:EXPR for one tool of a mix (repeatable); errors = protocol + transport +
                    timeouts, tool-errors = isError results
  --format text|json|junit|markdown   (default text)     --output FILE   write to FILE
  --allow-destructive   a tool not marked read-only is refused (before any call) without it
  --stateless N     N fresh connections each make the first call once; different answers from a
                    2026-07-28 server fail the run
  --export artillery --output plan.yml   write the plan for Artillery instead of running it
  --timeout S       each call's limit (a call over it counts as a timeout)
${TELEMETRY_USAGE}
${CONNECTION_USAGE}
Exit status of load: 0 every budget met, 1 a budget breached (or --stateless differed on 2026),
2 the run could not start (a refused tool, arguments its schema refuses, no connection).`,
  parse: (argv, environ) => {
    const args = serverArgs(argv, LOAD_OPTIONS);
    if (args.kind === 'help') return args;
    refuse(args.values, SERVE_ONLY, 'load');
    const target = needsServer(args.target, 'load');
    refuse(args.values, NOT_LOAD, 'load');
    return {
      kind: 'load',
      target,
      report: reportOptions(args.values, environ),
      load: loadTestPlan(args.values, args.tokens),
      telemetry: telemetryPlan(args.values, environ),
    };
  },
  run: ({ target, report: options, load: plan, telemetry }) =>
    onServer(resolveTarget(target), (reached) => runLoadTest(reached, options, plan, telemetry)),
};

const REFUSED =
  'Not run: a tool of the mix may change or destroy data (or its hints are missing or contradictory); load calls it only with --allow-destructive.';

/** The session's gate over the mix, on a connection; the person's --timeout is each call's limit. */
async function gate(connection: McpConnection, plan: LoadTestPlan, timeoutMs: number, trace?: TraceContext) {
  const walk = await walkPages((cursor) => connection.listToolsPage(cursor));
  const stop = describeStop(walk.stop);
  if (stop) return { refused: `Not run: ${stop}` };
  const session = unattendedSession(
    connection,
    plan.allowDestructive,
    tracedSafety(trace, { ...DEFAULT_SAFETY, timeoutSeconds: timeoutMs / 1000 }),
  );
  const { tools } = mergePages(walk.pages);
  session.setTools(tools, false);
  const gated = await session.gateLoad(plan.calls, `Confirm load test: ${plan.calls.map((call) => call.tool).join(', ')}`, REFUSED);
  return 'refused' in gated ? gated : { ...gated, tools };
}

/** What a tool answered, without what may differ by design (`_meta`): the text compared across connections. */
function answerText(raw: unknown): string {
  const { _meta: _ignored, ...rest } = (typeof raw === 'object' && raw !== null ? raw : { raw }) as Record<string, unknown>;
  return canonicalize(rest) ?? '';
}

/**
 * --stateless N: N fresh connections each make the mix's first call once, through their own
 * session's gate. On the 2026 wire every request stands alone, so answers that differ by
 * connection are a finding; on the 2025 wire a session may carry state, so they are only said.
 */
async function statelessCheck(first: McpConnection, again: () => Promise<McpConnection>, plan: LoadTestPlan, timeoutMs: number) {
  const call = plan.calls[0] as LoadCall;
  const answers = new Map<string, number>();
  for (let index = 0; index < (plan.stateless ?? 0); index++) {
    const connection = await again();
    try {
      const gated = await gate(connection, { ...plan, calls: [call] }, timeoutMs);
      if ('refused' in gated) return { refused: gated.refused };
      const [checked] = gated.calls;
      if (!checked) return { refused: 'Not run: nothing to call.' };
      const text = answerText((await gated.send(checked, new AbortController().signal)).raw);
      answers.set(text, (answers.get(text) ?? 0) + 1);
    } finally {
      await connection.close().catch(() => undefined);
    }
  }
  const connections = plan.stateless ?? 0;
  const distinct = answers.size;
  const finding = distinct > 1 && first.era === 'modern';
  const said =
    distinct === 1
      ? `${connections} fresh connections, one answer from ${call.tool}.`
      : `${connections} fresh connections, ${distinct} different answers from ${call.tool}${first.era === 'modern' ? ' — on the 2026 wire every request stands alone, so the same call should answer the same whatever the connection' : ' (2025 wire: a session may carry state, so this is said, not failed)'}.`;
  return { check: { connections, distinct, finding, said } satisfies StatelessCheck };
}

export async function runLoadTest(
  target: ServerTarget,
  options: ReportOptions,
  plan: LoadTestPlan,
  traced: RunTelemetryPlan = {},
): Promise<number> {
  const telemetry = runTelemetry(target, traced.push);
  return withServer(
    telemetry.target,
    options,
    'load test',
    async (connection, { secrets, failed, connectAgain }) => {
      const say = (line: string) => console.error(printable(redactText(line, secrets)));
      const gated = await gate(connection, plan, options.timeoutMs, traced.trace);
      if ('refused' in gated) return failed(gated.refused);
      if (plan.export === 'artillery') {
        const written = artilleryPlan(connection, target.url, plan, gated.calls, gated.tools, {
          bearer: Boolean(options.bearer),
          headers: options.headers,
        });
        if ('refused' in written) return failed(written.refused);
        if (secrets.some((secret) => secret && written.text.includes(secret)))
          return failed('Not written: the plan would hold a credential this connection sends.');
        await writeFile(plan.output ?? 'plan.yml', written.text);
        say(`Artillery plan written to ${plan.output ?? ''}: ${written.summary}`);
        return 0;
      }
      let stateless: StatelessCheck | undefined;
      if (plan.stateless) {
        const checked = await statelessCheck(connection, connectAgain, plan, options.timeoutMs);
        if ('refused' in checked) return failed(checked.refused ?? '');
        stateless = checked.check;
        say(`Stateless: ${stateless.said}`);
      }
      const run = new LoadRun({ ...plan, calls: gated.calls }, gated.send);
      const ticker = setInterval(() => {
        const now = run.progress();
        const last = now.slices.at(-1);
        const of = now.target.requests !== undefined ? `/${now.target.requests}` : '';
        const bad = now.done - now.outcomes.ok;
        say(
          now.phase === 'warmup'
            ? 'load: warming up…'
            : `load: ${now.done}${of} calls, ${bad} not ok${last?.p50 !== undefined ? `, p50 ${formatMs(last.p50)} in the last second` : ''}`,
        );
      }, 1000);
      const stop = () => run.stop();
      process.once('SIGINT', stop);
      let summary;
      try {
        summary = await run.run();
      } finally {
        clearInterval(ticker);
        process.off('SIGINT', stop);
      }
      const budgets = plan.budgets.map((budget) => checkBudget(budget, summary));
      const result: LoadTestResult = {
        server: {
          name: connection.server.name,
          ...(connection.server.version ? { version: connection.server.version } : {}),
          protocolVersion: connection.protocolVersion,
          era: connection.era,
          target: target.label ?? target.url,
        },
        // Arguments as History keeps them: a secret-named one is never printed.
        plan: { ...plan, calls: plan.calls.map((call) => ({ ...call, args: withoutSecrets(call.args).value as Record<string, unknown> })) },
        summary,
        budgets,
        ...(stateless ? { stateless } : {}),
      };
      const text = printable(formatLoadTest(redactValues(result, secrets), plan.format));
      if (plan.output) {
        await writeFile(plan.output, text);
        say(
          `Load test written to ${plan.output}: ${summary.all.calls} calls, p95 ${summary.all.p95 === undefined ? '—' : formatMs(summary.all.p95)}.`,
        );
      } else process.stdout.write(text);
      await telemetry.send(connection, secrets);
      const breached = budgets.filter((verdict) => !verdict.met);
      // On stdout the result already says each breach; written to a file, the terminal still hears it.
      if (plan.output) for (const verdict of breached) say(`Budget breached: ${verdict.said}`);
      return breached.length || stateless?.finding ? 1 : 0;
    },
    'load',
  );
}
