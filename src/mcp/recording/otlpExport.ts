// A session as OpenTelemetry traces (OTLP/JSON): one client span per request the server answered,
// under one span for the session, made by the OpenTelemetry SDK (a tracer, an in-memory exporter)
// and serialized by its OTLP transformer — nothing of the format is hand-written. Names and
// attributes follow the semantic conventions for MCP (opentelemetry.io/docs/specs/semconv/gen-ai/mcp,
// Development): span name `{mcp.method.name} {target}`, kind CLIENT, `mcp.method.name`,
// `mcp.protocol.version`, `jsonrpc.request.id`, `gen_ai.tool.name` and `gen_ai.operation.name`
// "execute_tool" on tools/call, `gen_ai.prompt.name`, `mcp.resource.uri`; an error sets the span's
// status, `error.type` and `rpc.response.status_code` (the JSON-RPC code). A call that carried W3C
// trace context (`params._meta.traceparent`, src/mcp/recording/traceContext.ts) keeps its ids: the session is
// that trace, the call's span that span id — so spans the server made under it join the same trace.
// Loaded on demand.
import { SpanKind, SpanStatusCode, context, trace, type Attributes } from '@opentelemetry/api';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { Cassette, CassetteExchange } from './cassette.ts';
import { isRecord, own } from '../guards.ts';
import { parseTraceparent } from './traceContext.ts';

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

/** The span's low-cardinality target (a tool or prompt name) and its attributes, per the MCP conventions. */
function describe(exchange: CassetteExchange, protocolVersion: string): { name: string; attributes: Attributes } {
  const tool = exchange.method === 'tools/call' ? text(exchange.params, 'name') : undefined;
  const prompt = exchange.method === 'prompts/get' ? text(exchange.params, 'name') : undefined;
  const uri = exchange.method.startsWith('resources/') ? text(exchange.params, 'uri') : undefined;
  const target = tool ?? prompt;
  const attributes: Attributes = {
    'mcp.method.name': exchange.method,
    'mcp.protocol.version': protocolVersion,
    ...(exchange.id !== undefined ? { 'jsonrpc.request.id': String(exchange.id) } : {}),
    ...(tool ? { 'gen_ai.tool.name': tool, 'gen_ai.operation.name': 'execute_tool' } : {}),
    ...(prompt ? { 'gen_ai.prompt.name': prompt } : {}),
    ...(uri ? { 'mcp.resource.uri': uri } : {}),
  };
  if (exchange.error) {
    attributes['error.type'] = String(exchange.error.code);
    attributes['rpc.response.status_code'] = String(exchange.error.code);
  } else if (tool && isRecord(exchange.result) && own(exchange.result, 'isError') === true) {
    // The conventions' word for a tool's own failure: the span is an error, its type "tool_error".
    attributes['error.type'] = 'tool_error';
  }
  return { name: target ? `${exchange.method} ${target}` : exchange.method, attributes };
}

/** The cassette's exchanges as OTLP/JSON (an ExportTraceServiceRequest), and how many spans it holds. */
export async function otlpJson(cassette: Cassette, toolscopeVersion: string): Promise<{ json: string; spans: number }> {
  const exporter = new InMemorySpanExporter();
  const ids = new PlannedIds();
  const provider = new BasicTracerProvider({
    idGenerator: ids,
    resource: resourceFromAttributes({ 'service.name': 'toolscope', 'service.version': toolscopeVersion }),
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  const tracer = provider.getTracer('toolscope', toolscopeVersion);
  const { header, exchanges } = cassette;
  const timed = exchanges.filter((exchange) => exchange.at !== undefined);
  const start = Math.min(...timed.map((exchange) => exchange.at ?? 0));
  const end = Math.max(...timed.map((exchange) => (exchange.at ?? 0) + exchange.ms));
  // The session is the trace the calls carried (one per connection), when any did.
  ids.next = { traceId: exchanges.map(carried).find((context) => context !== undefined)?.traceId };
  const session = tracer.startSpan(`mcp session ${header.server.name}`, {
    kind: SpanKind.CLIENT,
    startTime: Number.isFinite(start) ? start : Date.now(),
    attributes: { 'mcp.protocol.version': header.protocolVersion, 'server.name': header.server.name },
  });
  const parent = trace.setSpan(context.active(), session);
  for (const exchange of timed) {
    const { name, attributes } = describe(exchange, header.protocolVersion);
    const planned = carried(exchange);
    // A span id from another trace would point at nothing here: only the session's trace keeps its ids.
    ids.next = { spanId: planned && planned.traceId === session.spanContext().traceId ? planned.spanId : undefined };
    const span = tracer.startSpan(name, { kind: SpanKind.CLIENT, startTime: exchange.at, attributes }, parent);
    const failed =
      exchange.error ?? (attributes['error.type'] === 'tool_error' ? { message: 'The tool answered isError: true' } : undefined);
    if (failed) span.setStatus({ code: SpanStatusCode.ERROR, message: failed.message });
    span.end((exchange.at ?? 0) + exchange.ms);
  }
  session.end(Number.isFinite(end) ? end : Date.now());
  await provider.forceFlush();
  const spans = exporter.getFinishedSpans();
  const bytes = JsonTraceSerializer.serializeRequest([...spans]);
  await provider.shutdown();
  return { json: new TextDecoder().decode(bytes), spans: spans.length };
}
