// The report's rules over calls the person (or the CLI's active check) made: what results say
// about the server that its listing cannot.
import { isRecord } from '../mcp/guards.ts';
import type { McpFailure } from '../mcp/errors.ts';
import type { CallResult } from '../mcp/results.ts';
import type { McpTool } from '../mcp/tools.ts';
import type { Verdict } from '../schema/validate.ts';
import { handles } from '../mcp/handles.ts';
import type { Finding } from './findings.ts';

export interface CallRecord {
  tool: string;
  result?: CallResult;
  failure?: McpFailure;
  /** When the server answered with a task: what its messages got wrong, and how it ended. */
  task?: { findings: readonly string[]; end?: string; ttlMs?: number | null };
}

/** Validates a value against a schema (src/schema/validate.ts): issues as "path message" lines. */
export type ValidateOutput = (schema: unknown, value: unknown) => string[] | 'unusable';

/** A ValidateOutput from src/schema/validate.ts's validateAgainst (passed in: Ajv loads on demand). */
export function outputValidator(validateAgainst: (schema: unknown, value: unknown) => Verdict): ValidateOutput {
  return (schema, value) => {
    const verdict = validateAgainst(schema, value);
    if (verdict.status === 'unusable-schema') return 'unusable';
    return verdict.status === 'valid' ? [] : verdict.issues.map((issue) => `${issue.path} ${issue.message}`);
  };
}

const BARE_ERROR =
  /^\s*(?:error|an error occurred|internal(?: server)? error|(?:http |error:? ?)?\d{3}(?: error)?|error \d+|failed|failure|exception|unknown error|something went wrong|bad request|not found)[.!]?\s*$/i;
const STACK_TRACE = /\n\s+at\s+\S.*:\d+:\d+\)?\s*(?:\n|$)|Traceback \(most recent call last\)/;

const textOf = (result: CallResult) =>
  result.content
    .flatMap((block) => (block.type === 'text' ? [block.text] : []))
    .join('\n')
    .trim();

function once(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((finding) => {
    const key = `${finding.rule}\u0000${finding.tool ?? ''}\u0000${finding.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * What is wrong with a successful result against the tool's outputSchema (undefined: nothing, no
 * schema, a tool error, or a schema that cannot check anything). The pill's "Invalid output" and
 * the report's finding both come from here.
 */
export function outputProblem(outputSchema: unknown, result: CallResult, validate: ValidateOutput): string | undefined {
  if (result.isError || !isRecord(outputSchema)) return undefined;
  if (!result.hasStructuredContent) return 'The tool declares an outputSchema, but a successful result had no structuredContent.';
  const issues = validate(outputSchema, result.structuredContent);
  if (issues === 'unusable' || issues.length === 0) return undefined;
  return `structuredContent breaks outputSchema: ${issues.slice(0, 3).join('; ')}${issues.length > 3 ? ` (+${issues.length - 3} more)` : ''}.`;
}

function outputFinding(tool: McpTool, result: CallResult, validate: ValidateOutput): Finding | undefined {
  const message = outputProblem(tool.outputSchema, result, validate);
  if (!message) return undefined;
  const fix = result.hasStructuredContent
    ? 'Make the result match the declared outputSchema, or correct the schema.'
    : 'Return structuredContent matching outputSchema in every successful result (and the same JSON as text).';
  return { rule: 'output-schema-mismatch', severity: 'error', tool: tool.name, message, fix };
}

function errorFinding(tool: string, result: CallResult): Finding | undefined {
  if (!result.isError) return undefined;
  const text = textOf(result);
  const reason = !text
    ? 'has no text at all'
    : STACK_TRACE.test(text)
      ? 'is a stack trace'
      : BARE_ERROR.test(text)
        ? `says only ${JSON.stringify(text.slice(0, 40))}`
        : undefined;
  if (!reason) return undefined;
  return {
    rule: 'error-not-actionable',
    severity: 'warning',
    tool,
    message: `An error result ${reason}: the model learns neither what went wrong nor what to try instead.`,
    fix: 'Say what failed and what to do, e.g. "No basket bsk_… — create one with create_basket first." Log stack traces, do not return them.',
  };
}

function taskFindings({ tool, task }: CallRecord): Finding[] {
  if (!task) return [];
  const found: Finding[] = task.findings.map((message) =>
    message.includes('without resultType')
      ? {
          rule: 'task-result-type',
          severity: 'error',
          tool,
          message,
          fix: 'Set resultType: "task" on every CreateTaskResult (and "complete" on tasks/get, tasks/update and tasks/cancel answers).',
        }
      : {
          rule: 'task-field-names',
          severity: 'warning',
          tool,
          message,
          fix: 'Use the negotiated wire’s names: ttl and pollInterval on 2025-11-25, ttlMs and pollIntervalMs on 2026-07-28.',
        },
  );
  if (task.end === 'expired')
    found.push({
      rule: 'task-stuck',
      severity: 'warning',
      tool,
      message: `A task of this tool was still unfinished past its TTL (${typeof task.ttlMs === 'number' ? `${Math.round(task.ttlMs / 1000)} s` : 'none given'}).`,
      fix: 'Finish within the TTL you announce, announce a longer one, or mark the task failed when the work cannot complete.',
    });
  return found;
}

/** A value an attacker could guess: a small integer, a short string, or digits counting up. */
function guessable(values: readonly (string | number)[]): string | undefined {
  const first = values[0];
  if (first === undefined) return undefined;
  if (values.every((value) => typeof value === 'number' || /^\d{1,9}$/.test(value))) return `numeric (${String(first)})`;
  if (values.every((value) => String(value).length < 8)) return `short (${JSON.stringify(first)})`;
  const counters = values.map((value) => /^(.*?)(\d+)$/.exec(String(value))).filter((match) => match !== null);
  if (counters.length >= 2 && counters.length === values.length) {
    const numbers = counters.map((match) => Number(match[2]));
    const sequential = numbers.slice(1).every((number, index) => Math.abs(number - (numbers[index] ?? 0)) <= 2);
    if (sequential && new Set(counters.map((match) => match[1])).size === 1)
      return `sequential (${values.slice(0, 3).map(String).join(', ')})`;
  }
  return undefined;
}

function handleFindings(calls: readonly CallRecord[]): Finding[] {
  const byPath = new Map<string, { tool: string; path: string; values: (string | number)[] }>();
  for (const call of calls) {
    if (!call.result || call.result.isError) continue;
    // Handles a call hands out (basket_id, session.token), not ids inside listed records (a catalogue's products[].id).
    for (const [path, value] of handles(call.result.structuredContent).filter(([at]) => !at.includes('[]'))) {
      const key = `${call.tool}\u0000${path}`;
      const entry = byPath.get(key) ?? { tool: call.tool, path, values: [] };
      if (!entry.values.includes(value)) entry.values.push(value);
      byPath.set(key, entry);
    }
  }
  return [...byPath.values()].flatMap(({ tool, path, values }): Finding[] => {
    const how = guessable(values);
    return how
      ? [
          {
            rule: 'handle-weak',
            severity: 'warning',
            tool,
            message: `structuredContent.${path} looks like a handle and is guessable: ${how}.`,
            fix: 'Issue handles with at least 96 random bits (e.g. a UUID v4 or 16 random bytes in base64url), scoped to the caller.',
          },
        ]
      : [];
  });
}

export function callFindings(calls: readonly CallRecord[], tools: readonly McpTool[], validate: ValidateOutput): Finding[] {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const findings: Finding[] = [];
  for (const call of calls) {
    const tool = byName.get(call.tool);
    findings.push(...taskFindings(call));
    if (!call.result) continue;
    const output = tool ? outputFinding(tool, call.result, validate) : undefined;
    if (output) findings.push(output);
    const error = errorFinding(call.tool, call.result);
    if (error) findings.push(error);
  }
  return once([...findings, ...handleFindings(calls)]);
}
