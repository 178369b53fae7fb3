import type { ReactNode } from 'react';
import { RequestBar, VERB_WIDTH } from '../../components/ui/WorkFrame.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Menu } from '../../components/ui/Menu.tsx';
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
  /** Opens "Load test" for this tool (in the response pane). */
  onLoadTest?: () => void;
  /** Opens "Fuzz" for this tool (in the response pane). */
  onFuzz?: () => void;
  /** Copies a link that opens this tool with the arguments as they are now. */
  onCopyLink?: () => void;
}

const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The request pane's toolbar, pinned to its top while the form scrolls: how the arguments are
 * edited (one switch between Form and JSON, the end in use marked), an outlined "Send anyway" when the checks hold the
 * call back, and "Call tool" with its shortcut. The run itself shows in the response pane.
 */
export function RequestToolbar({
  tool,
  state,
  onCall,
  invalid,
  onSendAnyway,
  mode,
  formUsable,
  onMode,
  task,
  onLoadTest,
  onFuzz,
  onCopyLink,
}: Props) {
  // The tool's less frequent actions wait under one "⋯" beside Call tool (the calm workspace's
  // control budget: 24 at 1440 with a result shown).
  const more = [
    ...(onLoadTest ? [{ label: 'Load test', onSelect: onLoadTest }] : []),
    ...(onFuzz ? [{ label: 'Fuzz', onSelect: onFuzz }] : []),
    ...(onCopyLink ? [{ label: 'Copy link', onSelect: onCopyLink }] : []),
  ];
  const running = state.status === 'running';
  const side = (active: boolean) => (active ? 'font-semibold text-accent' : 'text-subtle');
  return (
    <RequestBar
      heading="Arguments"
      verb={
        <>
          {invalid && !tool.unusable ? (
            <Button className="border-danger-line text-danger" onClick={onSendAnyway}>
              Send anyway
            </Button>
          ) : null}
          {more.length ? (
            <Menu
              label="More for this tool"
              triggerLabel="More for this tool"
              trigger={<span aria-hidden="true">⋯</span>}
              items={more}
              kind="disclosure"
            />
          ) : null}
          <Button
            variant="primary"
            className={VERB_WIDTH}
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
        </>
      }
      below={
        <>
          {tool.unusable ? (
            <p role="note" className="text-sm text-warn">
              {tool.unusable}
            </p>
          ) : null}
          <TaskNote task={task} />
        </>
      }
    >
      {/* One switch between its two ends, Form and JSON, the end in use marked; on is JSON. */}
      <span className="flex items-center gap-1.5 text-xs">
        <span aria-hidden="true" data-side="form" className={side(mode === 'form')}>
          Form
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={mode === 'json'}
          aria-label="Edit as JSON"
          title={
            formUsable ? (mode === 'json' ? 'Back to the form' : 'Edit the arguments as JSON') : 'This tool’s schema has no form: JSON only'
          }
          disabled={!formUsable}
          className="relative h-6 w-11 shrink-0 rounded-full border border-field bg-selected disabled:cursor-not-allowed disabled:opacity-60"
          onClick={() => onMode(mode === 'json' ? 'form' : 'json')}
        >
          <span
            className={cn(
              'absolute top-1 left-1 size-4 rounded-full bg-accent transition-transform motion-reduce:transition-none',
              mode === 'json' && 'translate-x-[18px]',
            )}
          />
        </button>
        <span aria-hidden="true" data-side="json" className={side(mode === 'json')}>
          JSON
        </span>
      </span>
    </RequestBar>
  );
}

/** How this tool runs as a task, when it declares task support (under the toolbar). */
function TaskNote({ task }: { task: Props['task'] }) {
  if (task?.support === 'not-offered')
    return (
      <p className="text-xs text-warn">
        This tool declares execution.taskSupport "{task.declared}", but the server’s capabilities lack tasks.requests.tools.call: Toolscope
        calls it plainly, as the spec requires{task.declared === 'required' ? ' (the server is then expected to refuse)' : ''}.
      </p>
    );
  if (task?.support === 'required')
    return (
      <p className="text-xs text-muted">
        Runs as a task (execution.taskSupport "required"): polled until it ends; other calls go on meanwhile.
      </p>
    );
  if (task?.support === 'optional')
    return (
      <label className="flex items-center gap-1.5 text-xs text-subtle">
        <input type="checkbox" checked={task.on} onChange={(event) => task.onChange(event.target.checked)} />
        Run as task
        <span className="text-muted">(execution.taskSupport "optional": the server answers with a task, polled until it ends)</span>
      </label>
    );
  return null;
}

/** Why the arguments are not (fully) checked, or why the last request was held back: under the toolbar. */
export function RequestNotes({ schemaNote, checkFailure, blocked }: { schemaNote?: string; checkFailure?: string; blocked?: string }) {
  return (
    <>
      {schemaNote ? (
        <p role="note" className="text-sm text-warn">
          Arguments are not fully checked before sending: {schemaNote}
        </p>
      ) : null}
      {checkFailure ? (
        <p role="alert" className="text-sm text-danger">
          Not sent — Toolscope could not load its argument checks ({checkFailure}). Is Toolscope’s own server still running? Press “Call
          tool” to try again.
        </p>
      ) : null}
      {blocked ? (
        <p role="alert" className="text-sm text-danger">
          Not sent — {blocked}. Fix the arguments, or use “Send anyway” to test the server’s own validation.
        </p>
      ) : null}
    </>
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
