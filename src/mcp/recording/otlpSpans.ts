// OTLP/JSON spans (opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding) read as the
// OpenTelemetry SDK's ReadableSpans, so spans someone else made — a server's own (SEP-2448), an
// export read back — go to the SDK's exporters beside Toolscope's: the in-memory one for a file,
// the OTLP exporters for a collector. The caller has checked the shape (./serverSpans.ts).
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

const valueOf = (value: OtlpValue | undefined): AttributeValue | undefined => {
  if (!value) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(valueOf) as AttributeValue;
  return undefined;
};
const attributesOf = (list: OtlpKeyValue[] = []): Attributes => Object.fromEntries(list.map(({ key, value }) => [key, valueOf(value)]));
const hrTime = (nanos: string): HrTime => {
  const total = BigInt(nanos);
  return [Number(total / 1_000_000_000n), Number(total % 1_000_000_000n)];
};
const lower = (id: string) => id.toLowerCase();

/** The `resourceSpans` of an OTLP/JSON trace request as the SDK's spans, each with its resource and scope. */
export function readableSpansOf(resourceSpansList: OtlpRequest['resourceSpans']): ReadableSpan[] {
  const spans: ReadableSpan[] = [];
  for (const resourceSpans of resourceSpansList) {
    const resource: Resource = resourceFromAttributes(attributesOf(resourceSpans.resource?.attributes));
    for (const scopeSpans of resourceSpans.scopeSpans) {
      const scope = { name: scopeSpans.scope?.name ?? '', version: scopeSpans.scope?.version, schemaUrl: scopeSpans.schemaUrl };
      for (const span of scopeSpans.spans) {
        const traceFlags = (span.flags ?? 0) & 0xff ? TraceFlags.SAMPLED : TraceFlags.NONE;
        const [startTime, endTime] = [hrTime(span.startTimeUnixNano), hrTime(span.endTimeUnixNano)];
        const nanos = BigInt(span.endTimeUnixNano) - BigInt(span.startTimeUnixNano);
        spans.push({
          name: span.name,
          kind: (span.kind ?? 1) - 1,
          spanContext: () => ({ traceId: lower(span.traceId), spanId: lower(span.spanId), traceFlags }),
          ...(span.parentSpanId
            ? { parentSpanContext: { traceId: lower(span.traceId), spanId: lower(span.parentSpanId), traceFlags, isRemote: false } }
            : {}),
          startTime,
          endTime,
          duration: [Number(nanos / 1_000_000_000n), Number(nanos % 1_000_000_000n)],
          status: { code: span.status?.code ?? 0, ...(span.status?.message !== undefined ? { message: span.status.message } : {}) },
          attributes: attributesOf(span.attributes),
          links: [],
          events: [],
          ended: true,
          resource,
          instrumentationScope: scope,
          droppedAttributesCount: span.droppedAttributesCount ?? 0,
          droppedEventsCount: span.droppedEventsCount ?? 0,
          droppedLinksCount: span.droppedLinksCount ?? 0,
        });
      }
    }
  }
  return spans;
}
