// One load test of the open tool in the page: the mix goes through the call session's gate (the
// caller's `gate`: schema, read-only mode, a question for any tool not trusted as read-only), then
// src/session/loadTest.ts runs it while the panel reads its progress four times a second. Stop (or
// leaving the tool) stops it: no call starts after that. Each run that got past the gate ends as
// one History entry (`onEnded`).
import { useCallback, useEffect, useRef, useState } from 'react';
import { LoadRun, type LoadCall, type LoadPlan, type LoadProgress, type LoadSend, type LoadSummary } from '../../session/loadTest.ts';

export type LoadGate = (mix: readonly LoadCall[]) => Promise<{ calls: LoadCall[]; send: LoadSend } | { refused: string }>;

export type LoadState =
  | { phase: 'idle' }
  | { phase: 'asking' }
  | { phase: 'refused'; reason: string }
  | { phase: 'running'; progress: LoadProgress }
  | { phase: 'ended'; progress: LoadProgress; summary: LoadSummary };

const POLL_MS = 250;

export function useLoadRun(gate: LoadGate, onEnded: (summary: LoadSummary, plan: LoadPlan) => void) {
  const [state, setState] = useState<LoadState>({ phase: 'idle' });
  const current = useRef<LoadRun | undefined>(undefined);
  // Leaving the tool (or the panel) stops the run.
  useEffect(() => () => current.current?.stop(), []);

  const start = useCallback(
    async (plan: LoadPlan) => {
      if (current.current && !current.current.stopped) return;
      setState({ phase: 'asking' });
      const gated = await gate(plan.calls);
      if ('refused' in gated) {
        setState({ phase: 'refused', reason: gated.refused });
        return;
      }
      const checked = { ...plan, calls: gated.calls };
      const run = new LoadRun(checked, gated.send, { sliceMs: POLL_MS });
      current.current = run;
      setState({ phase: 'running', progress: run.progress() });
      const timer = setInterval(() => setState({ phase: 'running', progress: run.progress() }), POLL_MS);
      try {
        const summary = await run.run();
        setState({ phase: 'ended', progress: run.progress(), summary });
        onEnded(summary, checked);
      } finally {
        clearInterval(timer);
        current.current = undefined;
      }
    },
    [gate, onEnded],
  );
  const stop = useCallback(() => current.current?.stop(), []);
  return { state, start, stop };
}
