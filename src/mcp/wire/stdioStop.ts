// How Toolscope's stdio bridge says, inside a JSON-RPC error, that the server process is gone —
// shared by the bridge (server/stdio) and the page, which reads it as "Server stopped".
import { isRecord, optionalString, own } from '../guards.ts';

/**
 * The key in a JSON-RPC error's `data` by which the bridge says "the child process is gone" (the
 * error is the bridge's, not the server's). Believed only on a connection to this launch's bridge.
 */
export const STDIO_STOPPED = 'toolscope/stdio-stopped';

/** The exit the bridge named ("exit 1", "killed by SIGKILL") when an error says the child is gone. */
export function stdioStopOf(data: unknown): string | undefined {
  if (!isRecord(data)) return undefined;
  const stop = own(data, STDIO_STOPPED);
  return isRecord(stop) ? (optionalString(own(stop, 'exit')) ?? 'exited') : undefined;
}
