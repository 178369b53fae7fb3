// Every HTTP header name the MCP transport uses, in one place: the browser client, the CORS
// advice, the loopback proxy, the connection doctor and the demo server all read these lists.

/** The MCP-specific header names, spelled as the spec spells them. */
export const MCP_HEADER = {
  protocolVersion: 'MCP-Protocol-Version',
  method: 'Mcp-Method',
  name: 'Mcp-Name',
  sessionId: 'Mcp-Session-Id',
} as const;

/** Request headers of the 2026-07-28 era: the version, and the method and name mirrored from the body. */
export const MODERN_REQUEST_HEADERS = [
  'Content-Type',
  'Accept',
  'Authorization',
  MCP_HEADER.protocolVersion,
  MCP_HEADER.method,
  MCP_HEADER.name,
] as const;

/** Request headers of the 2025 era: a session id, and Last-Event-ID to resume a stream. */
export const LEGACY_REQUEST_HEADERS = [
  'Content-Type',
  'Accept',
  'Authorization',
  MCP_HEADER.protocolVersion,
  MCP_HEADER.sessionId,
  'Last-Event-ID',
] as const;

/** Every request header a browser client may send (both eras); `Mcp-Param-*` headers come on top. */
export const MCP_REQUEST_HEADERS = [...new Set([...MODERN_REQUEST_HEADERS, ...LEGACY_REQUEST_HEADERS])];

/** Response headers a browser client must be able to read (CORS Access-Control-Expose-Headers). */
export const MCP_EXPOSED_HEADERS = ['Mcp-Session-Id', 'WWW-Authenticate', 'MCP-Protocol-Version', 'Last-Event-ID'] as const;

/** Response headers worth passing on through a proxy: the exposed ones and caching/back-off hints. */
export const MCP_RESPONSE_HEADERS = ['Content-Type', ...MCP_EXPOSED_HEADERS, 'Cache-Control', 'Retry-After'] as const;

/** A human list: "A, B and C". */
export const listHeaders = (names: readonly string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}` : (names[0] ?? '');

export const lower = (names: readonly string[]) => names.map((name) => name.toLowerCase());
