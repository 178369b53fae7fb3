// A call session with no person at the screen (`toolscope mcp`'s agent, `toolscope record`): the
// page's session (./callSession.ts) — its checks, gate, output check, task following and words —
// its memory in this process, the page's default settings, and its one question ("call a tool that
// may change or destroy data?") answered by what the person said when starting: --allow-destructive.
import type { McpConnection } from '../mcp/connection.ts';
import { unsafeIntegers } from '../schema/numbers.ts';
import { validateAgainst } from '../schema/validate.ts';
import { CallSession } from './callSession.ts';
import { DEFAULT_SAFETY } from './safety.ts';
import { memorySessionMemory } from './sessionMemory.ts';

export function unattendedSession(connection: McpConnection, allowDestructive: boolean, safety = DEFAULT_SAFETY): CallSession {
  const calls = new CallSession({
    connection,
    safety: () => safety,
    loadChecks: () => Promise.resolve({ validateAgainst, unsafeIntegers }),
    memory: memorySessionMemory(connection.url),
  });
  calls.subscribe(() => {
    if (calls.getSnapshot().pending) queueMicrotask(() => calls.answer(allowDestructive));
  });
  return calls;
}
