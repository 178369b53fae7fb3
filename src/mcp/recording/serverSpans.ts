// A server's own spans of one call (SEP-2448, "Server Execution Telemetry", draft of 2026-03-23,
// capability version 2026-03-01): a server that advertises `serverExecutionTelemetry` with
// `signals.traces.supported` answers a request carrying `_meta.otel.traces.request: true` with OTLP/JSON
// `resourceSpans` under the result's `_meta.otel.traces`. The SEP says a client MUST validate the
// spans' lineage against the request's trace context and SHOULD treat them as untrusted: here they
// are bounded (bytes, spans, depth of the tree), checked for OTLP/JSON's shape
// (opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding), every span must be in the call's trace,
// and every span's parent must be the call's span or another returned span. Anything else refuses
// the whole set, with the reason. Pure.
import { isRecord, own } from '../guards.ts';
import { deeperThan } from '../../lib/jsonDepth.ts';
import { refused } from '../../lib/refusal.ts';
import { formatBytes } from '../results.ts';

/** The SEP's capability and request keys. */
export const SERVER_SPANS_CAPABILITY = 'serverExecutionTelemetry';
export const SERVER_SPANS_REQUEST = { traces: { request: true, detailed: true } } as const;
/** At most this much span JSON per call (a call's own result has its own cap), and this many spans. */
export const MAX_SERVER_SPANS_BYTES = 128 * 1024;
export const MAX_SERVER_SPANS = 500;
const MAX_NAME = 1024;

/** Does the server say it returns its spans (SEP-2448 §"Server Capability Advertisement")? */
export function offersServerSpans(capabilities: unknown): boolean {
  const advertised = isRecord(capabilities) ? own(capabilities, SERVER_SPANS_CAPABILITY) : undefined;
  const signals = isRecord(advertised) ? own(advertised, 'signals') : undefined;
  const traces = isRecord(signals) ? own(signals, 'traces') : undefined;
  return isRecord(traces) && own(traces, 'supported') === true;
}

/** One server span, as the waterfall draws it: times in epoch milliseconds (fractions kept). */
export interface ServerSpan {
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer (0 unspecified). */
  kind: number;
  startMs: number;
  endMs: number;
  /** The resource's `service.name`, when it gave one. */
  service?: string;
  /** OTLP's status code 2: the server said this span failed (with its message). */
  error?: string;
}

/** The trace context one call carried, and what came of asking for the server's spans. */
export interface CallTrace {
  traceId: string;
  /** The call's span id (the traceparent's parent-id): the server's root span names it as its parent. */
  spanId: string;
  /** The request carried `_meta.otel` (the person asked, the server offers it). */
  askedForSpans: boolean;
  /** What the answer carried, when asked. */
  serverSpans?: ServerSpansReading;
}

export type ServerSpansReading =
  /** Validated: the spans for the waterfall, and the OTLP/JSON `resourceSpans` as the server sent them. */
  | { spans: ServerSpan[]; resourceSpans: unknown[]; bytes: number }
  /** The server sent spans this client will not keep, and why. */
  | { refused: string }
  /** Asked, and the answer carried none. */
  | { none: true };

const HEX = (digits: number) => new RegExp(`^[0-9a-f]{${digits}}$`);
const nanos = (value: unknown): bigint | undefined => {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && /^\d{1,20}$/.test(value)) return BigInt(value);
  return undefined;
};
const serviceOf = (resource: unknown): string | undefined => {
  const attributes = isRecord(resource) ? own(resource, 'attributes') : undefined;
  if (!Array.isArray(attributes)) return undefined;
  for (const attribute of attributes as unknown[]) {
    if (!isRecord(attribute) || own(attribute, 'key') !== 'service.name') continue;
    const value = own(attribute, 'value');
    const text = isRecord(value) ? own(value, 'stringValue') : undefined;
    return typeof text === 'string' ? text.slice(0, MAX_NAME) : undefined;
  }
  return undefined;
};

/** One span checked, or what is wrong with it. */
function readSpan(span: unknown, service: string | undefined, where: string): ServerSpan | string {
  if (!isRecord(span)) return `${where}: not an object`;
  const [traceId, spanId, parent, name] = ['traceId', 'spanId', 'parentSpanId', 'name'].map((key) => own(span, key));
  if (typeof traceId !== 'string' || !HEX(32).test(traceId.toLowerCase())) return `${where}: traceId is not 32 hex digits`;
  if (typeof spanId !== 'string' || !HEX(16).test(spanId.toLowerCase())) return `${where}: spanId is not 16 hex digits`;
  if (parent !== undefined && (typeof parent !== 'string' || (parent !== '' && !HEX(16).test(parent.toLowerCase()))))
    return `${where}: parentSpanId is not 16 hex digits`;
  if (typeof name !== 'string' || name.length > MAX_NAME) return `${where}: name is not a string of at most ${MAX_NAME} characters`;
  const [start, end] = [nanos(own(span, 'startTimeUnixNano')), nanos(own(span, 'endTimeUnixNano'))];
  if (start === undefined || end === undefined) return `${where}: start and end times must be nanoseconds (decimal)`;
  if (end < start) return `${where}: ends before it starts`;
  const kind = own(span, 'kind') ?? 0;
  if (!Number.isInteger(kind) || (kind as number) < 0 || (kind as number) > 5) return `${where}: kind is not an OTLP SpanKind (0–5)`;
  const status = own(span, 'status');
  const code = isRecord(status) ? own(status, 'code') : undefined;
  const message = isRecord(status) ? own(status, 'message') : undefined;
  return {
    spanId: spanId.toLowerCase(),
    parentSpanId: typeof parent === 'string' ? parent.toLowerCase() : '',
    name,
    kind: kind as number,
    startMs: Number(start / 1000n) / 1000,
    endMs: Number(end / 1000n) / 1000,
    ...(service !== undefined ? { service } : {}),
    ...(code === 2 ? { error: typeof message === 'string' && message ? message.slice(0, MAX_NAME) : 'error' } : {}),
    // The trace id is checked by the caller, against the call's.
    ...{ traceId: traceId.toLowerCase() },
  };
}

/**
 * The spans a call's result carries under `_meta.otel.traces`, checked against the trace context
 * the call sent (`traceId`, and `spanId`: the call's span, which the server's root span must name
 * as its parent).
 */
export function readServerSpans(result: unknown, sent: { traceId: string; spanId: string }): ServerSpansReading {
  const meta = isRecord(result) ? own(result, '_meta') : undefined;
  const otel = isRecord(meta) ? own(meta, 'otel') : undefined;
  const traces = isRecord(otel) ? own(otel, 'traces') : undefined;
  if (traces === undefined) return { none: true };
  // Measured without recursion before anything walks it (JSON.stringify overflows the stack near 5,000 levels).
  if (deeperThan(traces, 64)) return { refused: refused("the server's spans are nested deeper than OTLP/JSON ever is (64 levels).") };
  const text = JSON.stringify(traces) ?? '';
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_SERVER_SPANS_BYTES)
    return {
      refused: refused(`the server's spans are ${formatBytes(bytes)}, over the ${formatBytes(MAX_SERVER_SPANS_BYTES)} a call may bring.`),
    };
  const resourceSpans = isRecord(traces) ? own(traces, 'resourceSpans') : undefined;
  if (!Array.isArray(resourceSpans)) return { refused: 'Not OTLP/JSON: `_meta.otel.traces.resourceSpans` is not a list.' };
  const spans: (ServerSpan & { traceId?: string })[] = [];
  for (const [r, resource] of (resourceSpans as unknown[]).entries()) {
    const scopes = isRecord(resource) ? own(resource, 'scopeSpans') : undefined;
    if (!isRecord(resource) || !Array.isArray(scopes)) return { refused: `Not OTLP/JSON: resourceSpans[${r}].scopeSpans is not a list.` };
    const service = serviceOf(own(resource, 'resource'));
    for (const [s, scope] of (scopes as unknown[]).entries()) {
      const list = isRecord(scope) ? own(scope, 'spans') : undefined;
      if (!Array.isArray(list)) return { refused: `Not OTLP/JSON: resourceSpans[${r}].scopeSpans[${s}].spans is not a list.` };
      for (const [i, span] of (list as unknown[]).entries()) {
        if (spans.length >= MAX_SERVER_SPANS) return { refused: `The server sent more than ${MAX_SERVER_SPANS} spans for one call.` };
        const read = readSpan(span, service, `resourceSpans[${r}].scopeSpans[${s}].spans[${i}]`);
        if (typeof read === 'string') return { refused: `Not OTLP/JSON: ${read}.` };
        spans.push(read);
      }
    }
  }
  if (!spans.length) return { none: true };
  const foreign = spans.find((span) => span.traceId !== sent.traceId);
  if (foreign)
    return { refused: `Span "${foreign.name}" is in trace ${foreign.traceId}, not this call's (${sent.traceId}): not this call's spans.` };
  const ids = new Set(spans.map((span) => span.spanId));
  if (ids.size < spans.length) return { refused: 'Two returned spans share one span id.' };
  const orphan = spans.find((span) => span.parentSpanId !== sent.spanId && !ids.has(span.parentSpanId));
  if (orphan)
    return {
      refused: `Span "${orphan.name}" names parent ${orphan.parentSpanId || '(none)'}: neither this call's span (${sent.spanId}) nor a returned span.`,
    };
  const kept = spans.map(({ traceId: _trace, ...span }) => span);
  // Parents that name each other in a ring are all "returned spans", yet none hangs under the call.
  if (spanTree(kept, sent.spanId).length < kept.length)
    return { refused: "Some spans do not hang under this call's span (their parents form a ring)." };
  return { spans: kept, resourceSpans: resourceSpans as unknown[], bytes };
}

/** The spans in tree order (parents before children, siblings by start), each with its depth under the call. */
export function spanTree(spans: readonly ServerSpan[], callSpanId: string): { span: ServerSpan; depth: number }[] {
  const children = new Map<string, ServerSpan[]>();
  for (const span of spans) children.set(span.parentSpanId, [...(children.get(span.parentSpanId) ?? []), span]);
  const rows: { span: ServerSpan; depth: number }[] = [];
  // Iterative, so a long chain cannot overflow the stack; a cycle cannot occur (each id once, rooted at the call).
  const stack = [...(children.get(callSpanId) ?? [])].sort((a, b) => b.startMs - a.startMs).map((span) => ({ span, depth: 1 }));
  while (stack.length) {
    const next = stack.pop();
    if (!next) break;
    rows.push(next);
    const under = [...(children.get(next.span.spanId) ?? [])].sort((a, b) => b.startMs - a.startMs);
    stack.push(...under.map((span) => ({ span, depth: next.depth + 1 })));
  }
  return rows;
}

/** A call's result with the trace context it carried, and the server's spans read against it when they were asked for. */
export function withTrace<T extends { raw: unknown }>(result: T, trace: CallTrace | undefined): T & { trace?: CallTrace } {
  if (!trace) return result;
  return { ...result, trace: trace.askedForSpans ? { ...trace, serverSpans: readServerSpans(result.raw, trace) } : trace };
}
