import { useEffect, useState, type ReactNode } from 'react';
// The left column: the "Sidebar" tabs (Tools, and what else the server offers), what changed in the
// tool list (since it loaded, since the last visit) and the list. Resizable by its corner (220–560
// px); keeps its width.
import { Tabs } from '../../components/ui/Tabs.tsx';
import { ListChangeNote } from '../../features/history/ListChangeNote.tsx';
import { useListMemory } from '../../features/history/api/useListMemory.ts';
import { ToolList } from '../../features/tools/ToolList.tsx';
import type { useToolPages } from '../../features/tools/api/toolPages.ts';
import { useToolListChanges } from '../../features/tools/api/useToolListChanges.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../components/ui/Button.tsx';
import { useRememberedSize } from '../../web/rememberedSize.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import type { HintFilter } from '../../mcp/toolHints.ts';

export type SidebarTab = 'tools' | 'skills' | 'prompts' | 'resources';

interface Props {
  connection: McpConnection;
  data: ReturnType<typeof useToolPages>;
  serverGeneration?: number;
  selected?: string;
  onSelect: (name: string, options?: { keepFocus?: boolean }) => void;
  hint: HintFilter;
  onHintChange: (hint: HintFilter) => void;
  /** False on a narrow screen showing another pane. */
  shown: boolean;
  /** A narrow screen: the column is the whole pane. */
  fill: boolean;
  tab: SidebarTab;
  onTab: (tab: SidebarTab) => void;
  /** The other tabs' lists, each when the server offers it (no tabs when only tools are offered). */
  others: readonly { id: Exclude<SidebarTab, 'tools'>; label: string; count?: number; panel: ReactNode }[];
}

export function ToolSidebar({
  connection,
  data,
  serverGeneration,
  selected,
  onSelect,
  hint,
  onHintChange,
  shown,
  fill,
  tab,
  onTab,
  others,
}: Props) {
  const shownTab = others.some((other) => other.id === tab) ? tab : 'tools';
  const listChange = useToolListChanges(connection, data.tools, data.loading, serverGeneration);
  const sinceLastTime = useListMemory(
    connection.url,
    data.tools,
    !data.loading && !data.error && !data.stopMessage && data.tools.length > 0,
  );
  const { ref, initial: width } = useRememberedSize<HTMLDivElement>('toolscope:sidebar-width', 'width', 220);
  return (
    <div
      ref={ref}
      style={width ? { width } : undefined}
      className={cn(
        'flex min-h-0 flex-col gap-2 border-line p-2 md:w-72 md:max-w-[560px] md:min-w-[220px] md:shrink-0 md:resize-x md:overflow-hidden md:border-r lg:w-80',
        !shown ? 'hidden' : fill && 'flex-1',
      )}
    >
      {others.length ? (
        <Tabs<SidebarTab>
          label="Sidebar"
          className="text-[13px] [&>button]:px-1.5"
          tabs={[{ id: 'tools', label: 'Tools', count: data.tools.length || undefined }, ...others]}
          active={shownTab}
          onChange={onTab}
        />
      ) : null}
      {/* Each restart of a stdio server is news again, even with the same words. */}
      <LiveChangeNote key={serverGeneration ?? 0} text={listChange} />
      {sinceLastTime.change ? (
        <ListChangeNote since={sinceLastTime.change.since} change={sinceLastTime.change.change} onDismiss={sinceLastTime.dismiss} />
      ) : null}
      {others.map((other) =>
        other.id === shownTab ? (
          <div key={other.id} role="tabpanel" aria-label={other.label} className="flex min-h-0 flex-1 flex-col">
            {other.panel}
          </div>
        ) : null,
      )}
      {/* Hidden, not gone, behind another tab: the search typed stays. */}
      <div
        hidden={shownTab !== 'tools'}
        role={others.length ? 'tabpanel' : undefined}
        aria-label={others.length ? 'Tools' : undefined}
        className="flex min-h-0 flex-1 flex-col"
      >
        <ToolList data={data} serverUrl={connection.url} selected={selected} onSelect={onSelect} hint={hint} onHintChange={onHintChange} />
      </div>
    </div>
  );
}

/**
 * What changed in the list while connected. A note that nothing changed goes by itself after 8 s
 * (a banner that stays says something that is no longer news); a real change stays until dismissed.
 */
function LiveChangeNote({ text }: { text?: string }) {
  const [dismissed, setDismissed] = useState<string>();
  const nothingChanged = text !== undefined && /are the same\.$/.test(text);
  useEffect(() => {
    if (!nothingChanged) return;
    const timer = setTimeout(() => setDismissed(text), 8000);
    return () => clearTimeout(timer);
  }, [nothingChanged, text]);
  if (!text || text === dismissed) return null;
  return (
    <p
      aria-live="polite"
      className="flex items-start gap-2 rounded-md border border-info-line bg-info-surface p-2 text-xs text-info-strong"
    >
      <span className="flex-1">{text}</span>
      <Button variant="ghost" className="px-1 py-0 text-xs" aria-label="Dismiss the tool list note" onClick={() => setDismissed(text)}>
        ✕
      </Button>
    </p>
  );
}
