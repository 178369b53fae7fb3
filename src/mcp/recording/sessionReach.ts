// How a session reached its server, as the MCP semantic conventions' network attributes say it
// (`network.transport`, `server.address`, `server.port`, `mcp.session.id`): read off a connection,
// never a credential (no path, no query, no user info). Light, so the page's first screen can hold it.

/** How the session reached its server, as the conventions' network attributes say it (never a credential). */
export interface SessionReach {
  /** "pipe": a stdio server (through the bridge or a tap); "tcp": Streamable HTTP. */
  transport: 'pipe' | 'tcp';
  /** The server's host and port, for HTTP (from the URL: no path, no query, no user info). */
  address?: string;
  port?: number;
  /** A 2025 session's `Mcp-Session-Id`; never set for 2026-07-28 (no sessions). */
  sessionId?: string;
}

/** The reach of a server at `url` (HTTP) or a stdio server (`pipe`). */
export function reachOf(target: { url?: string; stdio: boolean; sessionId?: string; era?: 'legacy' | 'modern' }): SessionReach {
  const sessionId = target.era === 'legacy' && target.sessionId ? { sessionId: target.sessionId } : {};
  if (target.stdio || !target.url) return { transport: 'pipe', ...sessionId };
  try {
    const url = new URL(target.url);
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    return { transport: 'tcp', address: url.hostname.replace(/^\[|\]$/g, ''), port, ...sessionId };
  } catch {
    return { transport: 'tcp', ...sessionId };
  }
}

/** The reach of a live connection (the page's, the CLI's): its URL, whether a stdio bridge carries it, a 2025 session's id. */
export const connectionReach = (connection: {
  url: string;
  bridged: boolean;
  era: 'legacy' | 'modern';
  taskPlace: { sessionId?: string };
}): SessionReach =>
  reachOf({ url: connection.url, stdio: connection.bridged, sessionId: connection.taskPlace.sessionId, era: connection.era });

/** The reach of a cassette's source when it is a live connection (the page's Traffic exports), else a plain HTTP one. */
export function reachOfSource(source: unknown): SessionReach {
  const live = source as Partial<Parameters<typeof connectionReach>[0]> | null;
  return typeof live?.url === 'string' &&
    typeof live.bridged === 'boolean' &&
    live.taskPlace &&
    (live.era === 'legacy' || live.era === 'modern')
    ? connectionReach({ url: live.url, bridged: live.bridged, era: live.era, taskPlace: live.taskPlace })
    : { transport: 'tcp' };
}
