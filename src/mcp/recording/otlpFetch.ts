// The page's way to a collector (Traffic → "Send to collector"): the session's spans and histograms,
// serialized by OpenTelemetry's own OTLP/JSON serializers (@opentelemetry/otlp-transformer), POSTed
// to `<base>/v1/traces` and `<base>/v1/metrics` (opentelemetry.io/docs/specs/otlp/#otlphttp) through a
// fetch the caller chooses — the browser's own, or Toolscope's locked-down proxy for a collector that
// allows no browser origin. Headers (an API key) are the caller's, held in memory. The CLI uses the
// official exporters instead (server/telemetry/otlpPush.ts); in a browser they cannot take the proxy's path.
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { JsonMetricsSerializer, JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { AggregationTemporality, type PushMetricExporter, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { FetchLike } from './traffic.ts';
import type { SignalSinks } from './otlpExport.ts';

/** At most this long per request to the collector. */
const SEND_TIMEOUT_MS = 15_000;

/** The signal URL under an OTLP/HTTP base URL (the spec's `/v1/<signal>` path). */
export const signalUrl = (base: string, signal: 'traces' | 'metrics') => `${base.trim().replace(/\/+$/, '')}/v1/${signal}`;

async function post(send: FetchLike, url: string, headers: Record<string, string>, body: Uint8Array): Promise<ExportResult> {
  try {
    const response = await send(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: new TextDecoder().decode(body),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.text().catch(() => '');
    if (response.ok) return { code: ExportResultCode.SUCCESS };
    return { code: ExportResultCode.FAILED, error: new Error(`${url} answered ${response.status} ${response.statusText}`.trim()) };
  } catch (error) {
    return { code: ExportResultCode.FAILED, error: error instanceof Error ? error : new Error(String(error)) };
  }
}

/** Span and metric exporters that POST OTLP/JSON to a collector at `base` through `send`. */
export function fetchSinks(send: FetchLike, base: string, headers: Record<string, string>): SignalSinks {
  const spans: SpanExporter = {
    export: (list: ReadableSpan[], done) => {
      const body = JsonTraceSerializer.serializeRequest(list);
      if (!body) return done({ code: ExportResultCode.FAILED, error: new Error('The spans could not be serialized.') });
      void post(send, signalUrl(base, 'traces'), headers, body).then(done);
    },
    shutdown: () => Promise.resolve(),
  };
  const metrics: PushMetricExporter = {
    export: (resourceMetrics: ResourceMetrics, done) => {
      const body = JsonMetricsSerializer.serializeRequest(resourceMetrics);
      if (!body) return done({ code: ExportResultCode.FAILED, error: new Error('The histograms could not be serialized.') });
      void post(send, signalUrl(base, 'metrics'), headers, body).then(done);
    },
    forceFlush: () => Promise.resolve(),
    shutdown: () => Promise.resolve(),
    // Cumulative, as the OTLP exporters default to.
    selectAggregationTemporality: () => AggregationTemporality.CUMULATIVE,
  };
  return { spans, metrics };
}
