// What `toolscope record` and `toolscope mock` were asked (from argv alone, unit-tested in
// args.test.ts): record's calls, each --call NAME with the --args JSON at its place; mock's file and
// whether it serves on a port or on stdio.
import { errorMessage } from '../../src/lib/errorMessage.ts';
import { MOCK_OPTIONS, UsageError, parseOptions, parsePort, type RECORD_OPTIONS } from './cliOptions.ts';

/** --listen's longest unattended run (--stop-after): a day. */
const MAX_STOP_AFTER_S = 86_400;

/** --stop-after S: when a serving command stops by itself, in ms (none: when stopped). */
function stopAfterMs(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const seconds = Number(text);
  if (!(Number.isFinite(seconds) && seconds > 0 && seconds <= MAX_STOP_AFTER_S))
    throw new UsageError(`--stop-after ${text}: expected seconds (at most ${MAX_STOP_AFTER_S}).`);
  return seconds * 1000;
}

/** `record --listen PORT [--stop-after S]`: the recording proxy's port, and when it stops by itself. */
function listenPlan(values: Partial<Record<keyof typeof RECORD_OPTIONS, unknown>>) {
  const listen = typeof values.listen === 'string' ? values.listen : undefined;
  const stopAfter = typeof values['stop-after'] === 'string' ? values['stop-after'] : undefined;
  if (listen === undefined) {
    if (stopAfter !== undefined) throw new UsageError('--stop-after is for the recording proxy: give --listen PORT too.');
    return {};
  }
  const seconds = stopAfterMs(stopAfter);
  const port = Number(listen);
  if (!/^\d+$/.test(listen) || port > 65535)
    throw new UsageError(`--listen ${listen}: expected a port number (0–65535; 0 picks a free one).`);
  return { listen: { port, ...(seconds !== undefined ? { stopAfterMs: seconds } : {}) } };
}

/** `toolscope mock`: a cassette served as an MCP server, on loopback HTTP or on stdio. */
export interface MockCommand {
  kind: 'mock';
  file: string;
  port?: number;
  stdio: boolean;
  /** --stop-after: exits by itself after this long. */
  stopAfterMs?: number;
}

/** `record`'s calls: each --call NAME with the --args JSON at the same place (none: {}). */
export function recordCalls(values: Partial<Record<keyof typeof RECORD_OPTIONS, unknown>>) {
  const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
  const tools = strings(values.call);
  const given = strings(values.args);
  if (given.length > tools.length) throw new UsageError('--args without a --call: give each call as --call NAME --args JSON.');
  const calls = tools.map((tool, index) => {
    const text = given[index] ?? '{}';
    let args: unknown;
    try {
      args = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`--args for ${tool}: not JSON (${errorMessage(error)}).`);
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args))
      throw new UsageError(`--args for ${tool}: expected a JSON object.`);
    return { tool, args: args as Record<string, unknown> };
  });
  return {
    calls,
    allowDestructive: values['allow-destructive'] === true,
    ...(typeof values.otlp === 'string' && values.otlp ? { otlp: values.otlp } : {}),
    traceContext: values['trace-context'] === true,
    ...listenPlan(values),
  };
}

/** `toolscope mock FILE [--port N | --stdio] [--stop-after S]`: loopback only; the file is read later. */
export function parseMock(args: string[]): { kind: 'help' } | MockCommand {
  const { values, positionals } = parseOptions(args, MOCK_OPTIONS);
  if (values.help) return { kind: 'help' };
  const [file, extra] = positionals;
  if (!file) throw new UsageError('mock needs a cassette: toolscope mock FILE [--port N | --stdio].');
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}" (see toolscope --help).`);
  if (values.stdio && values.port !== undefined) throw new UsageError('--port and --stdio: the mock serves one way, not both.');
  const stop = stopAfterMs(values['stop-after']);
  return {
    kind: 'mock',
    file,
    ...(values.port !== undefined ? { port: parsePort(values.port) } : {}),
    stdio: values.stdio === true,
    ...(stop !== undefined ? { stopAfterMs: stop } : {}),
  };
}
