// "Load test" for the open tool, in the response pane: the arguments in the form sent `Requests`
// times, `Concurrency` at a time, at most `Rate` a second — through the call session's gate (a tool
// not trusted as read-only asks first). While it runs: what is done, the latency over time and its
// histogram, the outcomes each on its own channel, Stop. When it ends: the percentiles (HDR
// histogram) and the rate, and the run is kept in History. What the fields hold is the person's
// text until Start: a bad value is said, never silently replaced.
import { useId, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { revealInvisible } from '../../lib/text.ts';
import { formatMs } from '../../session/loadBudget.ts';
import { LOAD_LIMITS, LOAD_OUTCOMES, OUTCOME_WORDS, type LoadPlan, type LoadProgress, type LoadSummary } from '../../session/loadTest.ts';
import { LatencyChart, LatencyHistogram } from './LoadCharts.tsx';
import { useLoadRun, type LoadGate } from './useLoadRun.ts';

interface Props {
  tool: string;
  args: Record<string, unknown>;
  gate: LoadGate;
  onEnded: (summary: LoadSummary, plan: LoadPlan) => void;
  onClose: () => void;
}

const FIELDS = { requests: '100', concurrency: '4', rate: '' };

function planOf(fields: typeof FIELDS, tool: string, args: Record<string, unknown>): LoadPlan | string {
  const whole = (text: string, name: string, max: number) => {
    const value = Number(text);
    return Number.isInteger(value) && value >= 1 && value <= max ? value : `${name}: a whole number from 1 to ${max}.`;
  };
  const requests = whole(fields.requests, 'Requests', LOAD_LIMITS.requests);
  const concurrency = whole(fields.concurrency, 'Concurrency', LOAD_LIMITS.concurrency);
  const rate = fields.rate.trim() === '' ? undefined : Number(fields.rate);
  if (typeof requests === 'string') return requests;
  if (typeof concurrency === 'string') return concurrency;
  if (rate !== undefined && !(rate > 0 && rate <= LOAD_LIMITS.rate))
    return `Rate: a number above 0, at most ${LOAD_LIMITS.rate} (or empty: no limit).`;
  return { calls: [{ tool, args, weight: 1 }], requests, concurrency, ...(rate !== undefined ? { rate } : {}), warmup: 0 };
}

function Outcomes({ progress }: { progress: LoadProgress }) {
  return (
    <table aria-label="Outcomes" className="text-xs">
      <tbody>
        {LOAD_OUTCOMES.map((outcome) => (
          <tr key={outcome} className={outcome !== 'ok' && progress.outcomes[outcome] ? 'text-danger' : undefined}>
            <th scope="row" className="pr-3 text-left font-normal text-subtle">
              {OUTCOME_WORDS[outcome]}
            </th>
            <td className="text-right font-mono tabular-nums">{progress.outcomes[outcome]}</td>
            <td className="max-w-md truncate pl-3" title={outcome === 'ok' ? undefined : progress.first[outcome]}>
              {outcome === 'ok' ? null : progress.first[outcome]}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Summary({ summary }: { summary: LoadSummary }) {
  const { all } = summary;
  const rows: [string, string][] = [
    ['p50', all.p50],
    ['p90', all.p90],
    ['p95', all.p95],
    ['p99', all.p99],
    ['max', all.max],
    ['mean', all.mean],
  ].map(([name, value]) => [String(name), typeof value === 'number' ? formatMs(value) : '—']);
  return (
    <table aria-label="Load test summary" className="text-xs">
      <tbody>
        {[...rows, ['calls a second', String(all.rps)] as [string, string]].map(([name, value]) => (
          <tr key={name}>
            <th scope="row" className="pr-3 text-left font-normal text-subtle">
              {name}
            </th>
            <td className="text-right font-mono tabular-nums">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function statusLine(state: ReturnType<typeof useLoadRun>['state']): string {
  if (state.phase === 'asking') return 'Checking the arguments and asking, if the tool may change data…';
  if (state.phase !== 'running' && state.phase !== 'ended') return '';
  const { progress } = state;
  const of = progress.target.requests !== undefined ? ` of ${progress.target.requests}` : '';
  const seconds = `${(progress.elapsedMs / 1000).toFixed(1)} s`;
  if (state.phase === 'running') return `Running: ${progress.done}${of} calls ended · ${seconds}`;
  const { summary } = state;
  return summary.stopped
    ? `Stopped after ${summary.all.calls} calls (${seconds}); ${summary.cancelled} in flight were cancelled and not counted. Nothing runs after Stop.`
    : `Done: ${summary.all.calls} calls in ${seconds}.`;
}

export default function LoadTestPanel({ tool, args, gate, onEnded, onClose }: Props) {
  const { state, start, stop } = useLoadRun(gate, onEnded);
  const [fields, setFields] = useState(FIELDS);
  const [problem, setProblem] = useState<string>();
  const id = useId();
  const running = state.phase === 'running' || state.phase === 'asking';
  const field = (name: keyof typeof FIELDS, label: string, max: number, hint?: string) => (
    <span className="flex items-center gap-1.5 text-sm">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type="number"
        min={1}
        max={max}
        inputMode="numeric"
        value={fields[name]}
        disabled={running}
        placeholder={hint ? 'no limit' : undefined}
        aria-describedby={hint ? `${id}-${name}-hint` : undefined}
        onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
        className="w-24 rounded-md border border-field bg-panel px-2 py-1 font-mono text-sm"
      />
      {hint ? (
        <span id={`${id}-${name}-hint`} className="text-xs text-muted">
          {hint}
        </span>
      ) : null}
    </span>
  );
  const begin = () => {
    const plan = planOf(fields, tool, args);
    setProblem(typeof plan === 'string' ? plan : undefined);
    if (typeof plan !== 'string') void start(plan);
  };
  const shown = state.phase === 'running' || state.phase === 'ended' ? state.progress : undefined;
  return (
    <section aria-label="Load test" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold">Load test · {revealInvisible(tool)}</h3>
        <Button variant="ghost" className="ml-auto px-2 py-0.5 text-xs" onClick={onClose} disabled={running}>
          Back to the result
        </Button>
      </div>
      <p className="text-xs text-muted">
        Sends this tool, with the arguments in the form, again and again — a tool not marked read-only asks first. Latency is kept in an HDR
        histogram; a tool’s own error (isError), a JSON-RPC error, a transport failure and a timeout are each counted apart.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {field('requests', 'Requests', LOAD_LIMITS.requests)}
        {field('concurrency', 'Concurrency', LOAD_LIMITS.concurrency)}
        {field('rate', 'Rate', LOAD_LIMITS.rate, 'calls a second')}
        {running ? (
          <Button variant="danger" onClick={stop} disabled={state.phase === 'asking'}>
            Stop
          </Button>
        ) : (
          <Button onClick={begin}>Start</Button>
        )}
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-danger">
          Not started — {problem}
        </p>
      ) : state.phase === 'refused' ? (
        <p role="alert" className="text-sm text-danger">
          {state.reason}
        </p>
      ) : null}
      <p role="status" className="text-sm">
        {statusLine(state)}
      </p>
      {shown ? (
        <div className="flex flex-col gap-3">
          <LatencyChart slices={shown.slices} sliceMs={shown.sliceMs} elapsedMs={shown.elapsedMs} />
          <LatencyHistogram bins={shown.bins} />
          <div className="flex flex-wrap items-start gap-x-8 gap-y-3">
            <Outcomes progress={shown} />
            {state.phase === 'ended' ? <Summary summary={state.summary} /> : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}
