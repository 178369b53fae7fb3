// One outcome vocabulary for everything that says what became of a call — the response pane's
// pill, History, Traffic, the saved calls' verdicts, the run list and the server bar: ten words,
// each with one colour, each decided by what was sent and received, never guessed. A transport
// failure is never dressed as a JSON-RPC error; a cancel is not a failure; a result that breaks
// its outputSchema is not a success. The README's table is checked against OUTCOMES.
import type { McpFailure } from '../mcp/errors.ts';
import type { CallResult } from '../mcp/results.ts';
import { hasMetaChallenge } from '../mcp/auth/metaChallenge.ts';
import type { Notice } from './callEntrance.ts';
import type { CallState } from './runs.ts';

export type OutcomeKind =
  | 'success'
  | 'invalid-output'
  | 'tool-error'
  | 'sign-in-required'
  | 'protocol-error'
  | 'stream-cut'
  | 'unreachable'
  | 'server-stopped'
  | 'cancelled'
  | 'not-sent'
  | 'needs-input'
  | 'working';

export type OutcomeTone = 'ok' | 'warn' | 'danger' | 'neutral' | 'running';

/** The colour each tone is drawn in (what the README's table says). */
export const TONE_COLOUR: Record<OutcomeTone, string> = {
  ok: 'green',
  warn: 'amber',
  danger: 'red',
  neutral: 'grey',
  running: 'blue',
};

export const OUTCOMES: Record<OutcomeKind, { word: string; tone: OutcomeTone; when: string }> = {
  success: {
    word: 'Success',
    tone: 'ok',
    when: 'The tool answered a result (no isError) that matches its outputSchema, if it declares one. Amber, with a count, when its MCP App had loads blocked by its CSP.',
  },
  'invalid-output': {
    word: 'Invalid output',
    tone: 'warn',
    when: 'The tool answered, but its structuredContent breaks its outputSchema (or is missing though one is declared).',
  },
  'tool-error': {
    word: 'Tool error',
    tone: 'warn',
    when: 'The tool answered a result with isError: true — its own failure, which a model reads.',
  },
  'sign-in-required': {
    word: 'Sign-in required',
    tone: 'warn',
    when: 'The server asked for a sign-in (HTTP 401 with a Bearer challenge, 403 insufficient_scope, or a result’s _meta["mcp/www_authenticate"]): expected with lazy auth, not a failure. Sign in and retry sends the same call again.',
  },
  'protocol-error': {
    word: 'Protocol error',
    tone: 'danger',
    when: 'The server answered a JSON-RPC error (its code follows: −32602…) or an HTTP error status, or an answer that is not MCP.',
  },
  'stream-cut': { word: 'Stream cut', tone: 'danger', when: 'The response stream broke off after it began, before the answer arrived.' },
  unreachable: {
    word: 'Unreachable',
    tone: 'danger',
    when: 'No HTTP answer at all: the network, CORS, or Toolscope’s proxy could not reach the server.',
  },
  'server-stopped': {
    word: 'Server stopped',
    tone: 'warn',
    when: 'The stdio server’s process is gone (it exited, was killed or stopped): Restart is offered.',
  },
  cancelled: { word: 'Cancelled', tone: 'neutral', when: 'The person (or the time limit) cancelled the call, and the server was told so.' },
  'not-sent': {
    word: 'Not sent',
    tone: 'warn',
    when: 'Toolscope held the call back: arguments that break the schema, JSON that does not parse, read-only mode, a declined question.',
  },
  'needs-input': {
    word: 'Needs input',
    tone: 'running',
    when: 'Sent; the server waits for an answer to its question (a form, or a task’s input_required) before it goes on.',
  },
  working: {
    word: 'Running',
    tone: 'running',
    when: 'Sent; no answer yet. A task the server is still working on reads Working, its own status.',
  },
};

export interface Outcome {
  kind: OutcomeKind;
  /** The word, then what narrows it down: "Protocol error -32602", "Cancelled · time limit reached". */
  label: string;
  tone: OutcomeTone;
}

const outcome = (kind: OutcomeKind, detail?: string): Outcome => ({
  kind,
  label: detail ? `${OUTCOMES[kind].word}${detail.startsWith(' ') ? detail : ` · ${detail}`}` : OUTCOMES[kind].word,
  tone: OUTCOMES[kind].tone,
});

/** An outcome by its word alone ("Success", "Working"): a prompt's get or a resource's read. */
export const plainOutcome = (kind: OutcomeKind): Outcome => outcome(kind);

export function failureOutcome(failure: McpFailure): Outcome {
  switch (failure.kind) {
    case 'cancelled':
      return outcome('cancelled');
    case 'timeout':
      return outcome('cancelled', 'time limit reached');
    case 'protocol':
      return outcome('protocol-error', ` ${failure.code}`);
    case 'http':
      return outcome('protocol-error', `HTTP ${failure.status}`);
    case 'auth':
      // A challenge a sign-in answers is not a failure: the card below offers the sign-in.
      return failure.challenge?.bearer || failure.challenge?.error
        ? outcome('sign-in-required', `HTTP ${failure.status}`)
        : outcome('protocol-error', `HTTP ${failure.status}`);
    case 'not-mcp':
      return outcome('protocol-error', 'not MCP');
    case 'schema':
      return outcome('protocol-error', 'malformed result');
    case 'oauth':
      return outcome('protocol-error', 'sign-in');
    case 'unknown':
      return outcome('protocol-error', 'unexplained');
    case 'stream-cut':
      return outcome('stream-cut');
    case 'unreachable':
      return outcome('unreachable');
    case 'cors':
      return outcome('unreachable', 'CORS');
    case 'proxy':
      return outcome('unreachable', 'proxy');
    case 'server-stopped':
      return outcome('server-stopped', failure.exit);
    case 'invalid-input':
      return outcome('not-sent');
  }
}

/**
 * A result the tool answered: a sign-in it asks for (ChatGPT's `_meta` challenge), its own error,
 * one that breaks its outputSchema, or a success.
 */
export function resultOutcome(result: Pick<CallResult, 'isError'> & Partial<Pick<CallResult, 'raw'>>, outputProblem?: string): Outcome {
  if (result.raw !== undefined && hasMetaChallenge(result.raw)) return outcome('sign-in-required', '_meta challenge');
  if (result.isError) return outcome('tool-error');
  return outcome(outputProblem ? 'invalid-output' : 'success');
}

/**
 * A success whose MCP App had loads refused by its CSP is not the whole story: the same word, amber,
 * with the count ("Success · app: 2 loads blocked").
 */
export function withAppBlocked(shown: Outcome | undefined, blocked: number): Outcome | undefined {
  if (!shown || shown.kind !== 'success' || blocked <= 0) return shown;
  return { ...shown, label: `${shown.label} · app: ${blocked} ${blocked === 1 ? 'load' : 'loads'} blocked`, tone: 'warn' };
}

/**
 * The pill for the shown run; a request the call path did not send (the newest) wins. `asking`:
 * the server's question to this run waits for the person.
 */
export function outcomeOf(state: CallState, notice?: Notice, asking = false): Outcome | undefined {
  if (notice) return outcome('not-sent', notice.kind === 'refused' ? 'refused' : undefined);
  switch (state.status) {
    case 'idle':
      return undefined;
    case 'running':
      // Waiting for the person has one word, whoever asks; a task otherwise says what the server
      // says of it (Working); a plain call is running.
      if (asking || state.task?.status === 'input_required') return outcome('needs-input');
      if (!state.task) return outcome('working');
      return { kind: 'working', label: 'Working', tone: 'running' };
    case 'done':
      return resultOutcome(state.result, state.outputProblem);
    case 'failed':
      if (state.task?.end === 'expired') return outcome('protocol-error', 'task expired');
      if (state.task?.end === 'cancelled') return outcome('cancelled');
      return failureOutcome(state.failure);
  }
}
