import { ViewDialog } from '../../components/ui/ViewDialog.tsx';
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
  return (
    <ViewDialog title="Find a server" onClose={onClose}>
      <FindServer onConnect={onConnect} connected={connected} />
    </ViewDialog>
  );
}
