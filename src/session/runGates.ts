// The gates of a tool's automated runs (a load test, a fuzz run): each tool's call decided once for
// the whole run — read-only mode refuses, a tool not trusted as read-only asks first, one question
// for the run — and what comes back is the only way to send the run's calls: straight to the
// connection with the person's limits, not as runs of the page (a thousand calls are not a thousand
// History rows). The call session (./callSession.ts) hands in its decision, its question and its
// connection. Framework-free.
import { refused } from '../lib/refusal.ts';
import type { CallResult } from '../mcp/results.ts';
import type { McpTool } from '../mcp/tools.ts';
import type { CallLimits, RequestOptions } from './callDecision.ts';
import type { Decided, PendingConfirm, RequestTool } from './callEntrance.ts';
import type { LoadCall, LoadSend } from './loadTest.ts';

/** Why the first call of a link's tool asks first. */
export const LINK_ARGUMENTS = 'These arguments came from a link, not from you: check each one before it is sent.';

export interface RunGateDeps {
  tool: (name: string) => McpTool | undefined;
  decide: (tool: RequestTool, args: Record<string, unknown>, options: RequestOptions) => Promise<Decided>;
  ask: (question: PendingConfirm) => Promise<boolean>;
  connection: {
    callTool: (tool: McpTool, args: Record<string, unknown>, options: CallLimits & { signal: AbortSignal }) => Promise<CallResult>;
  };
  /** The link's tool until its arguments were sent once; `clearLink` says they now have been. */
  linkPending?: string;
  clearLink: () => void;
}

/**
 * A load test (`toolscope load`, the page's "Load test"): each call of the mix decided once —
 * its arguments against its schema, read-only mode — and any tool not trusted as read-only asks
 * first, one question for the whole run. What comes back is the only way to send the run's
 * calls: straight to the connection with the person's limits and the checked arguments, not as
 * runs of the page (a thousand calls are not a thousand History rows).
 */
export async function gateLoad(
  deps: RunGateDeps,
  mix: readonly LoadCall[],
  title: string,
  declined = 'The person declined the load test.',
): Promise<{ calls: LoadCall[]; send: LoadSend } | { refused: string }> {
  const calls: LoadCall[] = [];
  const gated = new Map<LoadCall, { target: McpTool; limits: CallLimits }>();
  const asking: { tool: McpTool; args: Record<string, unknown>; reason: string }[] = [];
  for (const call of mix) {
    const target = deps.tool(call.tool);
    if (!target) return { refused: `The server lists no tool named ${JSON.stringify(call.tool).slice(0, 140)}.` };
    // A link's arguments never sent from here ask first, as the form's first call of them does.
    const fromLink = deps.linkPending === call.tool;
    const decision = await deps.decide(target, call.args, { origin: 'load', ...(fromLink ? { foreign: LINK_ARGUMENTS } : {}) });
    if (decision.action === 'invalid' || decision.action === 'unparsed') return { refused: `Not sent — ${call.tool}: ${decision.message}` };
    if (decision.action === 'refuse') return { refused: refused(decision.reason) };
    if (decision.action === 'check-failed')
      return { refused: `Not sent — Toolscope could not load its argument checks (${decision.message}).` };
    if (decision.action === 'confirm') asking.push({ tool: target, args: decision.args, reason: decision.reason });
    const checked = { ...call, args: decision.args };
    calls.push(checked);
    gated.set(checked, { target, limits: decision.limits });
  }
  if (asking.length && !(await deps.ask({ title, action: 'Start load test', items: asking }))) return { refused: declined };
  if (mix.some((call) => call.tool === deps.linkPending)) deps.clearLink();
  // Only the calls handed back here go out, with the arguments that were checked.
  const send: LoadSend = (call, signal) => {
    const decided = gated.get(call);
    if (!decided) return Promise.reject(new Error(`${call.tool}: not a call the gate let through for this load test.`));
    return deps.connection.callTool(decided.target, call.args, { ...decided.limits, signal });
  };
  return { calls, send };
}

/**
 * A fuzz run (`toolscope fuzz`, issue 84): its tools' trust decided once — read-only mode refuses,
 * a tool not trusted as read-only asks first, one question for the run — and what comes back is the
 * only way to send its calls: straight to the connection with the person's limits. The arguments are
 * the fuzzer's on purpose (valid ones it checked itself; with --invalid, ones the schema refuses), so
 * the form's argument checks are not asked, as "Send anyway" does not ask them.
 */
export async function gateFuzz(
  deps: RunGateDeps,
  names: readonly string[],
  title: string,
  declined = 'The person declined the fuzz run.',
): Promise<{ send: (name: string, args: Record<string, unknown>, signal: AbortSignal) => Promise<CallResult> } | { refused: string }> {
  const gated = new Map<string, { target: McpTool; limits: CallLimits }>();
  const asking: { tool: McpTool; args: Record<string, unknown>; reason: string }[] = [];
  for (const name of names) {
    const target = deps.tool(name);
    if (!target) return { refused: `The server lists no tool named ${JSON.stringify(name).slice(0, 140)}.` };
    const decision = await deps.decide(target, {}, { origin: 'load', unchecked: true });
    if (decision.action === 'refuse') return { refused: refused(decision.reason) };
    if (decision.action === 'check-failed' || decision.action === 'invalid' || decision.action === 'unparsed')
      return { refused: `Not sent — ${decision.message}` };
    if (decision.action === 'confirm') asking.push({ tool: target, args: {}, reason: decision.reason });
    gated.set(name, { target, limits: decision.limits });
  }
  if (asking.length && !(await deps.ask({ title, action: 'Start fuzzing', items: asking }))) return { refused: declined };
  return {
    send: (name, args, signal) => {
      const decided = gated.get(name);
      if (!decided) return Promise.reject(new Error(`${name}: not a tool the gate let through for this fuzz run.`));
      return deps.connection.callTool(decided.target, args, { ...decided.limits, signal });
    },
  };
}
