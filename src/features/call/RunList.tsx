import { Button } from '../../components/ui/Button.tsx';
import type { CallRun } from '../../session/runs.ts';
import { humanDuration } from '../../lib/age.ts';
import { outcomeOf } from '../../session/outcome.ts';

/** "Working · 40%", "Protocol error -32602 · 120 ms": the outcome's own words. */
function summary(run: CallRun): string {
  const { state } = run;
  const label = outcomeOf(state)?.label ?? '';
  if (state.status === 'running')
    return state.progress?.total ? `${label} · ${Math.round((state.progress.progress / state.progress.total) * 100)}%` : label;
  return `${label} · ${humanDuration(state.durationMs)}`;
}

/**
 * The tool's runs (several may run at once); each keeps its own progress and result. Listed from
 * two on — or from one when none is shown (the pane says why the last request was not sent).
 */
export function RunList({ runs, shownId, onShow }: { runs: readonly CallRun[]; shownId?: number; onShow: (id: number) => void }) {
  if (runs.length < (shownId === undefined ? 1 : 2)) return null;
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
