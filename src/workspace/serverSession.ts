// A server as the workspace holds it: its connection, the one call session every call to it goes
// through, the name of its credentials, what it was opened with, and how it stops. Made by one
// `openServer(target, deps)` — the page (establish, the proxy), the CLI and the agent (reach) hand
// it their way to connect; the call session is made here and nowhere else.
import type { McpConnection } from '../mcp/connection.ts';
import { CallSession, type SessionDeps } from '../session/callSession.ts';

/** A connection as a way to connect hands it over. */
export interface Opened {
  connection: McpConnection;
  /** The name of its credentials (authContextOf): caches of its private answers are keyed by it. */
  authContext: string;
  /** What else goes when it stops, after the connection (a stdio child started for it). */
  stopAlso?: () => Promise<void>;
}

/** What the call session of a connection is told: the person's settings, the checks, its memory. */
export type CallDeps = Omit<SessionDeps, 'connection'>;

export interface ServerSessionDeps {
  calls: (connection: McpConnection) => CallDeps;
}

export type ServerSession<T = unknown, O extends Opened = Opened> = O & {
  readonly url: string;
  /** Every call to this server, wherever it starts: it outlives the screen the server is on. */
  readonly calls: CallSession;
  /** What it was opened with (the page's ask: Retry and a sign-in's reconnect ask the same again). */
  readonly target: T;
  /** Closes the connection; its runs stay readable, nothing more is sent. */
  stop: () => Promise<void>;
};

/** The one call session of a connection. */
export function callSessionFor(connection: McpConnection, deps: CallDeps): CallSession {
  return new CallSession({ connection, ...deps });
}

/** A server session around a connection already made. */
export function serverSession<T, O extends Opened>(opened: O, target: T, deps: ServerSessionDeps): ServerSession<T, O> {
  const { connection } = opened;
  return {
    ...opened,
    url: connection.url,
    calls: callSessionFor(connection, deps.calls(connection)),
    target,
    stop: async () => {
      await connection.close().catch(() => undefined);
      await opened.stopAlso?.().catch(() => undefined);
    },
  };
}

/** Connects to `target` by the way given, and holds the connection as a server session. */
export async function openServer<T, O extends Opened>(
  target: T,
  deps: ServerSessionDeps & { connect: (target: T) => Promise<O> },
): Promise<ServerSession<T, O>> {
  return serverSession(await deps.connect(target), target, deps);
}
