// An OTLP/HTTP receiver for tests: what a collector's `otlphttp` receiver takes at `/v1/traces` and
// `/v1/metrics` (opentelemetry.io/docs/specs/otlp/#otlphttp), in both encodings — `application/json`
// read as OTLP/JSON, `application/x-protobuf` decoded with opentelemetry-proto's own .proto files
// (./otlp-proto, through ./otlpProto.ts). Every request is kept as received: path, headers, the
// message (protobuf's ids turned to the hex OTLP/JSON uses, so both encodings compare alike). It
// answers 200 with an empty Export*ServiceResponse, or the status a test asks for. 127.0.0.1 only.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { listenLoopback } from '../loopback.ts';
import { otlpProblems, protoType } from './otlpProto.ts';

export interface Received {
  path: string;
  contentType: string;
  headers: IncomingHttpHeaders;
  /** The message, as OTLP/JSON would write it (ids in hex). */
  body: Record<string, unknown>;
  /** For traces sent as JSON: what the strict OTLP/JSON check found ([] when a collector takes it). */
  problems: string[];
}

const HEX_IDS = new Set(['traceId', 'spanId', 'parentSpanId']);
const hexIds = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(hexIds);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      HEX_IDS.has(key) && typeof inner === 'string' ? Buffer.from(inner, 'base64').toString('hex') : hexIds(inner),
    ]),
  );
};

export async function startOtlpReceiver(options: { status?: number; port?: number } = {}) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const signal = path === '/v1/traces' ? 'traces' : path === '/v1/metrics' ? 'metrics' : undefined;
      if (request.method !== 'POST' || !signal) {
        response.writeHead(404).end();
        return;
      }
      let raw = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
      const contentType = String(request.headers['content-type'] ?? '');
      const type = protoType(signal);
      let body: Record<string, unknown>;
      let problems: string[] = [];
      try {
        if (contentType.startsWith('application/json')) {
          body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
          if (signal === 'traces') problems = otlpProblems(raw.toString('utf8'));
        } else if (contentType.startsWith('application/x-protobuf')) {
          const decoded = type.toObject(type.decode(raw), { longs: String, enums: Number, bytes: String, defaults: false });
          body = hexIds(decoded) as Record<string, unknown>;
        } else {
          response.writeHead(415).end();
          return;
        }
      } catch (error) {
        response.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
        return;
      }
      received.push({ path, contentType, headers: request.headers, body, problems });
      const status = options.status ?? 200;
      response.writeHead(status, { 'content-type': contentType.startsWith('application/json') ? 'application/json' : contentType });
      response.end(status === 200 ? (contentType.startsWith('application/json') ? '{}' : Buffer.alloc(0)) : 'refused by the test');
    });
  });
  const port = await listenLoopback(server, options.port ?? 0);
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Attribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
}
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind?: number;
  status?: { code?: number; message?: string };
  attributes: Record<string, string | number | boolean | undefined>;
  service?: string;
}

const flat = (attributes: Attribute[] = []) =>
  Object.fromEntries(
    attributes.map(({ key, value }) => [
      key,
      value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue)),
    ]),
  );

/** Every span the receiver got, with its attributes flattened and its resource's service.name. */
export function spansOf(received: readonly Received[]): ReceivedSpan[] {
  type Spans = { resource?: { attributes?: Attribute[] }; scopeSpans?: { spans?: (ReceivedSpan & { attributes?: Attribute[] })[] }[] }[];
  return received
    .filter((one) => one.path === '/v1/traces')
    .flatMap((one) =>
      ((one.body.resourceSpans ?? []) as Spans).flatMap((resource) => {
        const service = flat(resource.resource?.attributes)['service.name'];
        return (resource.scopeSpans ?? []).flatMap((scope) =>
          (scope.spans ?? []).map((span) => ({ ...span, attributes: flat(span.attributes), service: service as string | undefined })),
        );
      }),
    );
}

export interface ReceivedHistogram {
  name: string;
  unit?: string;
  points: { attributes: Record<string, string | number | boolean | undefined>; count: number; bounds: number[]; bucketCounts: number[] }[];
}

/** Every histogram the receiver got, its points' counts and bounds as numbers. */
export function histogramsOf(received: readonly Received[]): ReceivedHistogram[] {
  type Metrics = {
    scopeMetrics?: {
      metrics?: {
        name: string;
        unit?: string;
        histogram?: {
          dataPoints?: {
            attributes?: Attribute[];
            count?: string | number;
            explicitBounds?: number[];
            bucketCounts?: (string | number)[];
          }[];
        };
      }[];
    }[];
  }[];
  return received
    .filter((one) => one.path === '/v1/metrics')
    .flatMap((one) =>
      ((one.body.resourceMetrics ?? []) as Metrics).flatMap((resource) =>
        (resource.scopeMetrics ?? []).flatMap((scope) =>
          (scope.metrics ?? [])
            .filter((metric) => metric.histogram)
            .map((metric) => ({
              name: metric.name,
              unit: metric.unit,
              points: (metric.histogram?.dataPoints ?? []).map((point) => ({
                attributes: flat(point.attributes),
                count: Number(point.count ?? 0),
                bounds: point.explicitBounds ?? [],
                bucketCounts: (point.bucketCounts ?? []).map(Number),
              })),
            })),
        ),
      ),
    );
}
