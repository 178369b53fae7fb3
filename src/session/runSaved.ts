// "Run all" saved calls: each goes through the same decision as any call (argument checks, the
// gate, the limits the form sends), the confirmations are asked once for the whole run, and each
// call gets a verdict (pass / changed / failed / not sent): a smoke test compared with the saved
// results. How a call is sent is the caller's (the app sends them as runs, so they enter History).
import { judge, type Verdict } from '../compare/verdict.ts';
import type { McpTool } from '../mcp/tools.ts';
import type { CallLimits, RequestOptions } from './callDecision.ts';
import type { ConfirmItem, Decided, PendingConfirm, RequestTool } from './callEntrance.ts';
import { OUTCOMES, type Outcome } from './outcome.ts';

export interface SavedToRun {
  id: number;
  name: string;
  tool: string;
  args: Record<string, unknown>;
  expected: unknown;
  /** Imported from a file, never run from here: asks first, and is marked so in the question. */
  imported?: boolean;
}

/** A verdict, with the page's run that produced it when the call was sent (its result opens from there). */
export type RunState = (Verdict & { runId?: number; outcome?: Outcome }) | { status: 'running' };

const NOT_SENT: Outcome = { kind: 'not-sent', label: OUTCOMES['not-sent'].word, tone: OUTCOMES['not-sent'].tone };

const IMPORTED = 'Imported from a file and never run from here: its arguments are not yours yet.';

export interface RunSavedDeps {
  tools: readonly McpTool[];
  decide: (tool: RequestTool, args: Record<string, unknown>, options: RequestOptions) => Promise<Decided>;
  ask: (question: PendingConfirm) => Promise<boolean>;
  /** Sends one call; resolves to the raw result or why it failed (already described), and the page's run id if it has one. */
  call: (
    tool: McpTool | string,
    args: Record<string, unknown>,
    limits: CallLimits,
  ) => Promise<({ result: unknown } | { failure: string }) & { runId?: number; outcome?: Outcome }>;
  /** The run starts (after the confirmation, if one was asked). */
  onStart: () => void;
  onState: (id: number, state: RunState) => void;
}

/**
 * Runs the calls in order. `unchecked` is "Send anyway" for calls held back for their arguments
 * (the gate still applies). Resolves false when the person declined the confirmation (nothing sent).
 */
export async function runSaved(calls: readonly SavedToRun[], deps: RunSavedDeps, unchecked = false): Promise<boolean> {
  // A tool the server no longer lists cannot be checked: it is sent, and the server's answer says so.
  const decided = await Promise.all(
    calls.map(async (call) => {
      const tool = deps.tools.find((candidate) => candidate.name === call.tool);
      const target: RequestTool = tool ?? { name: call.tool, annotations: {}, inputSchema: {} };
      const foreign = call.imported ? IMPORTED : undefined;
      return { call, tool, decision: await deps.decide(target, call.args, { origin: 'run-all', unchecked: unchecked || !tool, foreign }) };
    }),
  );
  const asking = decided.flatMap(({ call, tool, decision }): ConfirmItem[] =>
    decision.action === 'confirm'
      ? [
          {
            tool: tool ?? { name: call.tool, annotations: {} },
            label: call.name,
            args: call.args,
            reason: decision.reason,
            ...(call.imported ? { imported: true } : {}),
          },
        ]
      : [],
  );
  if (asking.length) {
    // The contract's name for every confirmation: it says "Confirm".
    const title = calls.length === 1 ? `Confirm sending the saved call ${calls[0]?.name ?? ''}` : 'Confirm running all saved calls';
    if (!(await deps.ask({ title, action: calls.length === 1 ? 'Send' : 'Run all', items: asking }))) return false;
  }
  deps.onStart();
  for (const { call, tool, decision } of decided) {
    deps.onState(call.id, { status: 'running' });
    deps.onState(call.id, await verdictOf(call, tool, decision, deps));
  }
  return true;
}

async function verdictOf(call: SavedToRun, tool: McpTool | undefined, decision: Decided, deps: RunSavedDeps): Promise<RunState> {
  switch (decision.action) {
    case 'invalid':
      return {
        status: 'not sent',
        message: `Not sent — the arguments no longer match the tool's schema: ${decision.message}.`,
        outcome: NOT_SENT,
      };
    case 'unparsed':
      return { status: 'failed', message: `Not sent — ${decision.message}.`, outcome: NOT_SENT };
    case 'refuse':
      return { status: 'failed', message: `Refused, not sent: ${decision.reason}`, outcome: { ...NOT_SENT, label: 'Not sent · refused' } };
    case 'check-failed':
      return {
        status: 'failed',
        message: `Not sent — Toolscope could not load its argument checks (${decision.message}).`,
        outcome: NOT_SENT,
      };
    case 'confirm':
    case 'call': {
      const outcome = await deps.call(tool ?? call.tool, decision.args, decision.limits);
      return {
        ...judge(call.expected, outcome),
        ...(outcome.runId !== undefined ? { runId: outcome.runId } : {}),
        ...(outcome.outcome ? { outcome: outcome.outcome } : {}),
      };
    }
  }
}
