// `toolscope record`: a session with a server written as a cassette (src/mcp/recording/cassette.ts). The
// server is reached as every command reaches it (../reach.ts); every request goes through
// Traffic's recorder, as in the page; every tool is listed (all pages), then each --call is made
// through the one call session (src/workspace/unattended.ts: the page's checks and gate — a tool that
// may change or destroy data is refused unless --allow-destructive, and never sent); with --listen,
// then what another client sends through the recording proxy (../mock/recordProxy.ts) until it is
// stopped. A cassette that would hold a secret of the connection (or of the proxied client) is not
// written. Exit 0 written, 1 a call was refused or
// failed (the cassette is still written), 2 nothing written.
import { writeFile } from 'node:fs/promises';
import { printable } from '../../../src/lib/printable.ts';
import { redactText } from '../../../src/lib/redactUrl.ts';
import { parseCassette, recordCassette } from '../../../src/mcp/recording/cassette.ts';
import { otlpJson } from '../../../src/mcp/recording/otlpExport.ts';
import { CLIENT_INFO } from '../../../src/mcp/clientIdentity.ts';
import { mergePages } from '../../../src/mcp/pageMerge.ts';
import { describeStop, walkPages } from '../../../src/mcp/pagination.ts';
import { TrafficRecorder, type TrafficEntry } from '../../../src/mcp/recording/traffic.ts';
import { unattendedSession } from '../../../src/workspace/unattended.ts';
import type { ReportOptions } from '../args.ts';
import { connectOptions, withServer, type ServerTarget } from '../reach.ts';
import { needsServer, refuse, reportOptions, serverArgs, type Target } from '../args.ts';
import { RECORD_OPTIONS, REPORT_ONLY, SERVE_ONLY, UsageError } from '../cliOptions.ts';
import { recordCalls } from '../recordingArgs.ts';
import { onServer, resolveTarget } from '../targets.ts';
import type { Command } from '../cliCommand.ts';
import { CONNECTION_USAGE } from '../usage.ts';
import { proxyUntilStopped } from '../../mock/recordProxy.ts';
import { readServerCard } from '../../../src/registry/serverCard.ts';
import type { TraceContext } from '../../../src/mcp/connectOptions.ts';
import type { OtlpTarget } from '../../telemetry/otlpPush.ts';
import { sendCassette } from '../../telemetry/runTelemetry.ts';
import { connectionReach } from '../../../src/mcp/recording/sessionReach.ts';
import { otlpArgs, TELEMETRY_USAGE, tracedSafety } from '../telemetryArgs.ts';

export interface RecordPlan {
  out: string;
  calls: readonly { tool: string; args: Record<string, unknown> }[];
  allowDestructive: boolean;
  otlp?: string;
  /** Each call carries W3C trace context in `params._meta` (traceparent; tracestate, baggage; asks for the server's spans). */
  trace?: TraceContext;
  /** Where the session's spans and histograms are pushed (`--otlp-endpoint`, OTEL_EXPORTER_OTLP_*). */
  push?: OtlpTarget;
  /** Then record what another client sends through a proxy on 127.0.0.1 (server/mock/recordProxy.ts). */
  listen?: { port: number; stopAfterMs?: number };
}

type Record_ = { kind: 'record'; target: Exclude<Target, { kind: 'demo' }>; report: ReportOptions } & RecordPlan;

export const record: Command<Record_> = {
  name: 'record',
  options: RECORD_OPTIONS,
  usage: `  toolscope record --out FILE [--call NAME [--args JSON]]… [--allow-destructive] [--otlp FILE]
                 [--otlp-endpoint URL] [--trace-context] [--tracestate S] [--baggage B] [--server-spans]
                 [--listen PORT [--stop-after S]] <server> | -- …
                                              lists every tool, makes the calls (the page's gate),
                                              writes the session as a cassette (JSON Lines), and
                                              with --otlp as OpenTelemetry traces (OTLP/JSON);
                                              --listen: then records another client through a
                                              proxy at 127.0.0.1:PORT/mcp until Ctrl-C (or S s)
${TELEMETRY_USAGE}
${CONNECTION_USAGE}
Exit status of record: 0 written, 1 written but a call was refused or failed, 2 nothing written
(a secret of the connection in it, or no connection).`,
  parse: (argv, environ) => {
    const args = serverArgs(argv, RECORD_OPTIONS);
    if (args.kind === 'help') return args;
    refuse(args.values, SERVE_ONLY, 'record');
    const target = needsServer(args.target, 'record');
    refuse(args.values, REPORT_ONLY, 'record');
    const { out } = args.values;
    if (!out) throw new UsageError('record needs --out FILE (e.g. --out session.cassette.jsonl).');
    const push = otlpArgs(args.values, environ);
    return {
      kind: 'record',
      target,
      report: reportOptions(args.values, environ),
      out,
      ...recordCalls(args.values),
      ...(push ? { push } : {}),
    };
  },
  run: ({ target, report: options, ...plan }) => {
    connectOptions(options);
    return onServer(resolveTarget(target), (reached) => runRecord(reached, options, plan));
  },
};

const REFUSED =
  'Not sent: the tool may change or destroy data (or its hints are missing or contradictory); record calls it only with --allow-destructive.';

export async function runRecord(target: ServerTarget, options: ReportOptions, plan: RecordPlan): Promise<number> {
  const traffic = new TrafficRecorder(target.fetch ?? ((input, init) => fetch(input, init)));
  // Traffic keeps its last MAX_ENTRIES exchanges (the page's bound); a cassette keeps every one:
  // each is taken as it finishes (a proxy's session can be thousands).
  const settled: TrafficEntry[] = [];
  const stopTaking = traffic.subscribe(() => settled.push(...traffic.takeSettled()));
  return withServer({ ...target, fetch: traffic.fetch }, options, 'recording', async (connection, { secrets, failed }) => {
    if (plan.listen && options.machine)
      return failed('Not recorded: the proxy forwards --bearer and --header, not a machine sign-in; give the token as --bearer.');
    // Every page, once: Traffic keeps each as the server sent it; the session needs them parsed.
    const walk = await walkPages((cursor) => connection.listToolsPage(cursor));
    const stop = describeStop(walk.stop);
    if (stop) return failed(`Not recorded: ${stop}`);
    // --trace-context: each call carries W3C trace context in its _meta, and the traces keep those ids.
    const session = unattendedSession(connection, plan.allowDestructive, tracedSafety(plan.trace));
    session.setTools(mergePages(walk.pages).tools, false);
    let trouble = 0;
    for (const { tool, args } of plan.calls) {
      const done = await session.requestFromAgent(tool, args, REFUSED);
      const said = done.sent ? `${tool}: ${done.outcome?.label ?? done.state.status}` : `${tool}: ${done.refused}`;
      if (!done.sent || done.state.status !== 'done' || done.outcome?.tone === 'danger') trouble++;
      console.error(printable(redactText(said, secrets)));
    }
    // Its Server Card, when it publishes one: Traffic keeps it, the cassette's header carries it.
    await readServerCard(connection.url, (url, init) => connection.fetchBeside(url, init)).catch(() => undefined);
    if (plan.listen) {
      const { headers } = connectOptions(options);
      const bearer: Record<string, string> = options.bearer ? { Authorization: `Bearer ${options.bearer}` } : {};
      const sent: string[] = [];
      await proxyUntilStopped({ url: target.url, fetch: traffic.fetch, headers: { ...headers, ...bearer } }, sent, plan.listen);
      secrets.push(...sent);
    }
    // Traffic logs an answer as it arrives; a streamed one may still be finishing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    stopTaking();
    const entries = [...settled, ...traffic.takeSettled(), ...traffic.getSnapshot()].sort((a, b) => a.seq - b.seq);
    const written = recordCassette(connection, entries, { secrets });
    if ('refused' in written) return failed(`Not recorded: ${written.refused}`);
    await writeFile(plan.out, written.text);
    if (plan.otlp || plan.push) {
      // The traces are made from the cassette just written: the same exchanges, the same secrets check.
      const cassette = parseCassette(written.text);
      if ('error' in cassette) return failed(`No traces: ${cassette.error}`);
      const reach = connectionReach(connection);
      if (plan.otlp) {
        const { json, spans, serverSpans, notes } = await otlpJson(cassette, CLIENT_INFO.version, reach);
        await writeFile(plan.otlp, json);
        for (const note of notes) console.error(printable(redactText(`Traces: ${note}`, secrets)));
        const theirs = serverSpans ? ` (${serverSpans} from the server)` : '';
        console.error(printable(`Traces: ${spans} spans${theirs} (OTLP/JSON) in ${plan.otlp}.`));
      }
      if (plan.push) await sendCassette(cassette, reach, plan.push, secrets);
    }
    const times = new Map<string, number>();
    for (const line of written.skipped) times.set(line, (times.get(line) ?? 0) + 1);
    for (const [line, count] of times) console.error(printable(`Left out: ${line}${count > 1 ? ` (${count}×)` : ''}`));
    console.error(
      printable(`Recorded ${written.exchanges} exchanges with ${connection.server.name} (${connection.protocolVersion}) in ${plan.out}.`),
    );
    return trouble ? 1 : 0;
  });
}
