import { useRef } from 'react';
import { Badge, type BadgeTone } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import type { ResultDiff } from '../../compare/diff.ts';
import { OutcomePill } from '../../components/ui/OutcomePill.tsx';
import { revealInvisible } from '../../lib/text.ts';
import type { SavedCall } from '../../storage/savedStore.ts';

import type { RunState } from '../../session/runSaved.ts';

interface Props {
  saved: readonly SavedCall[];
  verdicts: ReadonlyMap<number, RunState>;
  problem?: string;
  onRunAll: () => void;
  /** ▶: runs this one call again. */
  onRun: (id: number) => void;
  /** Opens the call's tool with its arguments filled in (not sent). */
  onOpen: (tool: string, args: Record<string, unknown>) => void;
  /** Sends a call held back for its arguments, unchecked. */
  onSendAnyway: (id: number) => void;
  onDelete: (id: number) => void;
  onCompare: (name: string, diff: ResultDiff) => void;
  /** Opens the result a run produced (its tool, that run shown). */
  onOpenRun: (tool: string, runId: number) => void;
  onExport: () => void;
  /** Downloads the saved calls as a suite for `toolscope test`. */
  onExportSuite: () => void;
  onImport: (text: string) => void;
}

const TONE: Record<RunState['status'], BadgeTone> = {
  pass: 'good',
  changed: 'warn',
  failed: 'danger',
  'not sent': 'warn',
  running: 'neutral',
};

/** Calls pinned with a name; "Run all" says pass / changed / failed for each at a glance. */
export function SavedCalls({
  saved,
  verdicts,
  problem,
  onRunAll,
  onRun,
  onOpen,
  onSendAnyway,
  onDelete,
  onCompare,
  onOpenRun,
  onExport,
  onExportSuite,
  onImport,
}: Props) {
  const file = useRef<HTMLInputElement>(null);
  const counts = (['pass', 'changed', 'failed', 'not sent'] as const)
    .map((status) => [status, [...verdicts.values()].filter((verdict) => verdict.status === status).length] as const)
    .filter(([status, count]) => status !== 'not sent' || count > 0);
  return (
    <section aria-label="Saved calls" className="border-b border-line px-2 py-1 text-xs">
      <div className="flex flex-wrap items-center gap-1">
        <h3 className="font-semibold">Saved calls ({saved.length})</h3>
        {verdicts.size ? (
          <span aria-live="polite" className="text-subtle">
            {counts.map(([status, count]) => `${count} ${status}`).join(' · ')}
          </span>
        ) : null}
        <span className="ml-auto flex gap-0.5">
          <Button variant="ghost" className="px-1.5 py-0.5 text-xs" disabled={!saved.length} onClick={onRunAll}>
            Run all
          </Button>
          <Button variant="ghost" className="px-1.5 py-0.5 text-xs" disabled={!saved.length} onClick={onExport}>
            Export
          </Button>
          <Button
            variant="ghost"
            className="px-1.5 py-0.5 text-xs"
            disabled={!saved.length}
            title="A suite for npx toolscope test: each call, its last result as what to expect"
            onClick={onExportSuite}
          >
            Export as test suite
          </Button>
          <Button variant="ghost" className="px-1.5 py-0.5 text-xs" onClick={() => file.current?.click()}>
            Import
          </Button>
          <input
            ref={file}
            type="file"
            accept="application/json,.json"
            aria-label="Import saved calls"
            className="hidden"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = '';
              if (chosen) void chosen.text().then(onImport);
            }}
          />
        </span>
      </div>
      {problem ? (
        <p role="alert" className="text-danger">
          {problem}
        </p>
      ) : null}
      {saved.length ? (
        <ul aria-label="Saved">
          {saved.map((call) => {
            const verdict = verdicts.get(call.id);
            return (
              <li key={call.id} className="flex flex-wrap items-center gap-x-2 py-0.5">
                <Button
                  variant="ghost"
                  className="px-1 py-0.5 text-xs font-medium"
                  title="Open the tool with these arguments (not sent)"
                  aria-label={`Open ${call.name}`}
                  onClick={() => onOpen(call.tool, call.args)}
                >
                  {revealInvisible(call.name)}
                </Button>
                {call.imported ? <Badge tone="warn">imported, never run</Badge> : null}
                <span className="font-mono text-muted">{revealInvisible(call.tool)}</span>
                <span className="max-w-80 truncate font-mono text-subtle">{revealInvisible(JSON.stringify(call.args))}</span>
                {verdict && 'runId' in verdict && verdict.runId !== undefined ? (
                  // The verdict opens the result it judged.
                  <button
                    type="button"
                    className="rounded-md focus-visible:outline-2 focus-visible:outline-blue-500"
                    aria-label={`${verdict.status}: open the result of ${call.name}`}
                    title="Open this result"
                    onClick={() => verdict.runId !== undefined && onOpenRun(call.tool, verdict.runId)}
                  >
                    <Badge tone={TONE[verdict.status]}>{verdict.status} ›</Badge>
                  </button>
                ) : verdict ? (
                  <Badge tone={TONE[verdict.status]}>{verdict.status}</Badge>
                ) : null}
                {verdict && 'outcome' in verdict && verdict.outcome ? <OutcomePill outcome={verdict.outcome} /> : null}
                {verdict?.status === 'failed' ? <span className="text-danger">{verdict.message}</span> : null}
                {verdict?.status === 'not sent' ? <span className="text-warn">{verdict.message}</span> : null}
                <span className="ml-auto flex gap-0.5">
                  <Button
                    variant="ghost"
                    className="px-1.5 py-0.5 text-xs"
                    aria-label={`Run ${call.name}`}
                    title="Run this call again and compare"
                    disabled={verdict?.status === 'running'}
                    onClick={() => onRun(call.id)}
                  >
                    <span aria-hidden="true">▶</span>
                  </Button>
                  {verdict?.status === 'not sent' ? (
                    <Button
                      variant="ghost"
                      className="px-1.5 py-0.5 text-xs"
                      aria-label={`Send anyway: ${call.name}`}
                      title="Send these arguments unchecked, to test the server's own validation"
                      onClick={() => onSendAnyway(call.id)}
                    >
                      Send anyway
                    </Button>
                  ) : null}
                  {verdict?.status === 'changed' ? (
                    <Button variant="ghost" className="px-1.5 py-0.5 text-xs" onClick={() => onCompare(call.name, verdict.diff)}>
                      Compare
                    </Button>
                  ) : null}
                  <Button
                    variant="ghost"
                    className="px-1.5 py-0.5 text-xs"
                    aria-label={`Delete saved call ${call.name}`}
                    onClick={() => onDelete(call.id)}
                  >
                    ✕
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-muted">None yet: “Save” on a call below pins it with a name; “Run all” then replays them all and compares.</p>
      )}
    </section>
  );
}
