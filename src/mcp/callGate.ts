// The human-in-the-loop gate before a call: read-only mode refuses, the policy asks for
// confirmation before a tool that may change or destroy data (the spec default when a tool does not say).
import type { McpTool } from './tools.ts';

/** Human confirmation policy before a call (the MCP rule: a human can always refuse). */
export type ConfirmPolicy = 'destructive' | 'all-writes' | 'never';

export type CallGate = { action: 'call' } | { action: 'confirm'; reason: string } | { action: 'refuse'; reason: string };

export function callGate(tool: Pick<McpTool, 'name' | 'annotations'>, policy: ConfirmPolicy, readOnlyMode: boolean): CallGate {
  const readOnly = tool.annotations.readOnlyHint === true;
  if (readOnlyMode && !readOnly) {
    return { action: 'refuse', reason: `Read-only mode is on, and ${tool.name} is not marked readOnlyHint: true.` };
  }
  if (readOnly || policy === 'never') return { action: 'call' };
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
