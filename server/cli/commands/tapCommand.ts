// `toolscope tap`: see what a real host sends (issue 82). Over stdio the tap is the command the
// host launches in place of its server's (../../tap/stdioTap.ts: byte for byte, nothing of its
// own on stdout); over HTTP it is a recording proxy the host is pointed at (../../tap/httpTap.ts).
// Either way the wire goes into a cassette as it passes (version 2: both directions, each line
// with its time), and a page on 127.0.0.1 shows it live: its link is said on stderr and written
// beside the cassette (FILE.link, removed when the tap ends). The findings on what the host did
// are said on stderr at the end. Exit: the child's status (stdio); 0 (http); 2 a usage error.
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { printable } from '../../../src/lib/printable.ts';
import { redactText } from '../../../src/lib/redactUrl.ts';
import { isSecretName } from '../../../src/mcp/secrets.ts';
import { parseCassette, type Cassette } from '../../../src/mcp/recording/cassette.ts';
import { reachOf } from '../../../src/mcp/recording/sessionReach.ts';
import type { OtlpTarget } from '../../telemetry/otlpPush.ts';
import { sendCassette } from '../../telemetry/runTelemetry.ts';
import { otlpArgs } from '../telemetryArgs.ts';
import { hostFindings } from '../../../src/mcp/recording/hostFindings.ts';
import { isWireLine } from '../../../src/mcp/recording/wireLog.ts';
import { compareWithToolscope, VIEW_NOTE } from '../../../src/mcp/recording/viewDiff.ts';
import { httpView, stdioView } from '../../tap/toolscopeView.ts';
import { schemaIssues } from '../../../src/schema/validate.ts';
import { commandLine } from '../../stdio/child.ts';
import { readEnvFile } from '../../stdio/env.ts';
import { runStdioTap } from '../../tap/stdioTap.ts';
import { runHttpTap } from '../../tap/httpTap.ts';
import { TapRecorder } from '../../tap/tapRecorder.ts';
import { startTapWatch, type TapWatch } from '../../tap/tapWatch.ts';
import { registerTap } from '../../tap/tapRegistry.ts';
import { serverArgs, type StdioSpec } from '../args.ts';
import { SERVE_ONLY, TAP_OPTIONS, UsageError } from '../cliOptions.ts';
import { listenPlan } from '../recordingArgs.ts';
import { refuse } from '../args.ts';
import type { Command } from '../cliCommand.ts';

type Tap = {
  kind: 'tap';
  out: string;
  page: boolean;
  /** Take Toolscope's own view of the server too, and say how the host's differs. */
  compare: boolean;
  target:
    { kind: 'stdio'; spec: StdioSpec } | { kind: 'http'; url: string; port: number; stopAfterMs?: number; headers: Record<string, string> };
  /** Where the host's session goes as spans and histograms once it ends (`--otlp-endpoint`, OTEL_EXPORTER_OTLP_*). */
  push?: OtlpTarget;
};

/** A cassette past this is not read back for the findings at the end (they are in the page). */
const FINDINGS_READ_CAP = 64 * 1024 * 1024;

export const tap: Command<Tap> = {
  name: 'tap',
  options: TAP_OPTIONS,
  usage: `  toolscope tap --out FILE [--no-page] [--compare] -- <command> [args…]
  toolscope tap --out FILE [--no-page] [--compare] --listen PORT [--stop-after S] [--bearer T] [--header H]… <server-url>
                                              sits between a host (Claude Desktop, Cursor, VS Code)
                                              and its server: put it in the host's mcpServers entry
                                              in place of the server's command (stdio), or point the
                                              host at http://127.0.0.1:PORT/mcp (HTTP); passes every
                                              byte on untouched and writes both directions, each
                                              line timed, into FILE (a cassette: toolscope mock
                                              FILE serves it back); the link on stderr (and in
                                              FILE.link) shows the session live in a page;
                                              --compare: Toolscope's own view of the server too
                                              (stdio: the command once more), said beside the host's;
                                              --otlp-endpoint URL (or OTEL_EXPORTER_OTLP_ENDPOINT): the
                                              session's spans and histograms to a collector at its end
Exit status of tap: the server's own (stdio), 0 (HTTP, once stopped), 2 a usage error.`,
  parse: (argv, environ) => {
    const args = serverArgs(argv, TAP_OPTIONS);
    if (args.kind === 'help') return args;
    refuse(args.values, SERVE_ONLY, 'tap');
    const { values, target } = args;
    const out = values.out;
    if (!out) throw new UsageError('tap needs --out FILE (e.g. --out host.cassette.jsonl).');
    const page = values['no-page'] !== true;
    const compare = values.compare === true;
    const push = otlpArgs(values, environ);
    if (target.kind === 'stdio') {
      if (values.listen !== undefined) throw new UsageError('--listen is for an HTTP server (a URL), not a command after "--".');
      if (values.bearer !== undefined || values.header !== undefined) throw new UsageError('--bearer and --header are for an HTTP server.');
      return { kind: 'tap', out, page, compare, target, ...(push ? { push } : {}) };
    }
    if (target.kind !== 'url') throw new UsageError('tap needs a server: -- <command> [args…], or --listen PORT <server-url>.');
    const plan = listenPlan(values);
    if (!plan.listen) throw new UsageError('tapping an HTTP server needs --listen PORT: the port the host is pointed at.');
    const headers: Record<string, string> = {};
    for (const header of values.header ?? []) {
      const colon = header.indexOf(':');
      if (colon < 1) throw new UsageError(`--header ${header}: expected "Name: value".`);
      headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
    }
    if (values.bearer) headers.Authorization = `Bearer ${values.bearer}`;
    return {
      kind: 'tap',
      out,
      page,
      compare,
      target: { kind: 'http', url: target.url, ...plan.listen, headers },
      ...(push ? { push } : {}),
    };
  },
  run: (command) => runTap(command),
};

/** The variables the tapped server gets: the tap's own (the host chose them), then --env-file, then each --env. */
function tapEnvironment(spec: StdioSpec): Record<string, string> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return { ...inherited, ...(spec.envFile ? readEnvFile(spec.envFile) : {}), ...Object.fromEntries(spec.env) };
}

/** How long the tap waits, once its host has gone, for a comparison still being taken. */
const COMPARE_WAIT_MS = 15_000;

async function runTap({ out, page, compare, target, push }: Tap): Promise<number> {
  // Whatever the tap says goes to stderr: over stdio, stdout is the server's alone.
  console.log = (...parts: unknown[]) => console.error(...parts);
  const startedAt = Date.now();
  const env = target.kind === 'stdio' ? tapEnvironment(target.spec) : {};
  // The server's secret-named variables (stdio) and the credentials given for it (HTTP): never kept as they are.
  const secrets =
    target.kind === 'stdio'
      ? Object.entries(env).flatMap(([name, value]) => (isSecretName(name) ? [value] : []))
      : Object.entries(target.headers).flatMap(([name, value]) => (isSecretName(name) ? [value, value.replace(/^\S+\s+/, '')] : []));
  const recorder = new TapRecorder(out, {
    transport: target.kind,
    target: redactText(target.kind === 'stdio' ? commandLine(target.spec.command, target.spec.args) : target.url, secrets),
    startedAt,
    // The names of the server's variables, never their values.
    ...(target.kind === 'stdio' ? { env: Object.keys(env).sort() } : {}),
  });
  recorder.knowSecrets(secrets);
  let watch: TapWatch | undefined;
  let unregister = () => undefined as unknown;
  if (page) {
    watch = await startTapWatch(recorder);
    writeFileSync(`${out}.link`, `${watch.link}\n`, { mode: 0o600 });
    // A running `npx toolscope` lists it too (Ctrl+K "Watch a tap").
    unregister = registerTap({ link: watch.link, transport: recorder.header.tap.transport, target: recorder.header.tap.target, startedAt });
    console.error(printable(`toolscope tap: watch it live at ${watch.link}`));
  }
  const stdio = target.kind === 'stdio' ? { command: target.spec.command, args: target.spec.args, env, cwd: target.spec.cwd } : undefined;
  // Beside the host's session, never in its way: Toolscope's own view, kept as a note line.
  const comparing = compare
    ? (stdio ? stdioView(stdio) : target.kind === 'http' ? httpView(target.url, target.headers) : Promise.resolve(undefined)).then((view) =>
        recorder.add({ at: Date.now(), note: VIEW_NOTE, view }),
      )
    : undefined;
  let code = 0;
  try {
    if (target.kind === 'stdio') code = stdio ? await runStdioTap(stdio, recorder, process) : 2;
    else {
      const stopped = new Promise<void>((resolve) => {
        const done = () => resolve();
        process.once('SIGINT', done);
        process.once('SIGTERM', done);
        if (target.stopAfterMs !== undefined) setTimeout(done, target.stopAfterMs).unref();
      });
      await runHttpTap(
        { url: target.url, headers: target.headers },
        recorder,
        target.port,
        (url) => {
          process.stdout.write(`Tap at ${url} — point the host there; stop it (Ctrl-C) to end the recording.\n`);
        },
        stopped,
      );
      recorder.note('The tap was stopped.');
    }
    if (comparing) await Promise.race([comparing, new Promise((resolve) => setTimeout(resolve, COMPARE_WAIT_MS).unref())]);
  } finally {
    recorder.close();
    if (watch) {
      unregister();
      rmSync(`${out}.link`, { force: true });
      await watch.close();
    }
  }
  const cassette = sayFindings(out);
  // The host's session, once it ended, to the collector: its exchanges as spans, their durations as histograms.
  if (push && cassette)
    await sendCassette(
      cassette,
      target.kind === 'stdio' ? { transport: 'pipe' } : reachOf({ url: target.url, stdio: false }),
      push,
      secrets,
    );
  else if (push) console.error(printable(`Telemetry not sent: ${out} is over ${FINDINGS_READ_CAP / 1024 / 1024} MB, not read back.`));
  return code;
}

/** The findings on the host, read back from the cassette just written (stderr); the cassette, when it could be read. */
function sayFindings(out: string): Cassette | undefined {
  if (statSync(out).size > FINDINGS_READ_CAP) return undefined;
  const cassette = parseCassette(readFileSync(out, 'utf8'));
  if ('error' in cassette) {
    console.error(printable(`toolscope tap: ${out} written (${cassette.error}).`));
    return undefined;
  }
  const findings = hostFindings((cassette.wire ?? []).filter(isWireLine), { ended: true, issuesOf: schemaIssues });
  const lines = (cassette.wire ?? []).filter(isWireLine).length;
  console.error(
    printable(redactText(`toolscope tap: ${lines} lines in ${out}; ${findings.length ? `${findings.length} findings:` : 'no findings.'}`)),
  );
  for (const finding of findings) console.error(printable(`  ${finding.by}: ${finding.detail} (${finding.rule})`));
  const compared = compareWithToolscope(cassette.wire ?? []);
  if (compared && 'failed' in compared) console.error(printable(`toolscope tap: no comparison — ${compared.failed}`));
  else if (compared)
    console.error(
      printable(
        compared.differences.length
          ? `toolscope tap: what this host saw vs what Toolscope sees:\n${compared.differences.map((line) => `  ${line}`).join('\n')}`
          : `toolscope tap: this host saw what Toolscope sees (the era, the capabilities${compared.tools === undefined ? '' : `, ${compared.tools} tools`}).`,
      ),
    );
  return cassette;
}
