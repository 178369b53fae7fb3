// One call through the page's call session, observed as a test reads it (issue 83) — the outcome in
// the page's words (ok, tool-error, protocol-error, invalid-output; or unreachable, cancelled…), the
// time as the page measures it, the result, and the message a failure said. `toolscope test` and
// `toolscope/testing` both read calls this way, so a suite and an author's own test agree.
import { describeFailure } from '../../src/mcp/errors.ts';
import type { CallSession } from '../../src/session/callSession.ts';
import type { Observed } from './expectations.ts';

const OUTCOME_WORDS: Record<string, string> = {
  success: 'ok',
  'tool-error': 'tool-error',
  'protocol-error': 'protocol-error',
  'invalid-output': 'invalid-output',
};

export type ObservedCall =
  | { sent: false; refused: string }
  /** `raw`: the result as the server sent it, when it answered with one. */
  | { sent: true; observed: Observed; raw?: unknown };

/** Calls `tool` (the session's gate decides; `declined` is what a no says) and observes what came back. */
export async function observeCall(
  session: CallSession,
  tool: string,
  args: Record<string, unknown>,
  declined: string,
): Promise<ObservedCall> {
  const done = await session.requestFromAgent(tool, args, declined);
  if (!done.sent) return { sent: false, refused: done.refused };
  const { state } = done;
  const word = (fallback: string) => OUTCOME_WORDS[done.outcome?.kind ?? ''] ?? done.outcome?.kind ?? fallback;
  if (state.status === 'done')
    return {
      sent: true,
      raw: state.result.raw,
      observed: {
        outcome: word('unknown'),
        ms: state.durationMs,
        result: {
          content: state.result.content,
          ...(state.result.hasStructuredContent ? { structuredContent: state.result.structuredContent } : {}),
          ...(state.result.isError ? { isError: true } : {}),
        },
        ...(state.outputProblem
          ? { message: state.outputProblem }
          : state.result.isError
            ? { message: textOf(state.result.content).slice(0, 300) }
            : {}),
      },
    };
  if (state.status === 'failed')
    return { sent: true, observed: { outcome: word('failed'), ms: state.durationMs, message: describeFailure(state.failure) } };
  return { sent: true, observed: { outcome: done.outcome?.kind ?? state.status, ms: 0 } };
}

/** The text blocks of a result, joined by a space. */
export const textOf = (content: readonly { type: string; text?: string }[]): string =>
  content.flatMap((block) => (block.type === 'text' && typeof block.text === 'string' ? [block.text] : [])).join(' ');
