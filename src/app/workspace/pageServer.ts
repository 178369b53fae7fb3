// A connected server as the page's workspace holds it — made here, in the connected screen's chunk:
// its call session (the checks, the task store, the settings) is not code the start screen loads.
import type { ConnectedState, ConnectionAsk } from '../../features/connection/useConnection.ts';
import { pageCallDeps } from '../../features/call/useCallSession.ts';
import { serverSession, type ServerSession } from '../../workspace/serverSession.ts';

export { Workspace } from '../../workspace/workspace.ts';

/** A server of the page's set: its connection as establish made it, and what it was asked with. */
export type PageServer = ServerSession<ConnectionAsk, ConnectedState>;

export function pageServer(connected: ConnectedState, ask: ConnectionAsk, onSavedChange: (server: string) => void): PageServer {
  return serverSession(connected, ask, { calls: (connection) => pageCallDeps(connection, onSavedChange) });
}
