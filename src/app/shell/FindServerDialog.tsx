import { useId } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import type { RegistryConnect } from '../../features/registry/EntryView.tsx';
import { FindServer } from '../../features/registry/FindServer.tsx';
import type { ConnectedServer } from '../../features/registry/ServerJsonWorkbench.tsx';

/** "Find a server" from the palette, over whatever is open (connecting from it replaces the server). */
export function FindServerDialog({
  onConnect,
  connected,
  onClose,
}: {
  onConnect: RegistryConnect;
  connected?: ConnectedServer;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <Modal labelledBy={id} onCancel={onClose} wide>
      <span id={id} className="sr-only">
        Find a server
      </span>
      <div className="max-h-[80dvh] overflow-auto">
        <FindServer onConnect={onConnect} connected={connected} />
      </div>
      <div className="mt-3 flex justify-end">
        <Button onClick={onClose}>Close</Button>
      </div>
    </Modal>
  );
}
