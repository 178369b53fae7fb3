// OTLP/JSON spans (opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding) read as the
// OpenTelemetry SDK's ReadableSpans, so spans someone else made — a server's own (SEP-2448), an
// export read back — go to the SDK's exporters beside Toolscope's: the in-memory one for a file,
// the OTLP exporters for a collector. The caller has checked the shape (./serverSpans.ts); every other
// field is taken only as the type the SDK's serializers write, anything else left at its default.
import { TraceFlags, type Attributes, type AttributeValue, type HrTime } from '@opentelemetry/api';
import { resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';

interface OtlpValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number;
  arrayValue?: { values?: OtlpValue[] };
}
interface OtlpKeyValue {
  key: string;
  value?: OtlpValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  traceState?: string;
  name: string;
  kind?: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes?: OtlpKeyValue[];
  droppedAttributesCount?: number;
  droppedEventsCount?: number;
  droppedLinksCount?: number;
  status?: { code?: number; message?: string };
  flags?: number;
}
export interface OtlpRequest {
  resourceSpans: {
    resource?: { attributes?: OtlpKeyValue[] };
    scopeSpans: { scope?: { name: string; version?: string }; schemaUrl?: string; spans: OtlpSpan[] }[];
  }[];
}

/** An attribute's value the SDK can hold (a string, a number, a bool, a list of one of them); anything else is left out. */
const valueOf = (value: OtlpValue | undefined): AttributeValue | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  if (typeof value.stringValue === 'string') return value.stringValue;
  if (typeof value.boolValue === 'boolean') return value.boolValue;
  if (typeof value.intValue === 'string' || typeof value.intValue === 'number') return Number(value.intValue);
  if (typeof value.doubleValue === 'number') return value.doubleValue;
  const values = value.arrayValue?.values;
  if (Array.isArray(values)) {
    const items = values.map(valueOf).filter((item) => item !== undefined && !Array.isArray(item));
    return items as AttributeValue;
  }
  return undefined;
};
const attributesOf = (list: unknown): Attributes =>
  Object.fromEntries(
    (Array.isArray(list) ? (list as OtlpKeyValue[]) : []).flatMap((attribute) => {
      const value =
        typeof attribute === 'object' && attribute !== null && typeof attribute.key === 'string' ? valueOf(attribute.value) : undefined;
      return value === undefined ? [] : [[attribute.key, value]];
    }),
  );
const hrTime = (nanos: string): HrTime => {
  const total = BigInt(nanos);
  return [Number(total / 1_000_000_000n), Number(total % 1_000_000_000n)];
};
const lower = (id: string) => id.toLowerCase();
/** What someone else's span says, only as the types the SDK's serializers write (anything else: the default). */
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const count = (value: unknown): number => (Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : 0);
/** OTLP's SpanKind (0 unspecified, 1 internal … 5 consumer) as the SDK's (0 internal … 4 consumer). */
const kindOf = (value: unknown): number =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5 ? (value as number) - 1 : 0;

/** The `resourceSpans` of an OTLP/JSON trace request as the SDK's spans, each with its resource and scope. */
export function readableSpansOf(resourceSpansList: OtlpRequest['resourceSpans']): ReadableSpan[] {
  const spans: ReadableSpan[] = [];
  for (const resourceSpans of resourceSpansList) {
    const resource: Resource = resourceFromAttributes(attributesOf(resourceSpans.resource?.attributes));
    for (const scopeSpans of resourceSpans.scopeSpans) {
      const scope = {
        name: text(scopeSpans.scope?.name) ?? '',
        version: text(scopeSpans.scope?.version),
        schemaUrl: text(scopeSpans.schemaUrl),
      };
      for (const span of scopeSpans.spans) {
        const traceFlags = count(span.flags) & 0xff ? TraceFlags.SAMPLED : TraceFlags.NONE;
        const code = span.status?.code;
        const message = text(span.status?.message);
        const [startTime, endTime] = [hrTime(span.startTimeUnixNano), hrTime(span.endTimeUnixNano)];
        const nanos = BigInt(span.endTimeUnixNano) - BigInt(span.startTimeUnixNano);
        spans.push({
          name: text(span.name) ?? '',
          kind: kindOf(span.kind),
          spanContext: () => ({ traceId: lower(span.traceId), spanId: lower(span.spanId), traceFlags }),
          ...(span.parentSpanId
            ? { parentSpanContext: { traceId: lower(span.traceId), spanId: lower(span.parentSpanId), traceFlags, isRemote: false } }
            : {}),
          startTime,
          endTime,
          duration: [Number(nanos / 1_000_000_000n), Number(nanos % 1_000_000_000n)],
          status: { code: code === 1 || code === 2 ? code : 0, ...(message !== undefined ? { message } : {}) },
          attributes: attributesOf(span.attributes),
          links: [],
          events: [],
          ended: true,
          resource,
          instrumentationScope: scope,
          droppedAttributesCount: count(span.droppedAttributesCount),
          droppedEventsCount: count(span.droppedEventsCount),
          droppedLinksCount: count(span.droppedLinksCount),
        });
      }
    }
  }
  return spans;
}
