// What a fuzzed call's answer says about the server (issue 84): each rule named, with the text it
// rests on. A call is observed in the page's words (ok, tool-error, protocol-error with its code,
// invalid-output) or as what stopped it (the server's process gone, the connection failed, no answer
// within the call's limit). Valid arguments (the fuzzer checked them with the page's validator)
// deserve a result or the tool's own error; arguments the schema refuses deserve a refusal.
import { failureOf } from '../mcp/errors.ts';
import { stdioStopOf } from '../mcp/wire/stdioStop.ts';

const SPEC = 'https://modelcontextprotocol.io/specification/2025-11-25';

export type FuzzRule =
  | 'error-on-valid'
  | 'crash'
  | 'transport'
  | 'hang'
  | 'output-schema'
  | 'leak'
  | 'accepted-invalid'
  | 'invalid-as-internal-error'
  | 'stateless';

export const FUZZ_RULES: Record<FuzzRule, { title: string; cite: string }> = {
  'error-on-valid': {
    title: 'A JSON-RPC error for arguments the schema accepts',
    cite: `“Tool Execution Errors: Reported in tool results with isError: true” — a failure of the tool is the model's to read, not a protocol error (-32603: “Internal JSON-RPC error”, JSON-RPC 2.0 §5.1) — ${SPEC}/server/tools#error-handling`,
  },
  crash: {
    title: 'The server stopped',
    cite: `A call of a listed tool with arguments its schema accepts must be answered — ${SPEC}/basic/lifecycle#operation`,
  },
  transport: {
    title: 'The connection failed during the call',
    cite: `A call of a listed tool with arguments its schema accepts must be answered — ${SPEC}/basic/lifecycle#operation`,
  },
  hang: {
    title: 'No answer within the call’s time limit',
    cite: `“Implementations SHOULD establish timeouts for all sent requests” — a host gives up and the model is left without an answer — ${SPEC}/basic/lifecycle#timeouts`,
  },
  'output-schema': {
    title: 'structuredContent breaks the tool’s outputSchema',
    cite: `“Servers MUST provide structured results that conform to this schema” — ${SPEC}/server/tools#output-schema`,
  },
  leak: {
    title: 'A stack trace in what the tool said',
    cite: `“Servers MUST … Sanitize tool outputs” — ${SPEC}/server/tools#security-considerations`,
  },
  'accepted-invalid': {
    title: 'Arguments the schema refuses, answered as a success',
    cite: `“Servers MUST: Validate all tool inputs” — ${SPEC}/server/tools#security-considerations`,
  },
  'invalid-as-internal-error': {
    title: 'Arguments the schema refuses, answered with -32603 (Internal error)',
    cite: `Refuse them with -32602 (Invalid params) or a tool execution error that says what is wrong (SEP-1303) — ${SPEC}/server/tools#error-handling`,
  },
  stateless: {
    title: 'The same arguments, answered otherwise on a fresh connection (2026-07-28)',
    cite: `The 2026-07-28 revision has no handshake and no session: every request stands alone, so its answer cannot depend on the connection — https://modelcontextprotocol.io/specification/2026-07-28/basic/lifecycle`,
  },
};

/** A fuzzed call, as it ended. */
export type Observation =
  | { kind: 'ok'; text: string; outputProblem?: string }
  | { kind: 'tool-error'; text: string; outputProblem?: undefined }
  | { kind: 'protocol-error'; code: number; message: string }
  | { kind: 'crash'; message: string }
  | { kind: 'transport'; message: string }
  | { kind: 'hang'; message: string };

/**
 * A thrown call failure in the fuzzer's words (the session's failure vocabulary, src/mcp/errors.ts).
 * `bridged`: the connection is to Toolscope's own stdio bridge, whose word that the process is gone
 * is believed (src/mcp/wire/stdioStop.ts); from anywhere else it is the server's own error.
 */
export function observeFailure(error: unknown, bridged = false): Observation {
  const failure = failureOf(error);
  if (failure.kind === 'protocol' && bridged && stdioStopOf(failure.data) !== undefined)
    return { kind: 'crash', message: `the server process stopped (${stdioStopOf(failure.data) ?? 'exited'})` };
  if (failure.kind === 'protocol') return { kind: 'protocol-error', code: failure.code, message: failure.message };
  if (failure.kind === 'server-stopped') return { kind: 'crash', message: failure.message };
  if (failure.kind === 'timeout') return { kind: 'hang', message: failure.message };
  return { kind: 'transport', message: failure.message };
}

// Stack traces only: a bare file path is not counted — on the nine real servers (npm run fuzz:real) all
// nine path findings were server-filesystem naming the folder it serves, its own domain (false).
const LEAKS: [RegExp, string][] = [
  [/\n\s+at (?:[\w$.<>[\] ]+ \()?(?:file:\/\/|node:|\/|[A-Z]:\\)[^\n)]*:\d+:\d+\)?/, 'a JavaScript stack trace'],
  [/Traceback \(most recent call last\)/, 'a Python traceback'],
  [/\n\s*at [\w$.]+\([\w$]+\.(?:java|kt|scala):\d+\)/, 'a JVM stack trace'],
  [/goroutine \d+ \[running\]/, 'a Go panic'],
];

/** What in a text gives away the server's insides (a stack trace, a traceback, a panic), if anything. */
export function leakIn(text: string): string | undefined {
  const sample = text.slice(0, 100_000);
  for (const [pattern, what] of LEAKS) {
    const found = pattern.exec(sample);
    if (found) return `${what}: “${found[0].trim().slice(0, 120)}”`;
  }
  return undefined;
}

/** The rule an answer breaks (and how), if one: `valid` says whether the arguments met the schema. */
export function judgeCall(valid: boolean, observed: Observation): { rule: FuzzRule; detail: string } | undefined {
  if (observed.kind === 'crash' || observed.kind === 'transport' || observed.kind === 'hang')
    return { rule: observed.kind, detail: observed.message };
  if (valid) {
    if (observed.kind === 'protocol-error') return { rule: 'error-on-valid', detail: `${observed.code}: ${observed.message}` };
    if (observed.outputProblem) return { rule: 'output-schema', detail: observed.outputProblem };
  } else {
    if (observed.kind === 'ok') return { rule: 'accepted-invalid', detail: `answered as a success: ${observed.text.slice(0, 200)}` };
    if (observed.kind === 'protocol-error' && observed.code === -32603)
      return { rule: 'invalid-as-internal-error', detail: `${observed.code}: ${observed.message}` };
  }
  const leak = leakIn(observed.kind === 'protocol-error' ? observed.message : observed.text);
  return leak ? { rule: 'leak', detail: leak } : undefined;
}
