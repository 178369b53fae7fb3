// The two confirmations of forgetting: "Forget this server" (everything kept about the open
// server) and "Clear all Toolscope data" (everything, every server). Each says what goes before
// anything does; both are reached from the command palette.
import { useId, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { errorMessage } from '../../lib/errorMessage.ts';
import { FORGET_SERVER_LIST } from './forgetting.ts';

export type Forgetting = { kind: 'server'; url: string } | { kind: 'all' };

export function ForgetDialog({ what, onConfirm, onClose }: { what: Forgetting; onConfirm: () => Promise<void>; onClose: () => void }) {
  const id = useId();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    setBusy(true);
    onConfirm().then(onClose, (error: unknown) => {
      setBusy(false);
      setProblem(errorMessage(error));
    });
  };
  return (
    <Modal labelledBy={id} onCancel={onClose}>
      <h2 id={id} className="text-lg font-semibold">
        {what.kind === 'server' ? 'Confirm: forget this server' : 'Confirm: clear all Toolscope data'}
      </h2>
      {what.kind === 'server' ? (
        <>
          <p className="mt-1 text-sm">
            Deletes, in this browser, everything Toolscope keeps about <span className="font-mono break-all">{what.url}</span>:
          </p>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {FORGET_SERVER_LIST.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-muted">It disconnects first. Other servers and your theme stay. The server itself is not told.</p>
        </>
      ) : (
        <p className="mt-1 text-sm">
          Deletes everything Toolscope keeps in this browser, for every server: History and its results, saved calls, pending tasks, tool
          lists, sign-ins, saved and recent servers, settings and layout. The page reloads empty.
        </p>
      )}
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          Not everything could be deleted: {problem}
        </p>
      ) : null}
      <div className="mt-4 flex justify-end gap-2">
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="danger" disabled={busy} onClick={confirm}>
          {what.kind === 'server' ? 'Forget this server' : 'Clear all data'}
        </Button>
      </div>
    </Modal>
  );
}
