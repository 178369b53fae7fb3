// The human-in-the-loop gate before a call: read-only mode refuses, the policy asks for
// confirmation before a tool that may change or destroy data (the spec default when a tool does not say).
// Hints are untrusted: when they contradict each other — read-only and destructive, or read-only
// with a destroying verb in its name (wipe_database) — the safe side wins.
import { DESTRUCTIVE_NAME, type McpTool } from './tools.ts';

/** Human confirmation policy before a call (the MCP rule: a human can always refuse). */
export type ConfirmPolicy = 'destructive' | 'all-writes' | 'never';

export type CallGate = { action: 'call' } | { action: 'confirm'; reason: string } | { action: 'refuse'; reason: string };

/** Why a read-only claim is not believed, if it is not. */
export function readOnlyDoubt(tool: Pick<McpTool, 'name' | 'annotations'>): string | undefined {
  if (tool.annotations.readOnlyHint !== true) return undefined;
  if (tool.annotations.destructiveHint === true) return 'it is marked read-only and destructive at once';
  if (DESTRUCTIVE_NAME.test(tool.name)) return `it is marked read-only, but its name (${tool.name}) says it destroys`;
  return undefined;
}

export function callGate(tool: Pick<McpTool, 'name' | 'annotations'>, policy: ConfirmPolicy, readOnlyMode: boolean): CallGate {
  const doubt = readOnlyDoubt(tool);
  const readOnly = tool.annotations.readOnlyHint === true && doubt === undefined;
  if (readOnlyMode && !readOnly) {
    return {
      action: 'refuse',
      reason: doubt
        ? `Read-only mode is on, and ${tool.name} is not trusted as read-only: ${doubt}.`
        : `Read-only mode is on, and ${tool.name} is not marked readOnlyHint: true.`,
    };
  }
  if (readOnly || policy === 'never') return { action: 'call' };
  if (doubt) return { action: 'confirm', reason: `Its hints contradict each other (${doubt}): Toolscope takes the safe side.` };
  if (policy === 'all-writes') return { action: 'confirm', reason: 'This tool is not marked read-only.' };
  const destructive = tool.annotations.destructiveHint;
  if (destructive === false) return { action: 'call' };
  return {
    action: 'confirm',
    reason:
      destructive === true
        ? 'The server marks this tool destructive.'
        : 'The server does not say, so by the spec default this tool may be destructive.',
  };
}

/**
 * What a tool needs to be called with no person at the screen (`toolscope test`, `toolscope/testing`,
 * a suite exported from the page): nothing (trusted read-only), leave to write (`writes`), or leave
 * to destroy (`destructive`: destructiveHint is not false, or the hints contradict each other).
 */
export function unattendedNeeds(tool: Pick<McpTool, 'name' | 'annotations'>): 'nothing' | 'writes' | 'destructive' {
  const doubt = readOnlyDoubt(tool);
  if (tool.annotations.readOnlyHint === true && !doubt) return 'nothing';
  return tool.annotations.destructiveHint === false && !doubt ? 'writes' : 'destructive';
}
