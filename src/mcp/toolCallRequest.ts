// What a tools/call sends besides its arguments, per era: the tool's `x-mcp-header` properties as
// `Mcp-Param-*` headers (2026), a task request (2025), W3C trace context in `params._meta` (the MCP
// semantic conventions: opentelemetry.io/docs/specs/semconv/gen-ai/mcp). Pure.
import type { ToolCallOptions } from './connectOptions.ts';
import { paramHeadersFor, type ParamHeader } from './wire/paramHeaders.ts';
import { traceparent } from './recording/traceContext.ts';
import type { Era } from './era.ts';

export function toolCallRequest(
  call: { name: string; args: Record<string, unknown>; paramHeaders: readonly ParamHeader[] },
  options: ToolCallOptions,
  era: Era,
  traceId: string,
): { params: Record<string, unknown>; headers?: Record<string, string> } {
  const headers = era === 'modern' ? { ...paramHeadersFor(call.paramHeaders, call.args), ...options.headers } : options.headers;
  const params: Record<string, unknown> = { name: call.name, arguments: call.args };
  if (options.traceContext) params._meta = { traceparent: traceparent(traceId) };
  if (options.task && era === 'legacy') params.task = options.task.ttl === undefined ? {} : { ttl: options.task.ttl };
  return { params, ...(headers ? { headers } : {}) };
}
