import { useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { StatusItem } from '../../components/ui/StatusItem.tsx';
import { runDiagnosis, type DoctorCheck, type ProxySession } from '../../mcp/proxy.ts';

type DoctorState =
  { status: 'idle' } | { status: 'running' } | { status: 'done'; checks: DoctorCheck[] } | { status: 'failed'; message: string };

const MARK: Record<DoctorCheck['status'], string> = { ok: '✓', warn: '!', fail: '✗', info: 'i' };

/** Concrete probes of a server, one sentence each, with the fix for its author. */
export function DoctorPanel({ session, url }: { session: ProxySession; url: string }) {
  const [state, setState] = useState<DoctorState>({ status: 'idle' });
  const run = async () => {
    setState({ status: 'running' });
    try {
      setState({ status: 'done', checks: await runDiagnosis(session, url) });
    } catch (error) {
      setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <Button className="self-start text-xs" onClick={() => void run()} disabled={state.status === 'running'}>
        {state.status === 'running' ? 'Diagnosing…' : 'Diagnose'}
      </Button>
      {state.status === 'failed' ? <p className="text-sm text-red-700 dark:text-red-300">{state.message}</p> : null}
      {state.status === 'done' ? (
        <section aria-label="Connection doctor" className="rounded-md border border-slate-200 p-2 text-sm dark:border-slate-800">
          <ul className="flex flex-col gap-1">
            {state.checks.map((check, index) => (
              <StatusItem key={index} tone={check.status} mark={MARK[check.status]}>
                <strong>{check.check}:</strong> {check.sentence}
                {check.fix ? <span className="block text-xs text-slate-600 dark:text-slate-300">Fix: {check.fix}</span> : null}
              </StatusItem>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
