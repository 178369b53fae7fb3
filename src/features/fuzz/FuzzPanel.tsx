// "Fuzz" for the open tool, in the response pane (issue 84; docs/fuzz.md): inputs made from the
// tool's schema by fast-check — `Runs` of them, from `Seed`, and as many the schema refuses with
// "Inputs the schema refuses" — sent one at a time through the call session's gate (a tool not
// trusted as read-only asks first, once), each answer judged by the cited rules, each finding shrunk
// to its smallest arguments. While it runs: the calls made and the findings; Stop. Each finding
// opens in the form ("Open in form": the arguments filled in, not sent). The run is kept in History.
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { revealInvisible } from '../../lib/text.ts';
import type { McpTool } from '../../mcp/tools.ts';
import { fuzzTool, type ToolFuzz } from '../../fuzz/fuzzer.ts';
import { observeCall, type FuzzSend } from '../../fuzz/fuzzCall.ts';
import { validateAgainst } from '../../schema/validate.ts';

export type FuzzGate = (names: readonly string[], title: string) => Promise<{ send: FuzzSend } | { refused: string }>;

interface Props {
  tool: McpTool;
  gate: FuzzGate;
  onEnded: (run: ToolFuzz, durationMs: number) => void;
  /** Opens the tool with these arguments in its form (not sent). */
  onOpen: (args: Record<string, unknown>) => void;
  onClose: () => void;
}

/** Bounds of a run in the page: a person's look, not a night's campaign (the CLI takes more). */
const MAX_RUNS = 1_000;
const CALL_TIMEOUT_MS = 10_000;
const RUN_LIMIT_MS = 10 * 60_000;

type Phase =
  | { phase: 'idle' }
  | { phase: 'asking' }
  | { phase: 'refused'; reason: string }
  | { phase: 'running'; calls: number; found: number }
  | { phase: 'ended'; run: ToolFuzz; ms: number };

export default function FuzzPanel({ tool, gate, onEnded, onOpen, onClose }: Props) {
  const id = useId();
  const [runs, setRuns] = useState('50');
  const [seed, setSeed] = useState(() => String(Math.floor(Math.random() * 1_000_000)));
  const [invalid, setInvalid] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [state, setState] = useState<Phase>({ phase: 'idle' });
  const stopped = useRef(false);
  // Leaving the tool (or the panel) stops the run: no call starts after that.
  useEffect(
    () => () => {
      stopped.current = true;
    },
    [],
  );
  const running = state.phase === 'running' || state.phase === 'asking';

  const start = async () => {
    const count = Number(runs);
    const seeded = Number(seed);
    if (!Number.isInteger(count) || count < 1 || count > MAX_RUNS) return setProblem(`Runs: a whole number from 1 to ${MAX_RUNS}.`);
    if (!Number.isSafeInteger(seeded)) return setProblem('Seed: a whole number.');
    setProblem(undefined);
    stopped.current = false;
    setState({ phase: 'asking' });
    const gated = await gate([tool.name], `Confirm fuzzing ${tool.name}`);
    if ('refused' in gated) return setState({ phase: 'refused', reason: gated.refused });
    const began = performance.now();
    setState({ phase: 'running', calls: 0, found: 0 });
    const run = await fuzzTool({
      tool,
      call: (args) => observeCall(gated.send, tool, args, CALL_TIMEOUT_MS, validateAgainst),
      valid: (args) => validateAgainst(tool.inputSchema, args).status !== 'invalid',
      runs: count,
      seed: seeded,
      invalid,
      deadline: Date.now() + RUN_LIMIT_MS,
      stopped: () => stopped.current,
      onCall: (calls, found) => setState({ phase: 'running', calls, found }),
    });
    const ms = performance.now() - began;
    setState({ phase: 'ended', run, ms });
    onEnded(run, ms);
  };

  const findings = state.phase === 'ended' ? state.run.findings : [];
  return (
    <section aria-label="Fuzz" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold">Fuzz · {revealInvisible(tool.name)}</h3>
        <Button variant="ghost" className="ml-auto px-2 py-0.5 text-xs" onClick={onClose} disabled={running}>
          Back to the result
        </Button>
      </div>
      <p className="text-xs text-muted">
        Calls this tool with inputs made from its schema — empty, the bounds, very long, Unicode that combines or runs right to left — one
        at a time; a tool not marked read-only asks first. Each answer is judged (an internal error for valid arguments, a broken output
        schema, a stack trace, a hang over {CALL_TIMEOUT_MS / 1000} s…) and each finding is shrunk to its smallest arguments. The same seed
        makes the same inputs.
      </p>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="flex items-center gap-1.5">
          <label htmlFor={`${id}-runs`}>Runs</label>
          <input
            id={`${id}-runs`}
            type="number"
            min={1}
            max={MAX_RUNS}
            value={runs}
            disabled={running}
            onChange={(event) => setRuns(event.target.value)}
            className="w-20 rounded-md border border-field bg-panel px-2 py-1 font-mono text-sm"
          />
        </span>
        <span className="flex items-center gap-1.5">
          <label htmlFor={`${id}-seed`}>Seed</label>
          <input
            id={`${id}-seed`}
            type="number"
            value={seed}
            disabled={running}
            onChange={(event) => setSeed(event.target.value)}
            className="w-28 rounded-md border border-field bg-panel px-2 py-1 font-mono text-sm"
          />
        </span>
        <label className="flex items-center gap-1.5">
          <input type="checkbox" checked={invalid} disabled={running} onChange={(event) => setInvalid(event.target.checked)} />
          Inputs the schema refuses too
        </label>
        {running ? (
          <Button variant="danger" onClick={() => (stopped.current = true)} disabled={state.phase === 'asking'}>
            Stop
          </Button>
        ) : (
          <Button onClick={() => void start()}>Start</Button>
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
        {state.phase === 'asking'
          ? 'Asking, if the tool may change data…'
          : state.phase === 'running'
            ? `Running: ${state.calls} calls · ${state.found} ${state.found === 1 ? 'finding' : 'findings'}`
            : state.phase === 'ended'
              ? `${state.run.ended === 'stopped' ? 'Stopped' : 'Done'}: ${state.run.calls} calls in ${(state.ms / 1000).toFixed(1)} s · ${findings.length} ${findings.length === 1 ? 'finding' : 'findings'}${state.run.ended && state.run.ended !== 'stopped' ? ` (${state.run.ended})` : ''}`
              : ''}
      </p>
      {findings.length ? (
        <ul aria-label="Findings" className="flex flex-col gap-2">
          {findings.map((finding) => (
            <li key={finding.rule} className="rounded-md border border-line p-2 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{finding.title}</span>
                <span className="font-mono text-xs text-subtle">{finding.rule}</span>
                <Button variant="ghost" className="ml-auto px-2 py-0.5 text-xs" onClick={() => onOpen(finding.args)}>
                  Open in form
                </Button>
              </div>
              <pre aria-label="Arguments" className="mt-1 overflow-x-auto font-mono text-xs whitespace-pre-wrap">
                {revealInvisible(JSON.stringify(finding.args, null, 1)).slice(0, 2000)}
              </pre>
              <p className="text-xs">
                {finding.broken ? `${finding.broken}; ` : ''}the server: {revealInvisible(finding.detail.slice(0, 300))}
              </p>
              <p className="text-xs text-muted">
                {finding.cite} · run {finding.run}, shrunk {finding.shrinks} times
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
