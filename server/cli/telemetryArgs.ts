// The telemetry flags `record`, `test` and `load` share (and `tap` its endpoint): where the run's spans
// and histograms go (`--otlp-endpoint`, or the standard OTEL_EXPORTER_OTLP_* environment), and the
// trace context each call carries (`--trace-context`, `--tracestate`, `--baggage`, `--server-spans`).
import type { TraceContext } from '../../src/mcp/connectOptions.ts';
import { traceKeysProblem } from '../../src/mcp/recording/traceContext.ts';
import { DEFAULT_SAFETY, type SafetySettings } from '../../src/session/safety.ts';
import { otlpTargetOf, type OtlpTarget } from '../telemetry/otlpPush.ts';
import { UsageError } from './cliOptions.ts';
import type { Environ } from './args.ts';

export const TELEMETRY_USAGE = `  --otlp-endpoint URL      send the run's spans and mcp.client.*.duration histograms to
                           an OTLP/HTTP collector (URL/v1/traces, URL/v1/metrics); also
                           OTEL_EXPORTER_OTLP_ENDPOINT, _HEADERS, _PROTOCOL (http/protobuf
                           or http/json). Without either, nothing is sent.
  --trace-context          each call carries W3C traceparent in params._meta (SEP-414)
  --tracestate S, --baggage B   and W3C tracestate / baggage beside it
  --server-spans           ask a server that offers serverExecutionTelemetry for its spans
                           of each call (SEP-2448), joined under the call's span`;

/** Where the run's telemetry goes (undefined: nowhere), from the flag or the environment. */
export function otlpArgs(values: Record<string, unknown>, environ: Environ): OtlpTarget | undefined {
  try {
    return otlpTargetOf(typeof values['otlp-endpoint'] === 'string' ? values['otlp-endpoint'] : undefined, environ);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** The trace context the calls carry (undefined: none); --tracestate, --baggage and --server-spans imply it. */
export function traceArgs(values: Record<string, unknown>): TraceContext | undefined {
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };
  const keys = { tracestate: text('tracestate'), baggage: text('baggage') };
  const problem = traceKeysProblem(keys);
  if (problem) throw new UsageError(problem);
  const serverSpans = values['server-spans'] === true;
  if (!(values['trace-context'] === true || keys.tracestate || keys.baggage || serverSpans)) return undefined;
  return {
    ...(keys.tracestate ? { tracestate: keys.tracestate } : {}),
    ...(keys.baggage ? { baggage: keys.baggage } : {}),
    ...(serverSpans ? { serverSpans } : {}),
  };
}

/** A run's call settings with its trace context. */
export function tracedSafety(trace: TraceContext | undefined, base: SafetySettings = DEFAULT_SAFETY): SafetySettings {
  if (!trace) return base;
  return {
    ...base,
    traceContext: true,
    tracestate: trace.tracestate ?? '',
    baggage: trace.baggage ?? '',
    serverSpans: trace.serverSpans === true,
  };
}

/** Both, as a command's plan keeps them. */
export function telemetryPlan(values: Record<string, unknown>, environ: Environ): { trace?: TraceContext; push?: OtlpTarget } {
  const trace = traceArgs(values);
  const push = otlpArgs(values, environ);
  return { ...(trace ? { trace } : {}), ...(push ? { push } : {}) };
}
