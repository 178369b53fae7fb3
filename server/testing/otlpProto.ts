// OTLP/JSON checked as a collector reads it, and read back into the OpenTelemetry SDK (issue 65's
// proof of Export OTLP and `record --otlp`). The schema is opentelemetry-proto's own .proto files
// (./otlp-proto, v1.11.0-16 at ac2c4b5, Apache-2.0), parsed by protobufjs; the JSON encoding rules are
// OTLP's (opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding): proto3 JSON with lowerCamelCase
// keys only, trace and span ids as hex (not base64), enums as integers, 64-bit integers as decimal
// strings or numbers. Stricter than a receiver (which ignores unknown fields): a producer's typo is
// a finding. A message that passes is also encoded to protobuf's binary form and decoded again.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import protobuf from 'protobufjs';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { readableSpansOf, type OtlpRequest } from '../../src/mcp/recording/otlpSpans.ts';

const PROTOS = fileURLToPath(new URL('./otlp-proto/', import.meta.url));
const REQUEST = 'opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest';
const METRICS_REQUEST = 'opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest';
/** The byte fields OTLP/JSON writes as hex, and how many bytes each holds (empty: not set). */
const HEX_IDS: Record<string, number> = { traceId: 16, spanId: 8, parentSpanId: 8 };

let root: protobuf.Root | undefined;
/** opentelemetry-proto's request types, loaded once: traces and metrics. */
export function protoType(name: 'traces' | 'metrics'): protobuf.Type {
  if (!root) {
    root = new protobuf.Root();
    root.resolvePath = (_origin, target) => (target.startsWith('/') ? target : join(PROTOS, target));
    root.loadSync([
      'opentelemetry/proto/collector/trace/v1/trace_service.proto',
      'opentelemetry/proto/collector/metrics/v1/metrics_service.proto',
    ]);
    root.resolveAll();
  }
  return root.lookupType(name === 'traces' ? REQUEST : METRICS_REQUEST);
}
const requestType = () => protoType('traces');

const INT32 = new Set(['int32', 'sint32', 'sfixed32', 'uint32', 'fixed32']);
const INT64 = new Set(['int64', 'sint64', 'sfixed64', 'uint64', 'fixed64']);

/** What is wrong with one scalar under OTLP/JSON's rules, or undefined. */
function scalarProblem(field: protobuf.Field, value: unknown): string | undefined {
  const { type, name } = field;
  if (field.resolvedType instanceof protobuf.Enum)
    return Number.isInteger(value) && Object.values(field.resolvedType.values).includes(value as number)
      ? undefined
      : `an enum must be one of its integer values (${JSON.stringify(value)})`;
  if (type === 'string') return typeof value === 'string' ? undefined : 'must be a string';
  if (type === 'bool') return typeof value === 'boolean' ? undefined : 'must be true or false';
  if (INT32.has(type)) return Number.isInteger(value) ? undefined : 'must be an integer';
  if (INT64.has(type)) {
    const ok = typeof value === 'string' ? /^-?\d+$/.test(value) : Number.isSafeInteger(value);
    const unsigned = type.startsWith('u') || type === 'fixed64';
    return ok && !(unsigned && String(value).startsWith('-')) ? undefined : 'must be a 64-bit integer as a decimal string or number';
  }
  if (type === 'double' || type === 'float')
    return typeof value === 'number' || ['NaN', 'Infinity', '-Infinity'].includes(value as string) ? undefined : 'must be a number';
  if (type === 'bytes') {
    const size = HEX_IDS[name];
    if (size !== undefined)
      return typeof value === 'string' && (value === '' ? name === 'parentSpanId' : new RegExp(`^[0-9a-fA-F]{${size * 2}}$`).test(value))
        ? undefined
        : `an id of ${size} bytes as ${size * 2} hex digits (${JSON.stringify(value)})`;
    return typeof value === 'string' && /^[A-Za-z0-9+/_-]*={0,2}$/.test(value) ? undefined : 'bytes must be base64';
  }
  return `a type this check does not know (${type})`;
}

function walk(type: protobuf.Type, value: unknown, path: string, problems: string[]): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push(`${path}: must be an object (${type.name})`);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const [key, inner] of Object.entries(record)) {
    const field = type.fields[key];
    if (!field) {
      problems.push(`${path}.${key}: ${type.name} has no such field (keys are lowerCamelCase)`);
      continue;
    }
    const items = field.repeated ? inner : [inner];
    if (!Array.isArray(items)) {
      problems.push(`${path}.${key}: must be a list`);
      continue;
    }
    for (const [index, item] of items.entries()) {
      const at = field.repeated ? `${path}.${key}[${index}]` : `${path}.${key}`;
      if (field.resolvedType instanceof protobuf.Type) walk(field.resolvedType, item, at, problems);
      else {
        const problem = scalarProblem(field, item);
        if (problem) problems.push(`${at}: ${problem}`);
      }
    }
  }
  for (const oneof of type.oneofsArray) {
    const set = oneof.fieldsArray.filter((field) => record[field.name] !== undefined);
    if (set.length > 1) problems.push(`${path}: at most one of ${oneof.name} (${set.map((field) => field.name).join(', ')})`);
  }
}

/** The same message with OTLP's hex ids in proto3 JSON's base64, as protobufjs reads bytes. */
function hexToBase64(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hexToBase64);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key in HEX_IDS && typeof inner === 'string' ? Buffer.from(inner, 'hex').toString('base64') : hexToBase64(inner),
    ]),
  );
}

/** Every way an OTLP/JSON trace export breaks the schema or its JSON rules; [] when a collector would take it. */
export function otlpProblems(text: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return [`not JSON: ${(error as Error).message}`];
  }
  const type = requestType();
  const problems: string[] = [];
  walk(type, parsed, '$', problems);
  if (problems.length) return problems;
  // Through protobuf's binary form and back: the same number of spans, the same ids.
  const message = type.fromObject(hexToBase64(parsed) as Record<string, unknown>);
  const decoded = type.toObject(type.decode(type.encode(message).finish()), { bytes: String, longs: String }) as {
    resourceSpans?: { scopeSpans?: { spans?: { spanId: string }[] }[] }[];
  };
  const ids = (request: typeof decoded) =>
    (request.resourceSpans ?? []).flatMap((resource) =>
      (resource.scopeSpans ?? []).flatMap((scope) => (scope.spans ?? []).map((span) => span.spanId)),
    );
  const before = ids(hexToBase64(parsed) as typeof decoded);
  const after = ids(decoded);
  if (before.join() !== after.join()) problems.push(`$: the binary round trip kept ${after.length} of ${before.length} spans`);
  return problems;
}

/**
 * An OTLP/JSON trace export read back as the SDK's spans, handed to its in-memory exporter, and
 * serialized again by its OTLP transformer: the spans the exporter holds and that text.
 */
export async function readBackThroughSdk(text: string): Promise<{ spans: ReadableSpan[]; json: string }> {
  const request = JSON.parse(text) as OtlpRequest;
  const spans = readableSpansOf(request.resourceSpans);
  const exporter = new InMemorySpanExporter();
  const exported = await new Promise<number>((resolve) => exporter.export(spans, (result) => resolve(result.code)));
  if (exported !== 0) throw new Error('The in-memory exporter refused the spans.');
  const held = exporter.getFinishedSpans();
  return { spans: held, json: new TextDecoder().decode(JsonTraceSerializer.serializeRequest([...held])) };
}
