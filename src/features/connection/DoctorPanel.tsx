import { Button } from '../../components/ui/Button.tsx';
import { StatusItem } from '../../components/ui/StatusItem.tsx';
import type { DoctorCheck, ProxySession } from '../../mcp/proxy.ts';
import { useDiagnosis } from './api/useDiagnosis.ts';

const MARK: Record<DoctorCheck['status'], string> = { ok: '✓', warn: '!', fail: '✗', info: 'i' };

/** Concrete probes of a server, one sentence each, with the fix for its author. */
export function DoctorPanel({ session, url }: { session: ProxySession; url: string }) {
  const diagnosis = useDiagnosis(session, url);
  return (
    <div className="contents">
      <Button className="text-xs" onClick={() => diagnosis.mutate()} disabled={diagnosis.isPending}>
        {diagnosis.isPending ? 'Diagnosing…' : 'Diagnose'}
      </Button>
      {diagnosis.isError ? <p className="basis-full text-sm text-danger">{diagnosis.error.message}</p> : null}
      {diagnosis.isSuccess ? (
        <section aria-label="Connection doctor" className="max-h-72 basis-full overflow-auto rounded-md border border-line p-2 text-sm">
          <ul className="flex flex-col gap-1">
            {diagnosis.data.map((check, index) => (
              <StatusItem key={index} tone={check.status} mark={MARK[check.status]}>
                <strong>{check.check}:</strong> {check.sentence}
                {check.fix ? <span className="block text-xs text-subtle">Fix: {check.fix}</span> : null}
              </StatusItem>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
