import { Button } from '../../components/ui/Button.tsx';
import type { CallRun } from '../../session/runs.ts';
import { humanDuration } from '../../lib/age.ts';

function summary(run: CallRun): string {
  const { state } = run;
  switch (state.status) {
    case 'running':
      return state.progress?.total ? `running · ${Math.round((state.progress.progress / state.progress.total) * 100)}%` : 'running';
    case 'done':
      return `${state.result.isError ? 'tool error' : 'done'} · ${humanDuration(state.durationMs)}`;
    case 'failed':
      return `${state.failure.kind === 'protocol' ? `protocol error ${state.failure.code}` : state.failure.kind} · ${humanDuration(state.durationMs)}`;
  }
}

/** The tool's other runs (several may run at once); each keeps its own progress and result. */
export function RunList({ runs, shownId, onShow }: { runs: readonly CallRun[]; shownId?: number; onShow: (id: number) => void }) {
  if (runs.length < 2) return null;
  return (
    <div className="flex flex-col gap-1 text-xs">
      <p className="font-semibold">Runs of this tool ({runs.length})</p>
      <ul aria-label="Runs" className="flex flex-wrap gap-1">
        {runs.map((run) => (
          <li key={run.id}>
            <Button variant="ghost" className="text-xs" aria-pressed={run.id === shownId} onClick={() => onShow(run.id)}>
              Run {run.id}: {summary(run)}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
