// The command line's option tables (node:util parseArgs configs), one per command, and the small
// parsers every command shares: a usage error, a port, a positive number, options read strictly.
import { parseArgs } from 'node:util';
import { errorMessage } from '../../src/lib/errorMessage.ts';

export class UsageError extends Error {}

export const SERVE_OPTIONS = {
  port: { type: 'string' },
  env: { type: 'string', multiple: true },
  'env-file': { type: 'string' },
  cwd: { type: 'string' },
  watch: { type: 'string' },
  config: { type: 'string' },
  server: { type: 'string' },
  dev: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export const REPORT_OPTIONS = {
  ...SERVE_OPTIONS,
  format: { type: 'string' },
  output: { type: 'string' },
  bearer: { type: 'string' },
  header: { type: 'string', multiple: true },
  active: { type: 'boolean' },
  fuzz: { type: 'string' },
  era: { type: 'string' },
  timeout: { type: 'string' },
  'max-mb': { type: 'string' },
  queries: { type: 'string' },
  profile: { type: 'string' },
  confirm: { type: 'string', multiple: true },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  'jwt-key': { type: 'string' },
  'jwt-alg': { type: 'string' },
  dpop: { type: 'boolean' },
  scope: { type: 'string' },
  issuer: { type: 'string' },
  lock: { type: 'string' },
  'lock-fail': { type: 'string' },
  out: { type: 'string' },
  'model-url': { type: 'string' },
  'model-name': { type: 'string' },
  'model-provider': { type: 'string' },
  'record-model': { type: 'string' },
  'replay-model': { type: 'string' },
} as const;

/** Where a run's telemetry goes (server/cli/telemetryArgs.ts): `tap` takes this alone. */
export const OTLP_OPTION = { 'otlp-endpoint': { type: 'string' } } as const;
/** …and the trace context each call of `record`, `test`, `load` carries. */
export const TELEMETRY_OPTIONS = {
  ...OTLP_OPTION,
  'trace-context': { type: 'boolean' },
  tracestate: { type: 'string' },
  baggage: { type: 'string' },
  'server-spans': { type: 'boolean' },
} as const;

export const RECORD_OPTIONS = {
  ...REPORT_OPTIONS,
  ...TELEMETRY_OPTIONS,
  call: { type: 'string', multiple: true },
  args: { type: 'string', multiple: true },
  'allow-destructive': { type: 'boolean' },
  otlp: { type: 'string' },
  listen: { type: 'string' },
  'stop-after': { type: 'string' },
} as const;

export const TAP_OPTIONS = {
  ...SERVE_OPTIONS,
  ...OTLP_OPTION,
  out: { type: 'string' },
  listen: { type: 'string' },
  'stop-after': { type: 'string' },
  bearer: { type: 'string' },
  header: { type: 'string', multiple: true },
  'no-page': { type: 'boolean' },
  compare: { type: 'boolean' },
} as const;

export const TEST_OPTIONS = {
  ...REPORT_OPTIONS,
  ...TELEMETRY_OPTIONS,
  'allow-writes': { type: 'boolean' },
  'allow-destructive': { type: 'boolean' },
  update: { type: 'boolean' },
} as const;

export const FUZZ_OPTIONS = {
  ...REPORT_OPTIONS,
  tool: { type: 'string', multiple: true },
  skip: { type: 'string', multiple: true },
  runs: { type: 'string' },
  seed: { type: 'string' },
  time: { type: 'string' },
  'call-timeout': { type: 'string' },
  invalid: { type: 'boolean' },
  replay: { type: 'string' },
  'allow-writes': { type: 'boolean' },
  'allow-destructive': { type: 'boolean' },
} as const;

export const LOAD_OPTIONS = {
  ...REPORT_OPTIONS,
  ...TELEMETRY_OPTIONS,
  tool: { type: 'string', multiple: true },
  args: { type: 'string', multiple: true },
  weight: { type: 'string', multiple: true },
  requests: { type: 'string' },
  duration: { type: 'string' },
  concurrency: { type: 'string' },
  rate: { type: 'string' },
  warmup: { type: 'string' },
  budget: { type: 'string', multiple: true },
  'allow-destructive': { type: 'boolean' },
  stateless: { type: 'string' },
  export: { type: 'string' },
} as const;

/** Report options that mean nothing to `toolscope load` (it has its own --format and --output). */
export const MODEL_OPTIONS = ['model-url', 'model-name', 'model-provider', 'record-model', 'replay-model'] as const;
export const NOT_LOAD = ['queries', 'profile', 'confirm', 'active', 'fuzz', 'lock', 'lock-fail', 'out', ...MODEL_OPTIONS] as const;

export const HOSTS_OPTIONS = {
  config: { type: 'string' },
  host: { type: 'string', multiple: true },
  queries: { type: 'string' },
  format: { type: 'string' },
  output: { type: 'string' },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export const MOCK_OPTIONS = {
  port: { type: 'string' },
  stdio: { type: 'boolean' },
  'stop-after': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Report options that mean nothing to `toolscope lock` or `record` (they report nothing). */
export const REPORT_ONLY = [
  'format',
  'output',
  'queries',
  'profile',
  'confirm',
  'active',
  'fuzz',
  'lock',
  'lock-fail',
  ...MODEL_OPTIONS,
] as const;

export const RENDER_OPTIONS = {
  ...SERVE_OPTIONS,
  tool: { type: 'string' },
  args: { type: 'string' },
  out: { type: 'string' },
  log: { type: 'string' },
  profile: { type: 'string' },
  wait: { type: 'string' },
  'allow-app-calls': { type: 'boolean' },
} as const;

export const SERVE_ONLY = ['port', 'watch', 'dev'] as const;

export const MCP_OPTIONS = {
  'allow-destructive': { type: 'boolean' },
  'allow-writes': { type: 'boolean' },
  'allow-switch': { type: 'boolean' },
  server: { type: 'string' },
  'allow-host': { type: 'string', multiple: true },
  config: { type: 'string' },
  timeout: { type: 'string' },
  'max-mb': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function parsePort(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port ${text}: expected a port number (0–65535).`);
  return port;
}

export function parseOptions<
  T extends
    | typeof SERVE_OPTIONS
    | typeof REPORT_OPTIONS
    | typeof RECORD_OPTIONS
    | typeof TAP_OPTIONS
    | typeof TEST_OPTIONS
    | typeof FUZZ_OPTIONS
    | typeof LOAD_OPTIONS
    | typeof RENDER_OPTIONS
    | typeof MCP_OPTIONS
    | typeof HOSTS_OPTIONS
    | typeof MOCK_OPTIONS,
>(args: string[], options: T) {
  try {
    // The tokens keep the order options came in (load's --args and --weight belong to the --tool before them).
    return parseArgs({ args, options, allowPositionals: true, strict: true, tokens: true });
  } catch (error) {
    const message = errorMessage(error);
    const unknown = /Unknown option '([^']+)'/.exec(message);
    if (unknown) throw new UsageError(`unknown option ${unknown[1]} (see toolscope --help).`);
    const missing = /Option '([^']+?)(?: <value>)?' argument missing/.exec(message);
    if (missing) throw new UsageError(`${missing[1]} needs a value (see toolscope --help).`);
    throw new UsageError(`${message.split('\n')[0]} (see toolscope --help).`);
  }
}

export function parsePositive(option: string, text: unknown, fallback: number, max: number): number {
  if (typeof text !== 'string') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || value > max)
    throw new UsageError(`--${option} ${text}: expected a number above 0, at most ${max}.`);
  return value;
}
