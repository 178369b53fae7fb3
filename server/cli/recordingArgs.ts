// What `toolscope record` was asked (from argv alone, unit-tested in args.test.ts): its calls, each
// --call NAME with the --args JSON at its place, and the recording proxy's port; --stop-after, which
// `mock` takes too.
import { traceArgs } from './telemetryArgs.ts';
import { errorMessage } from '../../src/lib/errorMessage.ts';
import { UsageError, type RECORD_OPTIONS } from './cliOptions.ts';

/** --listen's longest unattended run (--stop-after): a day. */
const MAX_STOP_AFTER_S = 86_400;

/** --stop-after S: when a serving command stops by itself, in ms (none: when stopped). */
export function stopAfterMs(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const seconds = Number(text);
  if (!(Number.isFinite(seconds) && seconds > 0 && seconds <= MAX_STOP_AFTER_S))
    throw new UsageError(`--stop-after ${text}: expected seconds (at most ${MAX_STOP_AFTER_S}).`);
  return seconds * 1000;
}

/** `record|tap --listen PORT [--stop-after S]`: the recording proxy's port, and when it stops by itself. */
export function listenPlan(values: Partial<Record<'listen' | 'stop-after', unknown>>) {
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
  const trace = traceArgs(values);
  return {
    calls,
    allowDestructive: values['allow-destructive'] === true,
    ...(typeof values.otlp === 'string' && values.otlp ? { otlp: values.otlp } : {}),
    ...(trace ? { trace } : {}),
    ...listenPlan(values),
  };
}
