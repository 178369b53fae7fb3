import { useEffect, useId, useState } from 'react';
import { OPEN_DOCTOR } from '../../web/keyboard.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { StatusItem } from '../../components/ui/StatusItem.tsx';
import type { DoctorCheck, ProxySession } from '../../mcp/wire/proxy.ts';
import { useDiagnosis } from './api/useDiagnosis.ts';

const MARK: Record<DoctorCheck['status'], string> = { ok: '✓', warn: '!', fail: '✗', info: 'i' };

/** Concrete probes of a server, one sentence each, with the fix for its author — in a dialog, so the top bar keeps its height. */
export function DoctorPanel({ session, url, className = '' }: { session: ProxySession; url: string; className?: string }) {
  const diagnosis = useDiagnosis(session, url);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const { mutate } = diagnosis;
  // The palette's "Diagnose the connection" (the button may be out of sight, as on a phone).
  useEffect(() => {
    const openDoctor = () => {
      setOpen(true);
      mutate();
    };
    window.addEventListener(OPEN_DOCTOR, openDoctor);
    return () => window.removeEventListener(OPEN_DOCTOR, openDoctor);
  }, [mutate]);
  return (
    <>
      <Button
        className={`px-2 py-0.5 text-xs ${className}`}
        onClick={() => {
          setOpen(true);
          diagnosis.mutate();
        }}
        disabled={diagnosis.isPending}
      >
        {diagnosis.isPending ? 'Diagnosing…' : 'Diagnose'}
      </Button>
      {open ? (
        <Modal labelledBy={titleId} onCancel={() => setOpen(false)}>
          <div className="flex flex-col gap-2 text-sm">
            <h2 id={titleId} className="font-semibold">
              Connection doctor: <span className="font-mono break-all">{url}</span>
            </h2>
            {diagnosis.isPending ? <p className="text-muted">Probing the server through Toolscope’s own server…</p> : null}
            {diagnosis.isError ? <p className="text-danger">{diagnosis.error.message}</p> : null}
            {diagnosis.isSuccess ? (
              <section aria-label="Connection doctor" className="max-h-[60dvh] overflow-auto rounded-md border border-line p-2">
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
            <div className="flex justify-end gap-2">
              <Button onClick={() => diagnosis.mutate()} disabled={diagnosis.isPending}>
                Run again
              </Button>
              <Button variant="primary" onClick={() => setOpen(false)}>
                Close
              </Button>
            </div>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
