// What `toolscope …` was asked to do, from argv alone (no I/O, unit-tested). Everything after
// the first `--` is the command and its arguments, taken as given: never parsed as options,
// never joined into a shell line.
import { ANSWER_CAP_BYTES } from '../../src/lib/answerCap.ts';
import { errorMessage } from '../../src/lib/errorMessage.ts';
import {
  BENCH_OPTIONS,
  MCP_OPTIONS,
  NOT_BENCH,
  RECORD_OPTIONS,
  RENDER_OPTIONS,
  REPORT_ONLY,
  REPORT_OPTIONS,
  SERVE_ONLY,
  SERVE_OPTIONS,
  UsageError,
  parseOptions,
  parsePositive,
  parsePort,
} from './cliOptions.ts';
import type { MODEL_OPTIONS } from './cliOptions.ts';
import { parseMock, recordCalls, type MockCommand } from './recordingArgs.ts';
import { benchPlan, type BenchPlan } from './benchArgs.ts';
import { parseHosts, type HostsPlan } from './hostsArgs.ts';

const ANSWER_CAP_MB = ANSWER_CAP_BYTES / 1024 / 1024;

export { UsageError };

export interface StdioSpec {
  command: string;
  args: string[];
  envFile?: string;
  env: [string, string][];
  cwd?: string;
}

/** Which server: the demo, a URL, a command, or an entry of a config file (read later). */
export type Target =
  | { kind: 'demo' }
  | { kind: 'url'; url: string }
  | { kind: 'stdio'; spec: StdioSpec }
  | { kind: 'config'; file: string; server: string; spec: Omit<StdioSpec, 'command' | 'args'> }
  /** `toolscope --config FILE` (no --server): the page opens every entry of the file. */
  | { kind: 'config-all'; file: string };

export interface ReportOptions {
  format: string;
  /** A JSON file of queries whose expected tool must come up (src/lint/queries.ts). */
  queries?: string;
  /** A directory's readiness profile (src/lint/profiles.ts). */
  profile?: string;
  /** Items of the profile a person has checked. */
  confirm: string[];
  /** Machine sign-in (OAuth client credentials): the client and how it proves itself. */
  machine?: { clientId: string; clientSecret?: string; jwtKey?: string; jwtAlg?: string; dpop: boolean; scope?: string; issuer?: string };
  output?: string;
  bearer?: string;
  headers: string[];
  active: boolean;
  era?: string;
  timeoutMs: number;
  maxResponseBytes: number;
  /** A lockfile whose tools the server's are compared with (src/lint/lockfile.ts), and when that fails the run. */
  lock?: string;
  lockFail: string;
  /** Model-mode queries (issue 66): where the model is asked, or the recording that answers instead. */
  model?: { url?: string; name?: string; provider?: string; record?: string; replay?: string };
}

export interface RenderOptions {
  tool: string;
  args: Record<string, unknown>;
  out: string;
  log: string;
  profile: 'reference' | 'strict';
  waitMs: number;
  allowAppCalls: boolean;
}

export interface McpOptions {
  allowDestructive: boolean;
  allowWrites: boolean;
  allowSwitch: boolean;
  allowHosts: string[];
  config?: string;
  /** The one entry of the config file the agent may open. */
  server?: string;
  /** Per request and per response, as the CLI's report (--timeout, --max-mb). */
  timeoutMs: number;
  maxResponseBytes: number;
}

export type CliCommand =
  | { kind: 'help' }
  | { kind: 'mcp'; mcp: McpOptions }
  | { kind: 'serve'; target: Target; port?: number; dev: boolean; watch?: string }
  | { kind: 'report'; target: Exclude<Target, { kind: 'demo' }>; report: ReportOptions }
  /** `toolscope lock`: the server reached as the report reaches it; its tools written to `out`. */
  | { kind: 'lock'; target: Exclude<Target, { kind: 'demo' }>; report: ReportOptions; out: string }
  /** `toolscope record`: the server reached as the report reaches it; its tools listed, these calls made, a cassette written to `out`. */
  | {
      kind: 'record';
      target: Exclude<Target, { kind: 'demo' }>;
      report: ReportOptions;
      out: string;
      calls: { tool: string; args: Record<string, unknown> }[];
      allowDestructive: boolean;
      /** Also the session as OpenTelemetry traces (OTLP/JSON) in this file. */
      otlp?: string;
      /** Then a recording proxy on 127.0.0.1:port, until stopped (or stopAfterMs). */
      listen?: { port: number; stopAfterMs?: number };
    }
  /** `toolscope bench`: the server reached as the report reaches it; the mix sent under load (or its plan exported). */
  | { kind: 'bench'; target: Exclude<Target, { kind: 'demo' }>; report: ReportOptions; bench: BenchPlan }
  /** `toolscope hosts`: every entry of an mcpServers file, as each host sees the set. */
  | { kind: 'hosts'; file: string; report: ReportOptions; plan: HostsPlan }
  | MockCommand
  | { kind: 'render'; target: Target; render: RenderOptions };

/** Report credentials from the environment ($TOOLSCOPE_BEARER, $TOOLSCOPE_HEADERS), used when no option gives them. */
function fromEnvironment(env: Readonly<Record<string, string | undefined>>) {
  const headers = (env.TOOLSCOPE_HEADERS ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return {
    bearer: env.TOOLSCOPE_BEARER || undefined,
    headers,
    clientSecret: env.TOOLSCOPE_CLIENT_SECRET || undefined,
    issuer: env.TOOLSCOPE_ISSUER || undefined,
  };
}

/** --client-id and how the client proves itself: a secret or a key, never both, never neither. */
function machineOptions(
  report: Partial<Record<keyof typeof REPORT_OPTIONS, unknown>>,
  envSecret: string | undefined,
  envIssuer: string | undefined,
) {
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  const clientId = text(report['client-id']);
  const issuer = text(report.issuer) ?? envIssuer;
  const [secret, key] = [text(report['client-secret']) ?? envSecret, text(report['jwt-key'])];
  const machineOnly = ['client-secret', 'jwt-key', 'jwt-alg', 'dpop', 'scope', 'issuer'] as const;
  if (!clientId) {
    const stray = machineOnly.find((name) => report[name] !== undefined);
    if (stray) throw new UsageError(`--${stray} is for a machine sign-in: add --client-id.`);
    return {};
  }
  if (secret && key) throw new UsageError('--client-secret and --jwt-key: give one way for the client to prove itself, not both.');
  if (!secret && !key) throw new UsageError('--client-id needs --client-secret (or $TOOLSCOPE_CLIENT_SECRET) or --jwt-key FILE.');
  if (text(report.bearer)) throw new UsageError('--bearer and --client-id: a token given by hand, or a machine sign-in, not both.');
  // A secret goes to the authorization server the MCP server names, unless one is named here: the
  // SDK's ClientCredentialsProvider warns of exactly this (expectedIssuer, SEP-2352).
  if (secret && !issuer)
    throw new UsageError(
      '--client-secret needs --issuer URL (or $TOOLSCOPE_ISSUER): the authorization server the secret belongs to. Without it the secret would go to whichever server the MCP server names.',
    );
  return {
    machine: {
      clientId,
      ...(secret ? { clientSecret: secret } : {}),
      ...(key ? { jwtKey: key } : {}),
      ...(text(report['jwt-alg']) ? { jwtAlg: text(report['jwt-alg']) } : {}),
      dpop: report.dpop === true,
      ...(text(report.scope) ? { scope: text(report.scope) } : {}),
      ...(issuer ? { issuer } : {}),
    },
  };
}

/** `environ` is read for the report's credentials only ($TOOLSCOPE_BEARER, $TOOLSCOPE_HEADERS). */
export function parseCli(argv: readonly string[], environ: Readonly<Record<string, string | undefined>> = {}): CliCommand {
  if (argv[0] === 'mcp') return parseMcp(argv.slice(1));
  if (argv[0] === 'mock') return parseMock(argv.slice(1));
  if (argv[0] === 'hosts') {
    const hosts = parseHosts(argv.slice(1));
    if (hosts.kind === 'help') return hosts;
    const report: ReportOptions = {
      format: 'json',
      confirm: [],
      headers: [],
      active: false,
      timeoutMs: hosts.timeoutMs,
      maxResponseBytes: ANSWER_CAP_BYTES,
      lockFail: 'breaking',
    };
    return { kind: 'hosts', file: hosts.file, report, plan: hosts.plan };
  }
  const split = argv.indexOf('--');
  const before = split === -1 ? [...argv] : argv.slice(0, split);
  const command = split === -1 ? undefined : argv.slice(split + 1);
  const isLock = before[0] === 'lock';
  const isRecord = before[0] === 'record';
  const isBench = before[0] === 'bench';
  const isReport = before[0] === 'report' || isLock || isRecord || isBench;
  const isRender = before[0] === 'render';
  const { values, positionals, tokens } = isRecord
    ? parseOptions(before.slice(1), RECORD_OPTIONS)
    : isBench
      ? parseOptions(before.slice(1), BENCH_OPTIONS)
      : isReport
        ? parseOptions(before.slice(1), REPORT_OPTIONS)
        : isRender
          ? parseOptions(before.slice(1), RENDER_OPTIONS)
          : parseOptions(before, SERVE_OPTIONS);
  if (values.help) return { kind: 'help' };

  if (split !== -1 && (!command || command.length === 0 || !command[0]))
    throw new UsageError('a command is missing after "--" (e.g. -- node build/index.js).');
  if (positionals.length > 1 || (positionals.length === 1 && command))
    throw new UsageError(`unexpected argument "${positionals.at(-1) ?? ''}": put the stdio command after "--" (see toolscope --help).`);
  const url = positionals[0];
  if (url !== undefined && !/^https?:\/\//i.test(url))
    throw new UsageError(`"${url}" is not an http(s) URL; to run a command, put it after "--" (toolscope -- ${url}).`);
  // Only the page opens a whole file (several servers at once); every other command opens one entry.
  if (values.config !== undefined && values.server === undefined && (isReport || isRender))
    throw new UsageError('--config needs --server NAME (the entry to open).');
  if (values.server !== undefined && values.config === undefined) throw new UsageError('--server needs --config FILE.');
  const targets = [url !== undefined, command !== undefined, values.config !== undefined].filter(Boolean).length;
  if (targets > 1) throw new UsageError('give one server: a URL, a command after "--", or --config with --server.');

  const env = (values.env ?? []).map((assignment) => parseAssignment(assignment));
  const stdioOptions = { env, envFile: values['env-file'], cwd: values.cwd };
  const stdioOnly = env.length > 0 || values['env-file'] !== undefined || values.cwd !== undefined || values.watch !== undefined;
  let target: Target;
  if (command) target = { kind: 'stdio', spec: { command: command[0] ?? '', args: command.slice(1), ...stdioOptions } };
  else if (values.config !== undefined && values.server !== undefined)
    target = { kind: 'config', file: values.config, server: values.server, spec: stdioOptions };
  else if (values.config !== undefined) {
    if (stdioOnly) throw new UsageError('--env, --env-file, --cwd and --watch need --server NAME: the entry they are for.');
    target = { kind: 'config-all', file: values.config };
  } else if (url !== undefined) target = { kind: 'url', url };
  else target = { kind: 'demo' };
  if (stdioOnly && (target.kind === 'url' || target.kind === 'demo'))
    throw new UsageError('--env, --env-file, --cwd and --watch are for a stdio server: add -- <command> [args…].');

  if (isRender) {
    for (const option of SERVE_ONLY) if (values[option] !== undefined) throw new UsageError(`--${option} is not a render option.`);
    return { kind: 'render', target, render: renderOptions(values) };
  }
  if (isReport) {
    for (const option of SERVE_ONLY)
      if (values[option] !== undefined) throw new UsageError(`--${option} is not a ${before[0] ?? 'report'} option.`);
    const verb = isLock ? 'lock' : isRecord ? 'record' : isBench ? 'bench' : 'report';
    if (target.kind === 'demo')
      throw new UsageError(`${verb} needs a server: a URL, -- <command> [args…], or --config FILE --server NAME.`);
    const report = values as typeof values & Partial<Record<keyof typeof REPORT_OPTIONS, unknown>>;
    if (isBench) {
      for (const option of NOT_BENCH) if (report[option] !== undefined) throw new UsageError(`--${option} is not a bench option.`);
    } else if (isLock || isRecord) {
      for (const option of REPORT_ONLY) if (report[option] !== undefined) throw new UsageError(`--${option} is not a ${verb} option.`);
      if (typeof report.out !== 'string' || !report.out)
        throw new UsageError(`${verb} needs --out FILE (e.g. --out ${isLock ? 'toolscope.lock.json' : 'session.cassette.jsonl'}).`);
    } else if (report.out !== undefined) throw new UsageError('--out is a lock option; the report writes to --output FILE.');
    if (report['lock-fail'] !== undefined && report.lock === undefined) throw new UsageError('--lock-fail needs --lock FILE.');
    const environment = fromEnvironment(environ);
    const headers = Array.isArray(report.header) ? report.header.filter((item): item is string => typeof item === 'string') : [];
    const named = new Set(headers.map((header) => header.slice(0, header.indexOf(':')).trim().toLowerCase()));
    const parsed: CliCommand & { kind: 'report' } = {
      kind: 'report',
      target,
      report: {
        format: typeof report.format === 'string' ? report.format : 'json',
        ...(typeof report.queries === 'string' ? { queries: report.queries } : {}),
        ...(typeof report.profile === 'string' ? { profile: report.profile } : {}),
        confirm: Array.isArray(report.confirm)
          ? report.confirm.flatMap((item) => (typeof item === 'string' ? item.split(',').map((id) => id.trim()) : [])).filter(Boolean)
          : [],
        ...machineOptions(report, environment.clientSecret, environment.issuer),
        output: typeof report.output === 'string' ? report.output : undefined,
        bearer: typeof report.bearer === 'string' ? report.bearer : environment.bearer,
        // A header named by an option wins over the same header from the environment.
        headers: [
          ...environment.headers.filter((header) => !named.has(header.slice(0, header.indexOf(':')).trim().toLowerCase())),
          ...headers,
        ],
        active: report.active === true,
        era: typeof report.era === 'string' ? report.era : undefined,
        timeoutMs: parsePositive('timeout', report.timeout, 30, 3600) * 1000,
        maxResponseBytes: Math.round(parsePositive('max-mb', report['max-mb'], ANSWER_CAP_MB, 4096) * 1024 * 1024),
        ...(typeof report.lock === 'string' ? { lock: report.lock } : {}),
        lockFail: typeof report['lock-fail'] === 'string' ? report['lock-fail'] : 'breaking',
        ...modelOptions(report),
      },
    };
    if (isBench) return { kind: 'bench', target, report: parsed.report, bench: benchPlan(values, tokens) };
    if (isRecord) return { kind: 'record', target, report: parsed.report, out: String(report.out), ...recordCalls(values) };
    return isLock ? { kind: 'lock', target, report: parsed.report, out: String(report.out) } : parsed;
  }
  return { kind: 'serve', target, port: parsePort(values.port), dev: values.dev ?? false, watch: values.watch };
}

function renderOptions(values: Partial<Record<keyof typeof RENDER_OPTIONS, unknown>>): RenderOptions {
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  const tool = text(values.tool);
  const out = text(values.out);
  if (!tool) throw new UsageError('render needs --tool NAME (the tool whose app is rendered).');
  if (!out) throw new UsageError('render needs --out FILE (where the PNG goes).');
  let args: unknown = {};
  if (text(values.args)) {
    try {
      args = JSON.parse(text(values.args) ?? '{}');
    } catch (error) {
      throw new UsageError(`--args: not JSON (${errorMessage(error)}).`);
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args)) throw new UsageError('--args: expected a JSON object.');
  }
  const profile = text(values.profile) ?? 'reference';
  if (profile !== 'reference' && profile !== 'strict') throw new UsageError(`--profile ${profile}: expected reference or strict.`);
  return {
    tool,
    args: args as Record<string, unknown>,
    out,
    log: text(values.log) ?? out.replace(/(\.png)?$/i, '.json'),
    profile,
    waitMs: parsePositive('wait', values.wait, 20, 600) * 1000,
    allowAppCalls: values['allow-app-calls'] === true,
  };
}

function parseAssignment(text: string): [string, string] {
  const equals = text.indexOf('=');
  const name = equals === -1 ? text : text.slice(0, equals);
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new UsageError(`--env ${text}: expected KEY=VALUE, KEY of letters, digits and _.`);
  if (equals === -1) throw new UsageError(`--env ${text}: expected KEY=VALUE (an empty value is "${name}=").`);
  return [name, text.slice(equals + 1)];
}

/** `toolscope mcp`: no command and no URL from the command line — the agent names them, within what these allow. */
function parseMcp(args: string[]): CliCommand {
  if (args.includes('--')) throw new UsageError('toolscope mcp runs no command of its own: name stdio servers in a --config file.');
  const { values, positionals } = parseOptions(args, MCP_OPTIONS);
  if (values.help) return { kind: 'help' };
  if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0] ?? ''}" (see toolscope --help).`);
  const allowHosts = (values['allow-host'] ?? []).map((host) => host.trim().toLowerCase());
  for (const host of allowHosts)
    if (!/^[a-z0-9.-]+$|^\[[0-9a-f:]+\]$/.test(host))
      throw new UsageError(`--allow-host ${host}: expected a host name or address, without scheme or port.`);
  if (values.server !== undefined && values.config === undefined)
    throw new UsageError('--server needs --config FILE (the entry is one of its).');
  if (values.server !== undefined && values['allow-switch'])
    throw new UsageError('--server pins one entry; --allow-switch lets the agent change: give one.');
  return {
    kind: 'mcp',
    mcp: {
      allowDestructive: values['allow-destructive'] ?? false,
      allowWrites: values['allow-writes'] ?? false,
      allowSwitch: values['allow-switch'] ?? false,
      allowHosts,
      config: values.config,
      ...(values.server !== undefined ? { server: values.server } : {}),
      timeoutMs: parsePositive('timeout', values.timeout, 30, 3600) * 1000,
      maxResponseBytes: Math.round(parsePositive('max-mb', values['max-mb'], ANSWER_CAP_MB, 4096) * 1024 * 1024),
    },
  };
}

/** The model options as given (checked against the queries file when the report runs). */
function modelOptions(report: Partial<Record<(typeof MODEL_OPTIONS)[number], unknown>>): Pick<ReportOptions, 'model'> {
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  const model = {
    url: text(report['model-url']),
    name: text(report['model-name']),
    provider: text(report['model-provider']),
    record: text(report['record-model']),
    replay: text(report['replay-model']),
  };
  const given = Object.fromEntries(Object.entries(model).filter(([, value]) => value !== undefined));
  return Object.keys(given).length ? { model: given } : {};
}
