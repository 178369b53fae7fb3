import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary.tsx';
import type { McpTool } from '../../mcp/tools.ts';
import type { CallState } from './useToolCalls.ts';

interface Props {
  tool: McpTool;
  state: CallState;
  /** The rendered outcome of the last call (composed by the app). */
  result: ReactNode;
  onCall: () => void;
  onCancel: () => void;
  /** Validation problems with the current arguments; calling needs "Send anyway". */
  invalid: boolean;
  onSendAnyway: () => void;
}

function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return <span>{((now - since) / 1000).toFixed(1)} s</span>;
}

/** "Call tool" (and Cancel, Send anyway) with the shown run's progress: under the form. */
export function CallBar({ tool, state, onCall, onCancel, invalid, onSendAnyway }: Omit<Props, 'result'>) {
  const running = state.status === 'running';
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="primary"
          onClick={onCall}
          disabled={tool.unusable !== undefined}
          title={running ? 'Starts another run; this one keeps going' : undefined}
        >
          Call tool
        </Button>
        {tool.unusable ? (
          <p role="note" className="text-sm text-warn">
            {tool.unusable}
          </p>
        ) : null}
        {invalid && !running && !tool.unusable ? (
          <Button variant="danger" onClick={onSendAnyway}>
            Send anyway
          </Button>
        ) : null}
        {running ? (
          <Button onClick={onCancel} aria-keyshortcuts="Escape">
            Cancel
          </Button>
        ) : null}
        {tool.taskSupport === 'required' ? (
          <p className="text-xs text-warn">
            This tool declares execution.taskSupport "required": a plain call (without task mode) is expected to fail.
          </p>
        ) : null}
      </div>
      {state.status === 'running' ? (
        <div className="flex flex-col gap-1">
          <progress
            className="h-2 w-full"
            aria-label={`Calling ${tool.name}`}
            max={state.progress?.total ?? undefined}
            value={state.progress?.total !== undefined ? state.progress.progress : undefined}
          />
          <p className="text-xs text-muted">
            Running · <Elapsed since={state.startedAt} />
            {state.progress
              ? ` · ${state.progress.progress}${state.progress.total !== undefined ? ` of ${state.progress.total}` : ''}`
              : ''}
            {state.progress?.message ? ` · ${state.progress.message}` : ''}
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** The shown run's outcome: beside the form on wide screens, under it on narrow ones. */
export function ResultArea({ state, result }: Pick<Props, 'state' | 'result'>) {
  return (
    <div className="flex flex-col gap-3">
      <section aria-label="Result" className="flex flex-col gap-2">
        <ErrorBoundary label="the result" resetKey={state}>
          {result}
        </ErrorBoundary>
        {state.status === 'idle' ? <p className="text-sm text-muted">No call yet. Fill in the arguments and press “Call tool”.</p> : null}
      </section>
    </div>
  );
}
