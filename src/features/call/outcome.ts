// What the response pane's pill says about the shown call: one word a person reads first, a tone
// that means the same everywhere (a cancel is not a failure, a tool error is not a protocol error).
import type { McpFailure } from '../../mcp/errors.ts';
import type { Notice } from '../../session/callEntrance.ts';
import type { CallState } from '../../session/runs.ts';

export type OutcomeTone = 'neutral' | 'running' | 'ok' | 'warn' | 'danger';

export interface Outcome {
  /** Starts with Running, Success, Tool error, Protocol error, Cancelled, Unreachable or Not sent. */
  label: string;
  tone: OutcomeTone;
}

/** Transport-level failures: the request did not get an answer from the server. */
const UNREACHABLE: ReadonlySet<McpFailure['kind']> = new Set(['unreachable', 'cors', 'proxy', 'stream-cut']);

export function failureOutcome(failure: McpFailure): Outcome {
  switch (failure.kind) {
    case 'cancelled':
      return { label: 'Cancelled', tone: 'neutral' };
    case 'timeout':
      return { label: 'Cancelled · time limit reached', tone: 'warn' };
    case 'protocol':
      return { label: `Protocol error ${failure.code}`, tone: 'danger' };
    case 'http':
    case 'auth':
      return { label: `Protocol error · HTTP ${failure.status}`, tone: 'danger' };
    default:
      if (UNREACHABLE.has(failure.kind)) return { label: failure.kind === 'cors' ? 'Unreachable · CORS' : 'Unreachable', tone: 'danger' };
      return { label: `Protocol error · ${failure.kind}`, tone: 'danger' };
  }
}

/** The pill for the shown run; a request the call path did not send (the newest) wins. */
export function outcomeOf(state: CallState, notice?: Notice): Outcome | undefined {
  if (notice) return { label: notice.kind === 'refused' ? 'Not sent · refused' : 'Not sent', tone: 'warn' };
  switch (state.status) {
    case 'idle':
      return undefined;
    case 'running':
      return { label: 'Running', tone: 'running' };
    case 'done':
      return state.result.isError ? { label: 'Tool error', tone: 'warn' } : { label: 'Success', tone: 'ok' };
    case 'failed':
      if (state.task?.end === 'expired') return { label: 'Expired', tone: 'warn' };
      if (state.task?.end === 'cancelled') return { label: 'Cancelled', tone: 'neutral' };
      return failureOutcome(state.failure);
  }
}
