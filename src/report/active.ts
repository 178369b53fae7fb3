// The active check (only when the person asks): does the server refuse an unknown tool and
// arguments that break a read-only tool's schema the way its protocol revision says? An unknown
// tool is -32602 in every era. Arguments that break the schema: in 2025-11-25 (SEP-1303) a tool
// execution error (isError: true) with an actionable message; in 2026-07-28 and in revisions up to
// 2025-06-18, a protocol error -32602. Only read-only tools are called, with arguments the server
// must refuse before doing anything.
import type { McpConnection } from '../mcp/connection.ts';
import { failureOf } from '../mcp/errors.ts';
import { isRecord, own } from '../mcp/guards.ts';
import type { McpTool } from '../mcp/tools.ts';
import { callGate, readOnlyDoubt, type CallGate } from '../mcp/callGate.ts';
import type { Finding } from './findings.ts';

export const UNKNOWN_TOOL = 'toolscope_active_check_no_such_tool';

/**
 * The one trust gate every call asks (src/mcp/callGate.ts): the page's with its read-only mode and
 * confirmation policy (CallSession.trust), the agent's, the CLI's. The active check sends a call to
 * a tool only when the gate lets it through without asking — no person stands by a report — and
 * its unknown-tool probe, which names no tool of the server, unless the gate refuses outright.
 */
export type ActiveTrust = (tool: Pick<McpTool, 'name' | 'annotations'>) => CallGate['action'];

/** The CLI's gate: no read-only mode, a confirmation before anything that may destroy (none is given). */
export const cliTrust: ActiveTrust = (tool) => callGate(tool, 'destructive', false).action;
const TIMEOUT_MS = 15_000;
const MAX_TOOLS_CHECKED = 3;

// null breaks every typed parameter and, unlike a truthy string, cannot be read as "yes" by a lax server.
const WRONG_VALUE: Record<string, unknown> = {
  string: null,
  number: null,
  integer: null,
  boolean: null,
  array: null,
  object: null,
};

/** Arguments this tool's schema refuses: a required parameter left out, else a parameter of the wrong type. */
export function invalidArguments(
  tool: McpTool,
): { args: Record<string, unknown>; what: string; required: boolean; argument: string } | undefined {
  const schema = tool.inputSchema;
  if (!isRecord(schema)) return undefined;
  const required = own(schema, 'required');
  if (Array.isArray(required) && typeof required[0] === 'string')
    return { args: {}, what: `without the required "${required[0]}"`, required: true, argument: required[0] };
  const props = own(schema, 'properties');
  if (!isRecord(props)) return undefined;
  for (const [key, prop] of Object.entries(props)) {
    const type = isRecord(prop) ? own(prop, 'type') : undefined;
    if (typeof type === 'string' && type in WRONG_VALUE) {
      return { args: { [key]: WRONG_VALUE[type] }, what: `with "${key}" of the wrong type`, required: false, argument: key };
    }
  }
  return undefined;
}

/** How a revision wants a call whose arguments break the schema answered. */
export const argumentErrorChannel = (protocolVersion: string): 'tool-error' | 'protocol' =>
  protocolVersion === '2025-11-25' ? 'tool-error' : 'protocol';

const SEP_1303 = 'SEP-1303 (2025-11-25): argument-validation failures are tool execution errors the model can read and correct';

async function expectRefusal(
  connection: McpConnection,
  name: string,
  args: Record<string, unknown>,
  case_: string,
  expected: 'tool-error' | 'protocol',
  tool?: { name: string; argument?: string },
): Promise<Finding | undefined> {
  const base = {
    rule: 'error-channel',
    severity: 'warning',
    ...(tool ? { tool: tool.name } : {}),
    fix:
      expected === 'tool-error'
        ? `Return a tool execution error (isError: true) whose text names the argument and what is wrong with it — ${SEP_1303}.`
        : 'Answer unknown tools and arguments that break the schema with a JSON-RPC error, code -32602 (Invalid params), before running anything.',
  } as const;
  const wanted = expected === 'tool-error' ? `a tool execution error (isError: true; ${SEP_1303})` : 'a protocol error -32602';
  try {
    const result = await connection.callTool(name, args, { timeoutMs: TIMEOUT_MS });
    if (expected === 'tool-error' && result.isError) {
      // Right channel; the message must let a model fix its call.
      const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join(' ');
      if (!tool?.argument || text.toLowerCase().includes(tool.argument.toLowerCase())) return undefined;
      return {
        ...base,
        severity: 'info',
        message: `${case_} came back as a tool error, as ${connection.protocolVersion} wants, but its text does not name "${tool.argument}": ${JSON.stringify(text.slice(0, 120))}.`,
      };
    }
    return {
      ...base,
      message: `${case_} came back as a ${result.isError ? 'tool error (isError: true)' : 'successful result'}, not as ${wanted}.`,
    };
  } catch (error) {
    const failure = failureOf(error);
    // -32602 is right for a protocol-error revision; in 2025-11-25 it is still a refusal a host understands.
    if (failure.kind === 'protocol' && failure.code === -32602) return undefined;
    return {
      ...base,
      message: `${case_} failed with ${failure.kind === 'protocol' ? `JSON-RPC error ${failure.code}` : `a ${failure.kind} failure`} (${failure.message.slice(0, 120)}), not ${wanted}.`,
    };
  }
}

/** Whether a plain call may be made to see how a task-only tool refuses it: never a tool that may destroy. */
const harmless = (tool: McpTool) =>
  (tool.annotations.readOnlyHint === true && readOnlyDoubt(tool) === undefined) ||
  (tool.annotations.readOnlyHint !== true &&
    tool.annotations.destructiveHint === false &&
    !/delete|remove|drop|purge|wipe|destroy/i.test(tool.name));

/**
 * 2025-11-25: a tool whose execution.taskSupport is "required" must refuse a plain call (no `task`)
 * with JSON-RPC error -32601. One such tool is called plainly — only one declared harmless
 * (read-only, or destructiveHint false): a server that wrongly runs it does nothing lasting.
 */
async function requiredTaskCheck(connection: McpConnection, tools: readonly McpTool[], trust: ActiveTrust): Promise<Finding | undefined> {
  if (connection.era !== 'legacy') return undefined;
  const tool = tools.find(
    (candidate) => candidate.taskSupport === 'required' && !candidate.unusable && harmless(candidate) && trust(candidate) === 'call',
  );
  if (!tool) return undefined;
  const base = {
    rule: 'task-required-error',
    severity: 'warning',
    tool: tool.name,
    fix: 'Refuse a call without params.task with a JSON-RPC error -32601 (Method not found) before running anything — not a tool result. (The TypeScript SDK 1.x McpServer wraps thrown errors into isError results: return the error from a low-level tools/call handler.)',
  } as const;
  try {
    const result = await connection.callTool(tool.name, {}, { timeoutMs: TIMEOUT_MS });
    const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join(' ');
    return {
      ...base,
      message: `A plain call of "${tool.name}" (taskSupport "required", no task) came back as a ${result.isError ? `tool error (isError: true: ${JSON.stringify(text.slice(0, 100))})` : 'successful result'}, not as a JSON-RPC error -32601.`,
    };
  } catch (error) {
    const failure = failureOf(error);
    if (failure.kind === 'protocol' && failure.code === -32601) return undefined;
    return {
      ...base,
      message: `A plain call of "${tool.name}" (taskSupport "required", no task) failed with ${failure.kind === 'protocol' ? `JSON-RPC error ${failure.code}` : `a ${failure.kind} failure`}, not -32601.`,
    };
  }
}

export async function activeChecks(
  connection: McpConnection,
  tools: readonly McpTool[],
  trust: ActiveTrust = cliTrust,
): Promise<Finding[]> {
  const findings: Finding[] = [];
  const requiredTask = await requiredTaskCheck(connection, tools, trust);
  if (requiredTask) findings.push(requiredTask);
  if (trust({ name: UNKNOWN_TOOL, annotations: {} }) !== 'refuse') {
    const unknown = await expectRefusal(connection, UNKNOWN_TOOL, {}, `Calling an unknown tool ("${UNKNOWN_TOOL}")`, 'protocol');
    if (unknown) findings.push(unknown);
  }
  // A few read-only tools, those with a required parameter first (leaving it out is the plainest breach).
  const candidates = tools
    // Only tools trusted as read-only: a destructive hint or a destroying verb in the name rules a tool out.
    .filter(
      (tool) => tool.annotations.readOnlyHint === true && readOnlyDoubt(tool) === undefined && !tool.unusable && trust(tool) === 'call',
    )
    .flatMap((tool) => {
      const invalid = invalidArguments(tool);
      return invalid ? [{ tool, ...invalid }] : [];
    })
    .sort((a, b) => Number(b.required) - Number(a.required))
    .slice(0, MAX_TOOLS_CHECKED);
  const channel = argumentErrorChannel(connection.protocolVersion);
  for (const { tool, args, what, argument } of candidates) {
    const finding = await expectRefusal(connection, tool.name, args, `Calling the read-only "${tool.name}" ${what}`, channel, {
      name: tool.name,
      argument,
    });
    if (finding) findings.push(finding);
  }
  return findings;
}
