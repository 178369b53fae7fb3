// The demo returns its own spans of a tool call when asked (SEP-2448, "Server Execution Telemetry",
// capability version 2026-03-01): it advertises `serverExecutionTelemetry`, and a tools/call whose
// `_meta` carries a W3C `traceparent` and `otel.traces.request: true` gets, under the result's
// `_meta.otel.traces`, the OTLP/JSON `resourceSpans` of a SERVER span parented to the client's span
// (named as the MCP conventions name a server span) and one INTERNAL span per stage beneath it. Made
// by the OpenTelemetry SDK — its W3C propagator reads the traceparent, its in-memory exporter holds
// the spans, its OTLP transformer writes them — per request, so no span leaks into another call.
import { SpanKind, SpanStatusCode, context, trace, type Context, type Span } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';

export const EXECUTION_TELEMETRY = { version: '2026-03-01', signals: { traces: { supported: true } } } as const;

const propagator = new W3CTraceContextPropagator();
const getter = {
  get: (carrier: Record<string, unknown>, key: string) => (typeof carrier[key] === 'string' ? carrier[key] : undefined),
  keys: (carrier: Record<string, unknown>) => Object.keys(carrier),
};
const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** Whether a request's `_meta` asks for the server's spans (and carries the context they hang under). */
function asked(meta: unknown): Context | undefined {
  const bag = record(meta);
  if (record(record(bag?.otel)?.traces)?.request !== true || !bag) return undefined;
  const parent = propagator.extract(context.active(), bag, getter);
  return trace.getSpanContext(parent) ? parent : undefined;
}

/** One call's spans, when its request asked for them: stages are timed under the server span; `attach` ends it. */
export class ExecutionTrace {
  readonly #exporter = new InMemorySpanExporter();
  readonly #provider: BasicTracerProvider;
  readonly #root: Span;
  readonly #under: Context;

  private constructor(parent: Context, tool: string, era: string) {
    this.#provider = new BasicTracerProvider({
      resource: resourceFromAttributes({ 'service.name': 'toolscope-demo', 'service.version': '0.1.0' }),
      spanProcessors: [new SimpleSpanProcessor(this.#exporter)],
    });
    this.#root = this.#provider.getTracer('toolscope-demo').startSpan(
      `tools/call ${tool}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'mcp.method.name': 'tools/call',
          'gen_ai.tool.name': tool,
          'gen_ai.operation.name': 'execute_tool',
          'mcp.protocol.version': era === 'modern' ? '2026-07-28' : '2025-11-25',
          'network.transport': 'tcp',
        },
      },
      parent,
    );
    this.#under = trace.setSpan(parent, this.#root);
  }

  static of(meta: unknown, tool: string, era: string): ExecutionTrace | undefined {
    const parent = asked(meta);
    return parent ? new ExecutionTrace(parent, tool, era) : undefined;
  }

  /** Runs `work` as a stage: an INTERNAL span beneath the server span, an error recorded on it. */
  async stage<T>(name: string, work: () => T | Promise<T>): Promise<T> {
    const span = this.#provider.getTracer('toolscope-demo').startSpan(name, { kind: SpanKind.INTERNAL }, this.#under);
    try {
      return await work();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  }

  /** Ends the server span and puts the spans in the result's `_meta.otel.traces` (a tool error marks the span). */
  async attach<T extends Record<string, unknown>>(result: T): Promise<T> {
    if (result.isError === true) {
      this.#root.setAttribute('error.type', 'tool_error');
      this.#root.setStatus({ code: SpanStatusCode.ERROR, message: 'The tool answered isError: true' });
    }
    this.#root.end();
    await this.#provider.forceFlush();
    const written = new TextDecoder().decode(JsonTraceSerializer.serializeRequest([...this.#exporter.getFinishedSpans()]));
    await this.#provider.shutdown();
    const { resourceSpans } = JSON.parse(written) as { resourceSpans: unknown[] };
    const meta = record(result._meta) ?? {};
    return { ...result, _meta: { ...meta, otel: { traces: { resourceSpans } } } };
  }
}
