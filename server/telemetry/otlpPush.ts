// A run's telemetry pushed to a team's collector (Tempo, Jaeger, Honeycomb, Langfuse behind an
// OpenTelemetry Collector) through OpenTelemetry's own OTLP/HTTP exporters — nothing of the wire is
// written here. Where it goes is read as the OTLP exporter specification says
// (opentelemetry.io/docs/specs/otel/protocol/exporter): `--otlp-endpoint URL` or
// OTEL_EXPORTER_OTLP_ENDPOINT is a base URL, each signal's path appended (`v1/traces`, `v1/metrics`);
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT / _METRICS_ENDPOINT are used as given; OTEL_EXPORTER_OTLP_HEADERS
// (and the per-signal ones) are read by the exporters themselves; OTEL_EXPORTER_OTLP_PROTOCOL is
// `http/protobuf` (the specification's default) or `http/json` — `grpc` is refused, said why. With no
// endpoint at all, nothing is sent anywhere (the exporters alone would default to localhost:4318).
import { OTLPMetricExporter as JsonMetrics } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPMetricExporter as ProtobufMetrics } from '@opentelemetry/exporter-metrics-otlp-proto';
import { OTLPTraceExporter as JsonTraces } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufTraces } from '@opentelemetry/exporter-trace-otlp-proto';
import type { PushMetricExporter } from '@opentelemetry/sdk-metrics';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { redactUrl } from '../../src/lib/redactUrl.ts';
import { sessionSignals, type SignalsSent } from '../../src/mcp/recording/otlpExport.ts';
import type { SessionReach } from '../../src/mcp/recording/sessionReach.ts';
import type { Cassette } from '../../src/mcp/recording/cassette.ts';

type Environ = Readonly<Record<string, string | undefined>>;
export type OtlpProtocol = 'http/protobuf' | 'http/json';

/** Where a run's signals go: each signal's URL (absent: not sent), and how. */
export interface OtlpTarget {
  traces?: string;
  metrics?: string;
  protocol: OtlpProtocol;
  /** The endpoints as messages may show them (credentials in a URL redacted). */
  shown: string;
}

const signalUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}/${path}`;
const httpUrl = (text: string, from: string): string => {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${from} is not a URL (${redactUrl(text).url}).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${from} must be an http(s) URL (OTLP/HTTP).`);
  return text;
};

/**
 * The collector this run sends to, from `--otlp-endpoint` (first) or the standard environment;
 * undefined when neither names one. Throws a sentence when what is named cannot be used.
 */
export function otlpTargetOf(flag: string | undefined, env: Environ): OtlpTarget | undefined {
  const base = flag?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  const from = flag?.trim() ? '--otlp-endpoint' : 'OTEL_EXPORTER_OTLP_ENDPOINT';
  const traces = flag?.trim()
    ? signalUrl(httpUrl(flag.trim(), from), 'v1/traces')
    : env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim()
      ? httpUrl(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT.trim(), 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT')
      : base
        ? signalUrl(httpUrl(base, from), 'v1/traces')
        : undefined;
  const metrics = flag?.trim()
    ? signalUrl(flag.trim(), 'v1/metrics')
    : env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT?.trim()
      ? httpUrl(env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT.trim(), 'OTEL_EXPORTER_OTLP_METRICS_ENDPOINT')
      : base
        ? signalUrl(httpUrl(base, from), 'v1/metrics')
        : undefined;
  if (!traces && !metrics) return undefined;
  const protocol = (env.OTEL_EXPORTER_OTLP_PROTOCOL?.trim() || 'http/protobuf').toLowerCase();
  if (protocol === 'grpc')
    throw new Error('OTEL_EXPORTER_OTLP_PROTOCOL=grpc: Toolscope sends OTLP over HTTP only; use http/protobuf (port 4318) or http/json.');
  if (protocol !== 'http/protobuf' && protocol !== 'http/json')
    throw new Error(`OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json (was ${JSON.stringify(protocol.slice(0, 40))}).`);
  const shown = [...new Set([traces, metrics].filter((url): url is string => Boolean(url)).map((url) => redactUrl(url).url))].join(', ');
  return { ...(traces ? { traces } : {}), ...(metrics ? { metrics } : {}), protocol, shown };
}

/** The credentials the standard environment hands the exporters: never printed. */
export function otlpHeaderSecrets(env: Environ): string[] {
  return ['OTEL_EXPORTER_OTLP_HEADERS', 'OTEL_EXPORTER_OTLP_TRACES_HEADERS', 'OTEL_EXPORTER_OTLP_METRICS_HEADERS'].flatMap((name) =>
    (env[name] ?? '').split(',').flatMap((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return [];
      const raw = pair.slice(equals + 1).trim();
      try {
        return [raw, decodeURIComponent(raw)];
      } catch {
        return [raw];
      }
    }),
  );
}

/** A span exporter that takes nothing (a run whose target names only a metrics endpoint). */
const nowhere: SpanExporter = {
  export: (_spans, done) => done({ code: 0 }),
  shutdown: () => Promise.resolve(),
};

/** The session's spans and histograms, sent to the collector; what was sent, or why it could not be. */
export async function pushSignals(
  cassette: Cassette,
  reach: SessionReach,
  target: OtlpTarget,
  toolscopeVersion: string,
): Promise<SignalsSent | { failed: string }> {
  const json = target.protocol === 'http/json';
  const traces = target.traces ? (json ? new JsonTraces({ url: target.traces }) : new ProtobufTraces({ url: target.traces })) : undefined;
  const metrics: PushMetricExporter | undefined = target.metrics
    ? json
      ? new JsonMetrics({ url: target.metrics })
      : new ProtobufMetrics({ url: target.metrics })
    : undefined;
  try {
    return await sessionSignals(cassette, toolscopeVersion, reach, { spans: traces ?? nowhere, ...(metrics ? { metrics } : {}) });
  } catch (error) {
    return { failed: `the collector at ${target.shown} did not take them: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    await Promise.all([traces?.shutdown().catch(() => undefined), metrics?.shutdown().catch(() => undefined)]);
  }
}
