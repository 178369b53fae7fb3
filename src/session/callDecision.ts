// The one decision every call goes through, wherever it starts (the form, "Send anyway",
// History's Replay, the palette's "Run the last call", "Run all" saved calls, an MCP App's own
// tools/call): are the arguments right for the schema, does the human-in-the-loop gate let it out
// (read-only mode, confirmation), and with which limits. Pure: the checks are passed in (Ajv is
// loaded on demand), so this is unit-tested in Node.
import type { SchemaIssue, Verdict } from '../schema/validate.ts';
import { callGate } from '../mcp/callGate.ts';
import { type McpTool } from '../mcp/tools.ts';
import type { SafetySettings } from './safety.ts';
import type { TraceContext } from '../mcp/connectOptions.ts';

/** Where a call started: said in messages, and what decides whether the checks can be skipped. */
export type CallOrigin = 'form' | 'replay' | 'run-last' | 'run-all' | 'app' | 'agent' | 'load';

export interface CallLimits {
  /** Per-request timeout, reset by every progress notification. */
  timeoutMs: number;
  /** Hard limit on the call's total time, progress or not. */
  maxTotalTimeoutMs: number;
  /** Carry W3C trace context in the call's `_meta` (the person's settings for this server). */
  traceContext?: TraceContext;
}

/** The argument checks (from `schema/validate.ts` and `schema/numbers.ts`). */
export interface CallChecks {
  validateAgainst: (schema: unknown, value: unknown) => Verdict;
  unsafeIntegers: (value: unknown) => SchemaIssue[];
}

export interface RequestOptions {
  origin: CallOrigin;
  /** "Send anyway": the argument checks are skipped on purpose (to test the server's own validation); the gate is not. */
  unchecked?: boolean;
  /** The person already confirmed this call (Run all asks once for all of them); read-only mode still refuses. */
  confirmed?: boolean;
  /** The JSON editor's text does not parse (where and why): nothing is sent, not even by "Send anyway". */
  unparsed?: string;
  /**
   * The arguments came from somewhere other than the person (a link, an imported file) and were
   * never sent from here: said why, and the call always asks first, whatever the tool's hints.
   */
  foreign?: string;
}

/**
 * The policy a decision uses. A load test sends a call hundreds of times: any tool not trusted as
 * read-only asks first (as "every write" does), whatever the person's policy for single calls.
 */
export const policyFor = (options: RequestOptions, safety: SafetySettings) => (options.origin === 'load' ? 'all-writes' : safety.policy);

export type CallDecision =
  | { action: 'call'; args: Record<string, unknown>; limits: CallLimits }
  | { action: 'confirm'; reason: string; args: Record<string, unknown>; limits: CallLimits }
  | { action: 'refuse'; reason: string }
  | { action: 'invalid'; message: string; issues: SchemaIssue[] }
  /** The editor's text is not JSON: there are no arguments to send (what would go out is not what is shown). */
  | { action: 'unparsed'; message: string };

/** The same limits for every origin: what the person set for this server. */
export function callLimits(safety: SafetySettings): CallLimits {
  return {
    timeoutMs: safety.timeoutSeconds * 1000,
    maxTotalTimeoutMs: safety.maxTotalSeconds * 1000,
    ...(safety.traceContext ? { traceContext: traceContextOf(safety) } : {}),
  };
}

/** The trace context the person's settings ask for: what they typed, and whether to ask for the server's spans. */
export function traceContextOf(safety: SafetySettings): TraceContext {
  return {
    ...(safety.tracestate.trim() ? { tracestate: safety.tracestate } : {}),
    ...(safety.baggage.trim() ? { baggage: safety.baggage } : {}),
    ...(safety.serverSpans ? { serverSpans: true } : {}),
  };
}

export function describeIssues(issues: readonly SchemaIssue[]): string {
  const list = issues.map((issue) => `${issue.path} ${issue.message}`).join('; ');
  return `${issues.length} argument ${issues.length === 1 ? 'problem' : 'problems'}: ${list}`;
}

type GateTool = Pick<McpTool, 'name' | 'annotations' | 'inputSchema'> & { unusable?: string };

export function decideCall(
  tool: GateTool,
  args: Record<string, unknown>,
  options: RequestOptions,
  safety: SafetySettings,
  checks: CallChecks,
): CallDecision {
  if (tool.unusable) return { action: 'refuse', reason: tool.unusable };
  if (options.unparsed !== undefined) return { action: 'unparsed', message: options.unparsed };
  if (!options.unchecked) {
    const verdict = checks.validateAgainst(tool.inputSchema, args);
    // A schema that cannot be compiled checks nothing: said above the form, and the call goes out.
    const issues = [...(verdict.status === 'invalid' ? verdict.issues : []), ...checks.unsafeIntegers(args)];
    if (issues.length) return { action: 'invalid', message: describeIssues(issues), issues };
  }
  const gate = callGate(tool, policyFor(options, safety), safety.readOnlyMode);
  const limits = callLimits(safety);
  if (gate.action === 'refuse') return { action: 'refuse', reason: `${gate.reason} Turn read-only mode off to call it.` };
  if (options.confirmed) return { action: 'call', args, limits };
  if (gate.action === 'confirm')
    return { action: 'confirm', reason: options.foreign ? `${gate.reason} ${options.foreign}` : gate.reason, args, limits };
  if (options.foreign) return { action: 'confirm', reason: options.foreign, args, limits };
  return { action: 'call', args, limits };
}
