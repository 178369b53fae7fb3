// Background work with a home: every call of this page the server answered with a task — still
// working, waiting for input, or how it ended — in the dock's "Tasks" tab, with its tool, status,
// the server's step, its age, Open (the tool with that run) and Cancel. A task resumed after a
// reload is listed the same way. The tab's badge counts the tasks still working.
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { DockTab } from '../../components/ui/Dock.tsx';
import { OutcomePill } from '../../components/ui/OutcomePill.tsx';
import { PanelTitle } from '../../components/ui/PanelHeader.tsx';
import { humanDuration } from '../../lib/age.ts';
import { revealInvisible } from '../../lib/text.ts';
import { outcomeOf } from '../../session/outcome.ts';
import type { CallRun } from '../../session/runs.ts';

interface Props {
  runs: readonly CallRun[];
  onOpen: (tool: string, runId: number) => void;
  onCancel: (runId: number) => void;
}

/** The runs that are (or were) tasks, newest first. */
export const taskRuns = (runs: readonly CallRun[]) => runs.filter((run) => run.state.task !== undefined).reverse();

export function TasksPanel({ runs, onOpen, onCancel }: Props) {
  const tasks = taskRuns(runs);
  if (!tasks.length) return null;
  const working = tasks.filter((run) => run.state.status === 'running').length;
  return (
    <DockTab id="tasks" label="Tasks" order={0.5} badge={working ? `● ${working}` : undefined}>
      {(shown) => (shown ? <TaskList tasks={tasks} working={working} onOpen={onOpen} onCancel={onCancel} /> : null)}
    </DockTab>
  );
}

function TaskList({
  tasks,
  working,
  onOpen,
  onCancel,
}: {
  tasks: readonly CallRun[];
  working: number;
  onOpen: Props['onOpen'];
  onCancel: Props['onCancel'];
}) {
  const now = useNow();
  return (
    <section aria-label="Tasks" className="flex h-full min-h-0 flex-col text-xs">
      <div className="flex items-center gap-2 px-2 py-1">
        <PanelTitle title="Tasks" count={tasks.length} noun={['task', 'tasks']}>
          {working ? <span className="text-info"> · {working} working</span> : null}
        </PanelTitle>
      </div>
      <ul aria-label="Tasks of this page" className="min-h-0 flex-1 overflow-auto">
        {tasks.map((run) => (
          <TaskRow key={run.id} run={run} now={now} onOpen={onOpen} onCancel={onCancel} />
        ))}
      </ul>
    </section>
  );
}

/** The clock the rows' ages are read from, ticking once a second while the tab is shown. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function TaskRow({ run, now, onOpen, onCancel }: { run: CallRun; now: number; onOpen: Props['onOpen']; onCancel: Props['onCancel'] }) {
  const { state } = run;
  const task = state.task;
  const outcome = outcomeOf(state);
  if (!task || !outcome) return null;
  const running = state.status === 'running';
  const age = humanDuration(Math.max(0, now - task.createdAt));
  return (
    <li className="flex flex-wrap items-center gap-x-2 gap-y-0.5 border-b border-line/60 px-2 py-1">
      <span className="font-mono font-medium">{revealInvisible(run.tool)}</span>
      <OutcomePill outcome={outcome} />
      <span className="font-mono text-muted" title={task.taskId}>
        task {revealInvisible(task.taskId.slice(0, 12))}
        {task.taskId.length > 12 ? '…' : ''}
      </span>
      {task.statusMessage ? <span className="max-w-[32rem] truncate text-subtle">{revealInvisible(task.statusMessage)}</span> : null}
      <span className="text-muted tabular-nums">{age} ago</span>
      {task.resumed ? <span className="text-muted">resumed after a reload</span> : null}
      {task.cancel === 'requested' && running ? <span className="text-info">cancel requested</span> : null}
      <span className="ml-auto flex gap-0.5">
        <Button
          variant="ghost"
          className="px-1.5 py-0.5 text-xs"
          aria-label={`Open ${run.tool} run ${run.id}`}
          onClick={() => onOpen(run.tool, run.id)}
        >
          Open
        </Button>
        {running ? (
          <Button
            variant="ghost"
            className="px-1.5 py-0.5 text-xs"
            aria-label={`Cancel task of ${run.tool} run ${run.id}`}
            disabled={task.cancel === 'requested'}
            onClick={() => onCancel(run.id)}
          >
            Cancel
          </Button>
        ) : null}
      </span>
    </li>
  );
}

/**
 * Who asks, for the question's title: the task the protocol names (and its tool), else the one call
 * running; several running: which they are. Undefined: nothing running says who (the server).
 */
export function askerOf(taskId: string | undefined, runs: readonly CallRun[]): string | undefined {
  if (taskId) {
    const run = runs.find((candidate) => candidate.state.task?.taskId === taskId);
    const id = `task ${taskId.slice(0, 12)}${taskId.length > 12 ? '…' : ''}`;
    return run ? `${run.tool} (${id})` : `The server’s ${id}`;
  }
  const running = [...new Set(runs.filter((run) => run.state.status === 'running').map((run) => run.tool))];
  if (running.length === 1) return running[0];
  return running.length ? `One of ${running.join(', ')}` : undefined;
}
