// W3C Trace Context (www.w3.org/TR/trace-context, §3.2 traceparent, §3.3 tracestate) and W3C Baggage
// (www.w3.org/TR/baggage) in a request's `params._meta`, the keys the 2026-07-28 revision reserves
// for them (SEP-414) and the MCP semantic conventions inject (opentelemetry.io/docs/specs/semconv/gen-ai/mcp,
// "Context propagation"). Written by OpenTelemetry's own W3C propagators (@opentelemetry/core), so a
// tracestate or baggage a person typed goes out as the specs allow or not at all. One trace per
// connection, a new span id per call; the OTLP export gives each call's span that id, so the server's
// own spans (children of it) join the same trace.
import { ROOT_CONTEXT, TraceFlags, trace, type Context } from '@opentelemetry/api';
import { TraceState, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';

/** What a person may add to the trace context a call carries (Call settings, `--tracestate`, `--baggage`). */
export interface TraceKeys {
  /** W3C tracestate: `vendor=value` list-members, comma-separated (at most 32, §3.3.1). */
  tracestate?: string;
  /** W3C baggage: `key=value` members, comma-separated (at most 8,192 bytes, §3.3.1 of the Baggage spec). */
  baggage?: string;
}

const hex = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A random trace id: 16 bytes, lowercase hex, never all zeros (§3.2.2.3). */
export function newTraceId(): string {
  const id = hex(16);
  return /^0+$/.test(id) ? newTraceId() : id;
}

/** A random span id: 8 bytes, never all zeros (§3.2.2.4). */
export function newSpanId(): string {
  const id = hex(8);
  return /^0+$/.test(id) ? '0000000000000001' : id;
}

/** `00-<trace-id>-<new parent-id>-01`: version 00, a new span id, sampled. */
export function traceparent(traceId: string): string {
  return `00-${traceId}-${newSpanId()}-01`;
}

/** A traceparent read back (the export's side): version 00 only, ids not all zeros. */
export function parseTraceparent(value: unknown): { traceId: string; spanId: string } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/.exec(value);
  if (!match?.[1] || !match[2] || /^0+$/.test(match[1]) || /^0+$/.test(match[2])) return undefined;
  return { traceId: match[1], spanId: match[2] };
}

const traceContext = new W3CTraceContextPropagator();
const baggage = new W3CBaggagePropagator();
const setter = { set: (carrier: Record<string, string>, key: string, value: string) => void (carrier[key] = value) };
const getter = {
  get: (carrier: Record<string, string>, key: string) => carrier[key],
  keys: (carrier: Record<string, string>) => Object.keys(carrier),
};

/** The keys as the propagators write them: members the specs refuse are left out, never sent half-made. */
export function normalizeTraceKeys(keys: TraceKeys): TraceKeys {
  const carrier: Record<string, string> = {};
  let context: Context = ROOT_CONTEXT;
  if (keys.baggage?.trim()) context = baggage.extract(context, { baggage: keys.baggage }, getter);
  baggage.inject(context, carrier, setter);
  const state = keys.tracestate?.trim() ? new TraceState(keys.tracestate).serialize() : '';
  return { ...(state ? { tracestate: state } : {}), ...(carrier.baggage ? { baggage: carrier.baggage } : {}) };
}

/** What a person typed that the specs refuse (for the settings to say), or undefined when all of it goes out. */
export function traceKeysProblem(keys: TraceKeys): string | undefined {
  const kept = normalizeTraceKeys(keys);
  const count = (text: string | undefined) => (text?.trim() ? text.split(',').filter((member) => member.trim()).length : 0);
  const problems: string[] = [];
  if (count(kept.tracestate) < count(keys.tracestate))
    problems.push(`tracestate: ${count(kept.tracestate)} of ${count(keys.tracestate)} members are valid (W3C Trace Context §3.3.1)`);
  if (count(kept.baggage) < count(keys.baggage))
    problems.push(`baggage: ${count(kept.baggage)} of ${count(keys.baggage)} members are valid (W3C Baggage §3.3.1)`);
  return problems.length ? `${problems.join('; ')} — the rest is not sent.` : undefined;
}

/**
 * A call's trace keys for `params._meta`: `traceparent` (this connection's trace, a new span id),
 * and `tracestate` and `baggage` when given — each written by its W3C propagator.
 */
export function traceMeta(traceId: string, keys: TraceKeys = {}): Record<string, string> {
  const spanContext = {
    traceId,
    spanId: newSpanId(),
    traceFlags: TraceFlags.SAMPLED,
    ...(keys.tracestate?.trim() ? { traceState: new TraceState(keys.tracestate) } : {}),
  };
  let context = trace.setSpanContext(ROOT_CONTEXT, spanContext);
  if (keys.baggage?.trim()) context = baggage.extract(context, { baggage: keys.baggage }, getter);
  const carrier: Record<string, string> = {};
  traceContext.inject(context, carrier, setter);
  baggage.inject(context, carrier, setter);
  return carrier;
}
