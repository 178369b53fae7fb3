import { Tabs } from '../../components/ui/Tabs.tsx';
import { dock } from '../../web/dockStore.ts';
import { panes, usePanes, type Pane } from '../../web/panesStore.ts';

/** A narrow screen's "Panes" tabs (below the dock): one pane at a time. */
export function PaneTabs() {
  const { pane } = usePanes();
  return (
    <Tabs<Pane>
      label="Panes"
      className="shrink-0 justify-around border-t border-line bg-panel px-2 py-1.5 text-sm"
      tabs={[
        { id: 'tools', label: 'Tools' },
        { id: 'request', label: 'Request' },
        { id: 'response', label: 'Response' },
        { id: 'dock', label: 'Dock' },
      ]}
      active={pane}
      onChange={(next) => {
        if (next === 'dock') dock.show(dock.getSnapshot().active);
        panes.show(next);
      }}
    />
  );
}
