// One fuzzed call, sent through the gate's send and observed (issue 84): the tool's own error, a
// success — its structuredContent checked against the tool's outputSchema by the validator handed in
// (the page's: Ajv, loaded with the page's checks) — or what stopped it: a JSON-RPC error, the
// server's process gone, the connection failed, no answer within the call's limit. Never throws.
import type { CallResult } from '../mcp/results.ts';
import type { McpTool } from '../mcp/tools.ts';
import { observeFailure, type Observation } from './fuzzRules.ts';
import type { Args } from './schemaArbitrary.ts';

export type FuzzSend = (name: string, args: Args, signal: AbortSignal) => Promise<CallResult>;
export type Validate = (schema: unknown, value: unknown) => { status: string; issues?: readonly { path: string; message: string }[] };

const textOf = (content: readonly { type: string; text?: unknown }[]) =>
  content.flatMap((block) => (block.type === 'text' && typeof block.text === 'string' ? [block.text] : [])).join(' ');

export async function observeCall(
  send: FuzzSend,
  tool: Pick<McpTool, 'name' | 'outputSchema'>,
  args: Args,
  timeoutMs: number,
  validate: Validate,
  bridged = false,
): Promise<Observation> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('timeout')), timeoutMs);
  try {
    const result = await send(tool.name, args, controller.signal);
    const text = textOf(result.content);
    if (result.isError) return { kind: 'tool-error', text };
    const verdict =
      tool.outputSchema === undefined
        ? undefined
        : result.hasStructuredContent
          ? validate(tool.outputSchema, result.structuredContent)
          : { status: 'invalid', issues: [{ path: '', message: 'no structuredContent, though the tool declares an outputSchema' }] };
    const problem =
      verdict?.status === 'invalid' ? (verdict.issues ?? []).map((issue) => `${issue.path || '/'} ${issue.message}`).join('; ') : undefined;
    return { kind: 'ok', text, ...(problem ? { outputProblem: problem } : {}) };
  } catch (error) {
    if (controller.signal.aborted) return { kind: 'hang', message: `no answer within ${timeoutMs / 1000} s` };
    return observeFailure(error, bridged);
  } finally {
    clearTimeout(timer);
  }
}
