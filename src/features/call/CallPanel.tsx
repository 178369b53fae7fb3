import type { ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary.tsx';
import type { McpTool } from '../../mcp/tools.ts';
import type { CallState } from './useToolCalls.ts';

interface Props {
  tool: McpTool;
  state: CallState;
  onCall: () => void;
  /** Validation problems with the current arguments; calling needs "Send anyway". */
  invalid: boolean;
  onSendAnyway: () => void;
}

/** "Call tool" (and Send anyway) under the form; the run itself shows in the response pane. */
export function CallBar({ tool, state, onCall, invalid, onSendAnyway }: Props) {
  const running = state.status === 'running';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="primary"
        onClick={onCall}
        disabled={tool.unusable !== undefined}
        aria-keyshortcuts="Control+Enter"
        title={running ? 'Starts another run; this one keeps going' : 'Ctrl+Enter'}
      >
        Call tool
      </Button>
      {tool.unusable ? (
        <p role="note" className="text-sm text-warn">
          {tool.unusable}
        </p>
      ) : null}
      {invalid && !tool.unusable ? (
        <Button className="border-danger-line text-danger" onClick={onSendAnyway}>
          Send anyway
        </Button>
      ) : null}
      {tool.taskSupport === 'required' ? (
        <p className="text-xs text-warn">
          This tool declares execution.taskSupport "required": a plain call (without task mode) is expected to fail.
        </p>
      ) : null}
    </div>
  );
}

/** The response pane: its bar (outcome, progress, actions) and the shown run's outcome. */
export function ResultArea({ state, bar, result }: { state: CallState; bar: ReactNode; result: ReactNode }) {
  return (
    <section aria-label="Result" className="flex flex-col gap-2">
      {bar}
      <ErrorBoundary label="the result" resetKey={state}>
        {result}
      </ErrorBoundary>
      {state.status === 'idle' && !bar ? (
        <p className="text-sm text-muted">No call yet. Fill in the arguments and press “Call tool” (Ctrl+Enter).</p>
      ) : null}
    </section>
  );
}
