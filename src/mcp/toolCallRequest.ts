// What a tools/call sends besides its arguments, per era: the tool's `x-mcp-header` properties as
// `Mcp-Param-*` headers (2026), a task request (2025), W3C trace context in `params._meta` (SEP-414;
// the MCP semantic conventions: opentelemetry.io/docs/specs/semconv/gen-ai/mcp) and, when the server
// offers it and the person asked, the request for the server's own spans (SEP-2448). Pure.
import type { ToolCallOptions } from './connectOptions.ts';
import { paramHeadersFor, type ParamHeader } from './wire/paramHeaders.ts';
import { parseTraceparent, traceMeta } from './recording/traceContext.ts';
import { SERVER_SPANS_REQUEST, type CallTrace } from './recording/serverSpans.ts';
import type { Era } from './era.ts';

export function toolCallRequest(
  call: { name: string; args: Record<string, unknown>; paramHeaders: readonly ParamHeader[] },
  options: ToolCallOptions,
  era: Era,
  trace: { traceId: string; serverSpansOffered: boolean },
): { params: Record<string, unknown>; headers?: Record<string, string>; trace?: CallTrace } {
  const headers = era === 'modern' ? { ...paramHeadersFor(call.paramHeaders, call.args), ...options.headers } : options.headers;
  const params: Record<string, unknown> = { name: call.name, arguments: call.args };
  let sent: CallTrace | undefined;
  if (options.traceContext) {
    const meta: Record<string, unknown> = traceMeta(trace.traceId, options.traceContext);
    const askSpans = options.traceContext.serverSpans === true && trace.serverSpansOffered;
    if (askSpans) meta.otel = SERVER_SPANS_REQUEST;
    params._meta = meta;
    const ids = parseTraceparent(meta.traceparent);
    if (ids) sent = { ...ids, askedForSpans: askSpans };
  }
  if (options.task && era === 'legacy') params.task = options.task.ttl === undefined ? {} : { ttl: options.task.ttl };
  return { params, ...(headers ? { headers } : {}), ...(sent ? { trace: sent } : {}) };
}
