// A 2025-11-25 server (raw JSON-RPC, loopback) that implements SEP-2448 — it advertises
// `serverExecutionTelemetry` and, asked with `_meta.otel.traces.request`, returns OTLP/JSON spans
// under the result's `_meta.otel.traces` — with the ways a server gets it wrong planted, one tool
// each: two good spans (a SERVER span under the caller's, an INTERNAL one under it), spans of
// another trace, spans over the client's size bound, a span naming a parent nobody sent, none at
// all. It keeps every tools/call's `_meta` as it arrived (the trace keys' proof).
import { startRawJsonRpcServer, type RpcOutcome } from './rawJsonRpc.ts';

const tool = (name: string, description: string) => ({
  name,
  description,
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  annotations: { readOnlyHint: true, openWorldHint: false },
});
export const SPAN_TOOLS = {
  two: tool('two_spans', 'Answers with its two spans of the call.'),
  foreign: tool('foreign_trace', 'Answers with spans of another trace.'),
  oversized: tool('oversized_spans', 'Answers with spans over 128 KB.'),
  orphan: tool('orphan_span', 'Answers with a span whose parent was never sent.'),
  none: tool('no_spans', 'Answers without spans, even when asked.'),
};

const nanos = (ms: number) => `${BigInt(Math.round(ms * 1000)) * 1000n}`;
const span = (traceId: string, spanId: string, parentSpanId: string, name: string, kind: number, from: number, to: number, extra = {}) => ({
  traceId,
  spanId,
  parentSpanId,
  name,
  kind,
  startTimeUnixNano: nanos(from),
  endTimeUnixNano: nanos(to),
  attributes: [{ key: 'mcp.method.name', value: { stringValue: 'tools/call' } }],
  status: {},
  ...extra,
});
const resourceSpans = (spans: unknown[]) => [
  {
    resource: { attributes: [{ key: 'service.name', value: { stringValue: 'span-server' } }] },
    scopeSpans: [{ scope: { name: 'server-execution-telemetry' }, spans }],
  },
];

export async function startSpanServer() {
  const metas: Record<string, unknown>[] = [];
  const answer = (method: string, params: Record<string, unknown>): RpcOutcome => {
    switch (method) {
      case 'initialize':
        return {
          result: {
            protocolVersion: '2025-11-25',
            capabilities: { tools: {}, serverExecutionTelemetry: { version: '2026-03-01', signals: { traces: { supported: true } } } },
            serverInfo: { name: 'span-server', version: '1.0.0' },
          },
        };
      case 'tools/list':
        return { result: { tools: Object.values(SPAN_TOOLS) } };
      case 'tools/call': {
        const meta = (params._meta ?? {}) as Record<string, unknown>;
        metas.push(meta);
        const content = [{ type: 'text', text: `${String(params.name)} answered.` }];
        const parts = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(typeof meta.traceparent === 'string' ? meta.traceparent : '');
        const wanted = (meta.otel as { traces?: { request?: boolean } } | undefined)?.traces?.request === true;
        if (!parts || !wanted || params.name === SPAN_TOOLS.none.name) return { result: { content } };
        const [, traceId = '', parent = ''] = parts;
        const now = Date.now();
        const root = span(traceId, 'aaaaaaaaaaaaaaa1', parent, 'tools/call two_spans', 2, now - 8, now - 1);
        const child = span(traceId, 'aaaaaaaaaaaaaaa2', 'aaaaaaaaaaaaaaa1', 'query the store', 1, now - 6, now - 2);
        const spans = {
          [SPAN_TOOLS.two.name]: [root, child],
          [SPAN_TOOLS.foreign.name]: [{ ...root, traceId: 'f'.repeat(32) }, child],
          [SPAN_TOOLS.oversized.name]: [root, { ...child, attributes: [{ key: 'blob', value: { stringValue: 'x'.repeat(150 * 1024) } }] }],
          [SPAN_TOOLS.orphan.name]: [root, { ...child, parentSpanId: 'bbbbbbbbbbbbbbbb' }],
        }[String(params.name)];
        return { result: { content, ...(spans ? { _meta: { otel: { traces: { resourceSpans: resourceSpans(spans) } } } } : {}) } };
      }
      default:
        return { error: { code: -32601, message: `Method not found: ${method.slice(0, 60)}` } };
    }
  };
  const server = await startRawJsonRpcServer(answer);
  return { ...server, metas };
}
