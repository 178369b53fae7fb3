// W3C Trace Context (www.w3.org/TR/trace-context, §3.2 traceparent) as the MCP semantic conventions
// carry it: in a request's `params._meta.traceparent` (opentelemetry.io/docs/specs/semconv/gen-ai/mcp).
// One trace per connection, a new span id per call; the OTLP export gives each call's span that id,
// so the server's own spans (children of it) join the same trace.

const hex = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A random trace id: 16 bytes, lowercase hex, never all zeros (§3.2.2.3). */
export function newTraceId(): string {
  const id = hex(16);
  return /^0+$/.test(id) ? newTraceId() : id;
}

/** `00-<trace-id>-<new parent-id>-01`: version 00, a new span id, sampled. */
export function traceparent(traceId: string): string {
  const span = hex(8);
  return `00-${traceId}-${/^0+$/.test(span) ? '0000000000000001' : span}-01`;
}

/** A traceparent read back (the export's side): version 00 only, ids not all zeros. */
export function parseTraceparent(value: unknown): { traceId: string; spanId: string } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/.exec(value);
  if (!match?.[1] || !match[2] || /^0+$/.test(match[1]) || /^0+$/.test(match[2])) return undefined;
  return { traceId: match[1], spanId: match[2] };
}
