import type { ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary.tsx';
import type { McpTool } from '../../mcp/tools.ts';
import type { CallState } from '../../session/runs.ts';
import { cn } from '../../lib/cn.ts';

interface Props {
  tool: McpTool;
  state: CallState;
  onCall: () => void;
  /** Validation problems with the current arguments; calling needs "Send anyway". */
  invalid: boolean;
  onSendAnyway: () => void;
  /** How the arguments are edited; `formUsable` false when the schema only allows JSON. */
  mode: 'form' | 'json';
  formUsable: boolean;
  onMode: (mode: 'form' | 'json') => void;
  /** 2025 wire, a tool whose execution.taskSupport allows tasks: required (always a task) or optional (the person's choice). */
  task?:
    | { support: 'required' }
    | { support: 'optional'; on: boolean; onChange: (on: boolean) => void }
    | { support: 'not-offered'; declared: string };
}

const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The request pane's toolbar, pinned to its top while the form scrolls: how the arguments are
 * edited (Form | JSON, the active one filled), an outlined "Send anyway" when the checks hold the
 * call back, and "Call tool" with its shortcut. The run itself shows in the response pane.
 */
export function RequestToolbar({ tool, state, onCall, invalid, onSendAnyway, mode, formUsable, onMode, task }: Props) {
  const running = state.status === 'running';
  const segment = (active: boolean) =>
    cn(
      'px-2.5 py-1 text-xs font-medium',
      active ? 'bg-selected text-accent font-semibold' : 'text-subtle hover:bg-hover disabled:opacity-50',
    );
  return (
    <div className="sticky top-0 z-10 -mx-1 flex flex-col gap-1 border-b border-line bg-canvas px-1 py-2">
      <div role="toolbar" aria-label="Request" className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold">Arguments</h3>
        <div role="group" aria-label="Edit the arguments as" className="flex overflow-hidden rounded-md border border-field">
          <button
            type="button"
            aria-pressed={mode === 'form'}
            aria-label="Edit as form"
            disabled={!formUsable}
            className={segment(mode === 'form')}
            onClick={() => onMode('form')}
          >
            Form
          </button>
          <button
            type="button"
            aria-pressed={mode === 'json'}
            aria-label="Edit as JSON"
            title={mode === 'json' && formUsable ? 'Back to the form' : undefined}
            disabled={!formUsable}
            className={cn(segment(mode === 'json'), 'border-l border-field')}
            // A second press goes back to the form (the control's older behaviour, kept).
            onClick={() => onMode(mode === 'json' && formUsable ? 'form' : 'json')}
          >
            JSON
          </button>
        </div>
        <div className="ml-auto flex items-center gap-2">
          {invalid && !tool.unusable ? (
            <Button className="border-danger-line text-danger" onClick={onSendAnyway}>
              Send anyway
            </Button>
          ) : null}
          <Button
            variant="primary"
            onClick={onCall}
            disabled={tool.unusable !== undefined}
            aria-keyshortcuts={MAC ? 'Meta+Enter' : 'Control+Enter'}
            title={running ? 'Starts another run; this one keeps going' : undefined}
          >
            Call tool
            <kbd aria-hidden="true" className="ml-1.5 hidden font-mono text-[11px] font-normal md:inline">
              {MAC ? '⌘↵' : 'Ctrl+↵'}
            </kbd>
          </Button>
        </div>
      </div>
      {tool.unusable ? (
        <p role="note" className="text-sm text-warn">
          {tool.unusable}
        </p>
      ) : null}
      {task?.support === 'not-offered' ? (
        <p className="text-xs text-warn">
          This tool declares execution.taskSupport "{task.declared}", but the server’s capabilities lack tasks.requests.tools.call:
          Toolscope calls it plainly, as the spec requires{task.declared === 'required' ? ' (the server is then expected to refuse)' : ''}.
        </p>
      ) : task?.support === 'required' ? (
        <p className="text-xs text-muted">
          Runs as a task (execution.taskSupport "required"): polled until it ends; other calls go on meanwhile.
        </p>
      ) : task?.support === 'optional' ? (
        <label className="flex items-center gap-1.5 text-xs text-subtle">
          <input type="checkbox" checked={task.on} onChange={(event) => task.onChange(event.target.checked)} />
          Run as task
          <span className="text-muted">(execution.taskSupport "optional": the server answers with a task, polled until it ends)</span>
        </label>
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
