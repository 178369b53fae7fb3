// The argument readers every command shares, from argv alone (no I/O, unit-tested in args.test.ts):
// which server (a URL, a command after `--`, a config entry) and how to reach it (the report's
// connection options, the credentials from the environment). Everything after the first `--` is
// the command and its arguments, taken as given: never parsed as options, never joined into a
// shell line. Each command's own options are read in its module (./commands/).
import { ANSWER_CAP_BYTES } from '../../src/lib/answerCap.ts';
import type { parseArgs } from 'node:util';
import {
  UsageError,
  parseOptions,
  parsePositive,
  type LOAD_OPTIONS,
  type MODEL_OPTIONS,
  type RECORD_OPTIONS,
  type RENDER_OPTIONS,
  type TAP_OPTIONS,
  type TEST_OPTIONS,
  type FUZZ_OPTIONS,
  type REPORT_OPTIONS,
  type SERVE_OPTIONS,
} from './cliOptions.ts';

export const ANSWER_CAP_MB = ANSWER_CAP_BYTES / 1024 / 1024;

/** The process's environment, as commands read it (credentials and paths, never options). */
export type Environ = Readonly<Record<string, string | undefined>>;

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
  /** A JSON file of queries whose expected tool must come up (src/report/queries.ts). */
  queries?: string;
  /** A directory's readiness profile (src/report/profiles.ts). */
  profile?: string;
  /** Items of the profile a person has checked. */
  confirm: string[];
  /** Machine sign-in (OAuth client credentials): the client and how it proves itself. */
  machine?: { clientId: string; clientSecret?: string; jwtKey?: string; jwtAlg?: string; dpop: boolean; scope?: string; issuer?: string };
  output?: string;
  bearer?: string;
  headers: string[];
  active: boolean;
  /** report --fuzz N: a short fuzz pass, N inputs per read-only tool (docs/fuzz.md). */
  fuzz?: number;
  era?: string;
  timeoutMs: number;
  maxResponseBytes: number;
  /** A lockfile whose tools the server's are compared with (src/report/lockfile.ts), and when that fails the run. */
  lock?: string;
  lockFail: string;
  /** Model-mode queries (issue 66): where the model is asked, or the recording that answers instead. */
  model?: { url?: string; name?: string; provider?: string; record?: string; replay?: string };
}

type ServerTable =
  | typeof SERVE_OPTIONS
  | typeof REPORT_OPTIONS
  | typeof RECORD_OPTIONS
  | typeof TAP_OPTIONS
  | typeof TEST_OPTIONS
  | typeof FUZZ_OPTIONS
  | typeof LOAD_OPTIONS
  | typeof RENDER_OPTIONS;
/** The values parseArgs gives for a table. */
type ValuesOf<T extends ServerTable> = ReturnType<
  typeof parseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true; tokens: true }>
>['values'];

/** What parseArgs's tokens say of an option (the order options came in). */
export type Token = { kind: string; name?: string; value?: string };

/**
 * Which server a command names, from its argv: a URL, a command after `--`, an entry of a config
 * file, or (none) the demo; `opensAll`: the whole config file may be opened (the page alone).
 */
export function serverArgs<T extends ServerTable>(argv: readonly string[], table: T, opensAll = false) {
  const split = argv.indexOf('--');
  const before = split === -1 ? [...argv] : argv.slice(0, split);
  const command = split === -1 ? undefined : argv.slice(split + 1);
  const parsed = parseOptions(before, table);
  const { positionals, tokens } = parsed;
  // Every server command's table holds the page's options (SERVE_OPTIONS): read those here.
  const values = parsed.values as ValuesOf<T> & ValuesOf<typeof SERVE_OPTIONS>;
  if (values.help) return { kind: 'help' } as const;
  if (split !== -1 && (!command || command.length === 0 || !command[0]))
    throw new UsageError('a command is missing after "--" (e.g. -- node build/index.js).');
  if (positionals.length > 1 || (positionals.length === 1 && command))
    throw new UsageError(`unexpected argument "${positionals.at(-1) ?? ''}": put the stdio command after "--" (see toolscope --help).`);
  const url = positionals[0];
  if (url !== undefined && !/^https?:\/\//i.test(url))
    throw new UsageError(`"${url}" is not an http(s) URL; to run a command, put it after "--" (toolscope -- ${url}).`);
  // Only the page opens a whole file (several servers at once); every other command opens one entry.
  if (values.config !== undefined && values.server === undefined && !opensAll)
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
  return { kind: 'args', values, tokens: tokens as Token[], target } as const;
}

/** A command that needs a server (not the demo). */
export function needsServer(target: Target, verb: string): Exclude<Target, { kind: 'demo' }> {
  if (target.kind === 'demo') throw new UsageError(`${verb} needs a server: a URL, -- <command> [args…], or --config FILE --server NAME.`);
  return target;
}

type ReportValues = Partial<Record<keyof typeof REPORT_OPTIONS, unknown>>;

/** The report's options — and every command's way to reach a server: credentials, limits, era, sign-in. */
export function reportOptions(report: ReportValues, environ: Environ): ReportOptions {
  if (report['lock-fail'] !== undefined && report.lock === undefined) throw new UsageError('--lock-fail needs --lock FILE.');
  const environment = fromEnvironment(environ);
  const headers = Array.isArray(report.header) ? report.header.filter((item): item is string => typeof item === 'string') : [];
  const named = new Set(headers.map((header) => header.slice(0, header.indexOf(':')).trim().toLowerCase()));
  return {
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
    headers: [...environment.headers.filter((header) => !named.has(header.slice(0, header.indexOf(':')).trim().toLowerCase())), ...headers],
    active: report.active === true,
    ...(report.fuzz !== undefined ? { fuzz: Math.round(parsePositive('fuzz', report.fuzz, 20, 1000)) } : {}),
    era: typeof report.era === 'string' ? report.era : undefined,
    timeoutMs: parsePositive('timeout', report.timeout, 30, 3600) * 1000,
    maxResponseBytes: Math.round(parsePositive('max-mb', report['max-mb'], ANSWER_CAP_MB, 4096) * 1024 * 1024),
    ...(typeof report.lock === 'string' ? { lock: report.lock } : {}),
    lockFail: typeof report['lock-fail'] === 'string' ? report['lock-fail'] : 'breaking',
    ...modelOptions(report),
  };
}

/** Options this command does not take (named in the error). */
export function refuse(values: Record<string, unknown>, names: readonly string[], verb: string) {
  for (const option of names) if (values[option] !== undefined) throw new UsageError(`--${option} is not a ${verb} option.`);
}

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

function parseAssignment(text: string): [string, string] {
  const equals = text.indexOf('=');
  const name = equals === -1 ? text : text.slice(0, equals);
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new UsageError(`--env ${text}: expected KEY=VALUE, KEY of letters, digits and _.`);
  if (equals === -1) throw new UsageError(`--env ${text}: expected KEY=VALUE (an empty value is "${name}=").`);
  return [name, text.slice(equals + 1)];
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
