// The active check (only when the person asks): does the server answer an unknown tool and
// arguments that break a read-only tool's schema with a JSON-RPC protocol error, as the spec says?
// Only read-only tools are called, with arguments the server must refuse before doing anything.
import type { McpConnection } from '../mcp/connection.ts';
import { failureOf } from '../mcp/errors.ts';
import { isRecord, own } from '../mcp/guards.ts';
import type { McpTool } from '../mcp/tools.ts';
import type { Finding } from './findings.ts';

export const UNKNOWN_TOOL = 'toolscope_active_check_no_such_tool';
const TIMEOUT_MS = 15_000;
const MAX_TOOLS_CHECKED = 3;

const WRONG_VALUE: Record<string, unknown> = {
  string: 12345,
  number: 'not a number',
  integer: 'not a number',
  boolean: 'not a boolean',
  array: 'not an array',
  object: 'not an object',
};

/** Arguments this tool's schema refuses: a required parameter left out, else a parameter of the wrong type. */
export function invalidArguments(tool: McpTool): { args: Record<string, unknown>; what: string; required: boolean } | undefined {
  const schema = tool.inputSchema;
  if (!isRecord(schema)) return undefined;
  const required = own(schema, 'required');
  if (Array.isArray(required) && typeof required[0] === 'string')
    return { args: {}, what: `without the required "${required[0]}"`, required: true };
  const props = own(schema, 'properties');
  if (!isRecord(props)) return undefined;
  for (const [key, prop] of Object.entries(props)) {
    const type = isRecord(prop) ? own(prop, 'type') : undefined;
    if (typeof type === 'string' && type in WRONG_VALUE) {
      return { args: { [key]: WRONG_VALUE[type] }, what: `with "${key}" of the wrong type`, required: false };
    }
  }
  return undefined;
}

async function expectProtocolError(
  connection: McpConnection,
  name: string,
  args: Record<string, unknown>,
  case_: string,
  tool?: string,
): Promise<Finding | undefined> {
  const base = {
    rule: 'error-channel',
    severity: 'warning',
    ...(tool ? { tool } : {}),
    fix: 'Answer unknown tools and arguments that break the schema with a JSON-RPC error, code -32602 (Invalid params), before running anything.',
  } as const;
  try {
    const result = await connection.callTool(name, args, { timeoutMs: TIMEOUT_MS });
    return {
      ...base,
      message: `${case_} came back as a ${result.isError ? 'tool error (isError: true)' : 'successful result'}, not as a protocol error -32602.`,
    };
  } catch (error) {
    const failure = failureOf(error);
    if (failure.kind === 'protocol' && failure.code === -32602) return undefined;
    return {
      ...base,
      message: `${case_} failed with ${failure.kind === 'protocol' ? `JSON-RPC error ${failure.code}` : `a ${failure.kind} failure`} (${failure.message.slice(0, 120)}), not -32602.`,
    };
  }
}

export async function activeChecks(connection: McpConnection, tools: readonly McpTool[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  const unknown = await expectProtocolError(connection, UNKNOWN_TOOL, {}, `Calling an unknown tool ("${UNKNOWN_TOOL}")`);
  if (unknown) findings.push(unknown);
  // A few read-only tools, those with a required parameter first (leaving it out is the plainest breach).
  const candidates = tools
    .filter((tool) => tool.annotations.readOnlyHint === true && !tool.unusable)
    .flatMap((tool) => {
      const invalid = invalidArguments(tool);
      return invalid ? [{ tool, ...invalid }] : [];
    })
    .sort((a, b) => Number(b.required) - Number(a.required))
    .slice(0, MAX_TOOLS_CHECKED);
  for (const { tool, args, what } of candidates) {
    const finding = await expectProtocolError(connection, tool.name, args, `Calling the read-only "${tool.name}" ${what}`, tool.name);
    if (finding) findings.push(finding);
  }
  return findings;
}
