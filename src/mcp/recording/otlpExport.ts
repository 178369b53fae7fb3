// A session as OpenTelemetry signals: traces (one CLIENT span per request the server answered, under
// one INTERNAL span for the session) and metrics (`mcp.client.operation.duration`,
// `mcp.client.session.duration`), made by the OpenTelemetry SDK (a tracer, a meter) and handed to an
// exporter — the in-memory one serialized by the OTLP transformer for a file (Export OTLP,
// `record --otlp`), the official OTLP exporters for a collector (server/telemetry/otlpPush.ts).
// Nothing of the format is hand-written.
//
// Names, kinds and attributes follow the OpenTelemetry semantic conventions for MCP (Development;
// open-telemetry/semantic-conventions-genai v0.1.0, docs/gen-ai/mcp.md — moved there from
// semantic-conventions v1.40.0): span name `{mcp.method.name} {target}`, kind CLIENT; `mcp.method.name`,
// `mcp.protocol.version`, `jsonrpc.request.id`, `gen_ai.tool.name` and `gen_ai.operation.name`
// "execute_tool" on tools/call, `gen_ai.prompt.name`, `mcp.resource.uri`, `network.transport` ("pipe"
// for stdio, "tcp" for HTTP) and `network.protocol.name` ("http"), `server.address` and `server.port` (HTTP), `mcp.session.id` (only a 2025
// session has one: the 2026-07-28 revision has no sessions); an error sets the span's status to ERROR
// with the JSON-RPC message, `error.type` and `rpc.response.status_code` to the JSON-RPC code, a tool's
// `isError: true` sets `error.type` "tool_error". The histograms use the conventions' unit (s) and
// ExplicitBucketBoundaries. docs/telemetry.md maps each attribute to where it comes from.
//
// A call that carried W3C trace context (`params._meta.traceparent`) keeps its ids: the session is
// that trace, the call's span that span id — so the server's own spans join it; spans a server
// returned in the call's result (SEP-2448, ./serverSpans.ts) are checked and exported beside
// Toolscope's, under the call's span. Loaded on demand.
import { SpanKind, SpanStatusCode, context, trace, type Attributes } from '@opentelemetry/api';
import { ExportResultCode } from '@opentelemetry/core';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader, type PushMetricExporter } from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import type { Cassette, CassetteExchange } from './cassette.ts';
import { isRecord, own } from '../guards.ts';
import { parseTraceparent } from './traceContext.ts';
import { readServerSpans } from './serverSpans.ts';
import { readableSpansOf, type OtlpRequest } from './otlpSpans.ts';
import type { SessionReach } from './sessionReach.ts';

/** The conventions' ExplicitBucketBoundaries for every MCP duration histogram, in seconds. */
export const MCP_DURATION_BUCKETS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

/** The ids the next span gets when a request carried them; random ones otherwise (the SDK's own rule). */
class PlannedIds {
  next: { traceId?: string; spanId?: string } = {};
  readonly #random = (bytes: number) =>
    Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  generateTraceId = () => this.next.traceId ?? this.#random(16);
  generateSpanId = () => {
    const planned = this.next.spanId;
    this.next = { ...this.next, spanId: undefined };
    return planned ?? this.#random(8);
  };
}

const carried = (exchange: CassetteExchange) => {
  const meta = own(exchange.params, '_meta');
  return isRecord(meta) ? parseTraceparent(own(meta, 'traceparent')) : undefined;
};

const text = (params: Record<string, unknown>, key: string) =>
  typeof own(params, key) === 'string' ? (own(params, key) as string) : undefined;

/** The conventions' network attributes of the session (spans and both histograms). */
function networkAttributes(reach: SessionReach): Attributes {
  return {
    'network.transport': reach.transport,
    // "Recording MCP transport": Streamable HTTP is `network.protocol.name` http (its version is the
    // fetch's own, unknown here, so not set); stdio has no network protocol.
    ...(reach.transport === 'tcp' ? { 'network.protocol.name': 'http' } : {}),
    ...(reach.address ? { 'server.address': reach.address } : {}),
    ...(reach.address && reach.port ? { 'server.port': reach.port } : {}),
  };
}

/** The span's low-cardinality target (a tool or prompt name) and its attributes, per the MCP conventions. */
function describe(
  exchange: CassetteExchange,
  protocolVersion: string,
  reach: SessionReach,
): { name: string; span: Attributes; metric: Attributes; failure?: string } {
  const tool = exchange.method === 'tools/call' ? text(exchange.params, 'name') : undefined;
  const prompt = exchange.method === 'prompts/get' ? text(exchange.params, 'name') : undefined;
  const uri = exchange.method.startsWith('resources/') ? text(exchange.params, 'uri') : undefined;
  const target = tool ?? prompt;
  // What a histogram may carry: low-cardinality only (no request id, no session, no URI — Opt-In there).
  const metric: Attributes = {
    'mcp.method.name': exchange.method,
    'mcp.protocol.version': protocolVersion,
    ...networkAttributes(reach),
    ...(tool ? { 'gen_ai.tool.name': tool, 'gen_ai.operation.name': 'execute_tool' } : {}),
    ...(prompt ? { 'gen_ai.prompt.name': prompt } : {}),
  };
  let failure: string | undefined;
  if (exchange.error) {
    metric['error.type'] = String(exchange.error.code);
    metric['rpc.response.status_code'] = String(exchange.error.code);
    failure = exchange.error.message;
  } else if (tool && isRecord(exchange.result) && own(exchange.result, 'isError') === true) {
    // The conventions' word for a tool's own failure: the span is an error, its type "tool_error".
    metric['error.type'] = 'tool_error';
    failure = 'The tool answered isError: true';
  }
  const span: Attributes = {
    ...metric,
    ...(exchange.id !== undefined && exchange.id !== null ? { 'jsonrpc.request.id': String(exchange.id) } : {}),
    ...(uri ? { 'mcp.resource.uri': uri } : {}),
    ...(reach.sessionId ? { 'mcp.session.id': reach.sessionId } : {}),
  };
  return { name: target ? `${exchange.method} ${target}` : exchange.method, span, metric, ...(failure ? { failure } : {}) };
}

/** Where a session's signals go: a span exporter, and a metric exporter when metrics are wanted. */
export interface SignalSinks {
  spans: SpanExporter;
  metrics?: PushMetricExporter;
}

export interface SignalsSent {
  /** Toolscope's spans (the session's and one per request) and the servers' own (SEP-2448). */
  spans: number;
  serverSpans: number;
  /** Histogram points recorded: one per request, one for the session. */
  measurements: number;
  /** What was left out, and why (a server's spans refused). */
  notes: string[];
}

const exported = (exporter: SpanExporter, spans: ReadableSpan[]) =>
  new Promise<void>((resolve, reject) =>
    exporter.export(spans, (result) =>
      result.code === ExportResultCode.SUCCESS ? resolve() : reject(result.error ?? new Error('The exporter did not take the spans.')),
    ),
  );

/** The cassette's exchanges as spans and histograms, handed to `sinks`. */
export async function sessionSignals(
  cassette: Cassette,
  toolscopeVersion: string,
  reach: SessionReach,
  sinks: SignalSinks,
): Promise<SignalsSent> {
  const held = new InMemorySpanExporter();
  const ids = new PlannedIds();
  const resource = resourceFromAttributes({ 'service.name': 'toolscope', 'service.version': toolscopeVersion });
  const provider = new BasicTracerProvider({ idGenerator: ids, resource, spanProcessors: [new SimpleSpanProcessor(held)] });
  const tracer = provider.getTracer('toolscope', toolscopeVersion);
  // The reader hands an exporter's failure to OpenTelemetry's global error handler, not to its caller: kept here, and thrown.
  let metricsFailure: Error | undefined;
  const watched: PushMetricExporter | undefined = sinks.metrics && {
    export: (metrics, done) =>
      sinks.metrics?.export(metrics, (result) => {
        if (result.code !== ExportResultCode.SUCCESS)
          metricsFailure = result.error ?? new Error('The exporter did not take the histograms.');
        done(result);
      }),
    forceFlush: () => sinks.metrics?.forceFlush() ?? Promise.resolve(),
    shutdown: () => sinks.metrics?.shutdown() ?? Promise.resolve(),
    ...(sinks.metrics.selectAggregationTemporality
      ? { selectAggregationTemporality: sinks.metrics.selectAggregationTemporality.bind(sinks.metrics) }
      : {}),
  };
  const reader = watched
    ? new PeriodicExportingMetricReader({ exporter: watched, exportIntervalMillis: 2 ** 31 - 1, exportTimeoutMillis: 30_000 })
    : undefined;
  const meters = new MeterProvider({ resource, readers: reader ? [reader] : [] });
  const meter = meters.getMeter('toolscope', toolscopeVersion);
  const histogram = (name: string, description: string) =>
    meter.createHistogram(name, { unit: 's', description, advice: { explicitBucketBoundaries: MCP_DURATION_BUCKETS } });
  const operations = histogram(
    'mcp.client.operation.duration',
    'The duration of the MCP request or notification as observed on the sender from the time it was sent until the response or ack is received.',
  );
  const sessions = histogram('mcp.client.session.duration', 'The duration of the MCP session as observed on the MCP client.');

  const { header, exchanges } = cassette;
  const timed = exchanges.filter((exchange) => exchange.at !== undefined);
  const start = Math.min(...timed.map((exchange) => exchange.at ?? 0));
  const end = Math.max(...timed.map((exchange) => (exchange.at ?? 0) + exchange.ms));
  // The session is the trace the calls carried (one per connection), when any did.
  ids.next = { traceId: exchanges.map(carried).find((ids) => ids !== undefined)?.traceId };
  const sessionAttributes: Attributes = {
    'mcp.protocol.version': header.protocolVersion,
    ...networkAttributes(reach),
    ...(reach.sessionId ? { 'mcp.session.id': reach.sessionId } : {}),
  };
  const session = tracer.startSpan(`mcp session ${header.server.name}`, {
    kind: SpanKind.INTERNAL,
    startTime: Number.isFinite(start) ? start : Date.now(),
    attributes: sessionAttributes,
  });
  const traceId = session.spanContext().traceId;
  const parent = trace.setSpan(context.active(), session);
  const theirs: ReadableSpan[] = [];
  const notes: string[] = [];
  let measurements = 0;
  for (const exchange of timed) {
    const { name, span: attributes, metric, failure } = describe(exchange, header.protocolVersion, reach);
    const planned = carried(exchange);
    // A span id from another trace would point at nothing here: only the session's trace keeps its ids.
    const keeps = planned !== undefined && planned.traceId === traceId;
    ids.next = { spanId: keeps ? planned.spanId : undefined };
    const span = tracer.startSpan(name, { kind: SpanKind.CLIENT, startTime: exchange.at, attributes }, parent);
    if (failure) span.setStatus({ code: SpanStatusCode.ERROR, message: failure });
    span.end((exchange.at ?? 0) + exchange.ms);
    operations.record(exchange.ms / 1000, metric);
    measurements++;
    if (keeps && exchange.result !== undefined) {
      const reading = readServerSpans(exchange.result, planned);
      if ('spans' in reading) theirs.push(...readableSpansOf(reading.resourceSpans as OtlpRequest['resourceSpans']));
      else if ('refused' in reading)
        notes.push(`${name} (id ${String(exchange.id)}): the server's spans were left out — ${reading.refused}`);
    }
  }
  const sessionEnd = Number.isFinite(end) ? end : Date.now();
  session.end(sessionEnd);
  sessions.record(Math.max(0, sessionEnd - (Number.isFinite(start) ? start : sessionEnd)) / 1000, {
    'mcp.protocol.version': header.protocolVersion,
    ...networkAttributes(reach),
  });
  measurements++;
  await provider.forceFlush();
  const ours = held.getFinishedSpans();
  let metersDone = false;
  try {
    await exported(sinks.spans, [...ours, ...theirs]);
    // Shutting the meters down collects and exports once (a flush first would send every point twice).
    metersDone = true;
    await meters.shutdown();
    if (metricsFailure) throw metricsFailure;
  } finally {
    await provider.shutdown();
    if (!metersDone) await meters.shutdown().catch(() => undefined);
  }
  return { spans: ours.length + theirs.length, serverSpans: theirs.length, measurements, notes };
}

/** The cassette's exchanges as OTLP/JSON (an ExportTraceServiceRequest), how many spans it holds, and what was left out. */
export async function otlpJson(
  cassette: Cassette,
  toolscopeVersion: string,
  reach: SessionReach = { transport: 'tcp' },
): Promise<{ json: string; spans: number; serverSpans: number; notes: string[] }> {
  const file = new InMemorySpanExporter();
  const sent = await sessionSignals(cassette, toolscopeVersion, reach, { spans: file });
  const bytes = JsonTraceSerializer.serializeRequest([...file.getFinishedSpans()]);
  return { json: new TextDecoder().decode(bytes), spans: sent.spans, serverSpans: sent.serverSpans, notes: sent.notes };
}
