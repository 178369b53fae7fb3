// After a sign-in: the call that asked is sent again (through the one call path); earlier calls
// of read-only tools that failed for a sign-in are sent again too, once each; the others keep
// their card (Retry, or sign in again), for the person to decide.
import { useRef } from 'react';
import { metaChallenge } from '../../mcp/auth/authChallenge.ts';
import type { McpTool } from '../../mcp/tools.ts';
import type { CallSession } from '../../session/callSession.ts';
import type { CallRun } from '../../session/runs.ts';
import { useStableCallback } from '../../web/stableCallback.ts';

/** A finished run the server refused for a sign-in: a 401/403 challenge, or a result's _meta challenge. */
function askedForSignIn(run: CallRun): boolean {
  if (run.state.status === 'failed') return run.state.failure.kind === 'auth' && run.state.failure.challenge !== undefined;
  return run.state.status === 'done' && metaChallenge(run.state.result.raw) !== undefined;
}

export function useSignInRetry(session: CallSession, runs: readonly CallRun[], tools: readonly McpTool[]) {
  const retried = useRef(new Set<number>());
  return useStableCallback((name: string, args: Record<string, unknown>) => {
    session.requestByName(name, args, 'replay');
    const asked = JSON.stringify(args);
    for (const run of runs) {
      if (retried.current.has(run.id) || !askedForSignIn(run)) continue;
      retried.current.add(run.id);
      if (run.tool === name && JSON.stringify(run.state.args) === asked) continue;
      if (tools.find((listed) => listed.name === run.tool)?.annotations.readOnlyHint === true)
        session.requestByName(run.tool, run.state.args, 'replay');
    }
  });
}
