// A call session with no person at the screen (`toolscope mcp`'s agent, `toolscope record`, `bench`):
// the page's session (../session/callSession.ts) — its checks, gate, output check, task following and
// words — its memory in this process, the page's default settings, and its one question ("call a tool
// that may change or destroy data?") answered by what the person said when starting: --allow-destructive.
import type { McpConnection } from '../mcp/connection.ts';
import { unsafeIntegers } from '../schema/numbers.ts';
import { validateAgainst } from '../schema/validate.ts';
import type { CallSession } from '../session/callSession.ts';
import { DEFAULT_SAFETY } from '../session/safety.ts';
import { memorySessionMemory } from '../session/sessionMemory.ts';
import { callSessionFor, type CallDeps } from './serverSession.ts';

/** What an unattended session is told: the defaults (or the settings given), checks in process, memory in process. */
export function unattendedDeps(connection: McpConnection, safety = DEFAULT_SAFETY): CallDeps {
  return {
    safety: () => safety,
    loadChecks: () => Promise.resolve({ validateAgainst, unsafeIntegers }),
    memory: memorySessionMemory(connection.url),
  };
}

/** The session's one question, answered as the person said when starting (--allow-destructive). */
export function answerUnattended(calls: CallSession, allowDestructive: boolean): CallSession {
  calls.subscribe(() => {
    if (calls.getSnapshot().pending) queueMicrotask(() => calls.answer(allowDestructive));
  });
  return calls;
}

export function unattendedSession(connection: McpConnection, allowDestructive: boolean, safety = DEFAULT_SAFETY): CallSession {
  return answerUnattended(callSessionFor(connection, unattendedDeps(connection, safety)), allowDestructive);
}
