// The top of the response pane: what became of the shown call (one pill), how long it took and
// how big the answer was; while it runs, its progress, the server's message and Cancel; once it
// is done, what one does next with it (copy, save, compare).
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../lib/cn.ts';
import { formatBytes, jsonBytes } from '../../mcp/results.ts';
import type { McpTool } from '../../mcp/tools.ts';
import type { Notice } from '../../session/callEntrance.ts';
import { OUTCOMES, outcomeOf, withAppBlocked } from '../../session/outcome.ts';
import { OutcomeLine, RESPONSE_TOP } from '../../components/ui/WorkFrame.tsx';
import { humanDuration } from '../../lib/age.ts';
import type { CallState, TaskView } from '../../session/runs.ts';

const TASK_END: Record<NonNullable<TaskView['end']>, string> = {
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** Ticks every `ms` while mounted (for the task's clocks). */
function useNow(ms: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/**
 * A task's line in the run card: Working (or input required) with the server's status message, the
 * time since it was made, what is left of its TTL and the poll interval in use; then how it ended.
 */
function TaskLine({ task }: { task: TaskView }) {
  const now = useNow(task.end ? 3_600_000 : 500);
  const state = task.end ? TASK_END[task.end] : task.status === 'input_required' ? OUTCOMES['needs-input'].word : 'Working';
  const left = typeof task.ttlMs === 'number' ? task.createdAt + task.ttlMs - now : undefined;
  const parts = [
    task.statusMessage,
    task.end ? undefined : `started ${humanDuration(Math.max(0, now - task.createdAt))} ago`,
    task.end ? undefined : left === undefined ? 'no TTL' : left > 0 ? `expires in ${humanDuration(left)}` : 'past its TTL',
    task.end ? undefined : `polling every ${humanDuration(task.pollMs)}`,
  ].filter(Boolean);
  return (
    <div aria-label="Task" role="group" className="flex flex-col gap-0.5 text-xs">
      <p>
        <span className="font-semibold">{state}</span>
        <span className="text-muted">
          {' '}
          · task <code className="font-mono">{task.taskId.slice(0, 40)}</code>
          {task.resumed ? ' · resumed after a reload' : ''}
        </span>
      </p>
      {parts.length ? <p className="text-muted">{parts.join(' · ')}</p> : null}
      {task.cancel === 'requested' && !task.end ? <p className="text-info">Cancel requested — the server decides.</p> : null}
      {typeof task.cancel === 'object' ? <p className="text-danger">tasks/cancel failed: {task.cancel.failed}</p> : null}
      {task.findings.map((finding) => (
        <p key={finding} className="text-warn">
          {finding}
        </p>
      ))}
    </div>
  );
}

function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return <>{humanDuration(Math.max(0, now - since))}</>;
}

/** The app's own progress bar: determinate when the server reports a total. */
function Progress({ label, value, total }: { label: string; value?: number; total?: number }) {
  const fraction = total && value !== undefined ? Math.min(1, Math.max(0, value / total)) : undefined;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={fraction === undefined ? undefined : 0}
      aria-valuemax={fraction === undefined ? undefined : total}
      aria-valuenow={fraction === undefined ? undefined : value}
      className="relative h-1.5 w-full overflow-hidden rounded-full bg-hover"
    >
      <div
        className={cn('absolute inset-y-0 left-0 rounded-full bg-accent', fraction === undefined && 'w-1/3 animate-pulse')}
        style={fraction === undefined ? undefined : { width: `${fraction * 100}%` }}
      />
    </div>
  );
}

interface Props {
  tool: McpTool;
  state: CallState;
  notice?: Notice;
  onCancel: () => void;
  /** Copy as ▾, Save, Compare with previous (for a finished call). */
  actions?: ReactNode;
  /** Loads the result's MCP App had refused by its CSP. */
  appBlocked?: number;
  /** The server's question to this call waits for the person. */
  asking?: boolean;
}

export function ResponseBar({ tool, state, notice, onCancel, actions, appBlocked = 0, asking = false }: Props) {
  // The answer's size as sent (its JSON), once per result.
  const raw = state.status === 'done' ? state.result.raw : undefined;
  const bytes = useMemo(() => (raw === undefined ? undefined : jsonBytes(raw)), [raw]);
  const outcome = withAppBlocked(outcomeOf(state, notice, asking), appBlocked);
  if (!outcome) return null;
  const running = state.status === 'running';
  return (
    <div className={RESPONSE_TOP}>
      <OutcomeLine
        outcome={outcome}
        detail={
          <>
            {running ? (
              <Elapsed since={state.startedAt} />
            ) : state.status === 'done' || state.status === 'failed' ? (
              humanDuration(state.durationMs)
            ) : null}
            {bytes !== undefined && !running && !notice ? ` · ${formatBytes(bytes)}` : ''}
          </>
        }
        actions={
          running && state.task ? (
            <Button className="px-2 py-0.5 text-xs" onClick={onCancel} disabled={state.task.cancel === 'requested'}>
              Cancel task
            </Button>
          ) : running ? (
            <Button className="px-2 py-0.5 text-xs" onClick={onCancel} aria-keyshortcuts="Escape">
              Cancel
            </Button>
          ) : !notice ? (
            actions
          ) : null
        }
      />
      {state.status !== 'idle' && state.task ? <TaskLine task={state.task} /> : null}
      {running && !state.task ? (
        <div className="flex flex-col gap-1">
          <Progress
            label={`Calling ${tool.name}`}
            value={asking ? undefined : state.progress?.progress}
            total={asking ? undefined : state.progress?.total}
          />
          <p className="text-xs text-muted">
            {asking
              ? 'Waiting for your answer to the server’s question · Decline tells the server no; Cancel stops the call'
              : state.progress
                ? `${state.progress.progress}${state.progress.total !== undefined ? ` of ${state.progress.total}` : ''}`
                : 'Waiting for the server'}
            {!asking && state.progress?.message ? ` · ${state.progress.message}` : ''} · Esc cancels
          </p>
        </div>
      ) : null}
    </div>
  );
}
