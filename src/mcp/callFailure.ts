// Why a tools/call failed, in the session's words, where the wire says more than the SDK's error:
// the stdio bridge's word that its child is gone (believed only on a connection to this launch's
// bridge) is a stopped server, not the server's protocol error; a response stream that broke off
// mid-call is a cut stream; anything else is the error as it came.
import { McpError, failureOf } from './errors.ts';
import { stdioStopOf } from './wire/stdioStop.ts';

export function callFailure(error: unknown, context: { bridged: boolean; cut?: string; cancelled: boolean }): unknown {
  const failure = context.bridged ? failureOf(error) : undefined;
  const exit = failure?.kind === 'protocol' ? stdioStopOf(failure.data) : undefined;
  if (exit !== undefined) return new McpError({ kind: 'server-stopped', exit, message: failure?.message ?? '' });
  if (context.cut !== undefined && !context.cancelled)
    return new McpError({
      kind: 'stream-cut',
      message: `The server's response stream broke off before the result arrived (${context.cut}). The connection dropped mid-call — check the server and any proxy in between; what did arrive is in Traffic.`,
    });
  return error;
}
