import { useEffect, useState } from 'react';
// The left column: what changed in the list (since it loaded, since the last visit), the tool list
// and the call-safety settings. Resizable by its corner (220–560 px); keeps its width.
import { SafetyControls } from '../features/call/SafetyControls.tsx';
import { ListChangeNote } from '../features/history/ListChangeNote.tsx';
import { useListMemory } from '../features/history/api/useListMemory.ts';
import { ToolList } from '../features/tools/ToolList.tsx';
import type { useToolPages } from '../features/tools/api/toolPages.ts';
import { useToolListChanges } from '../features/tools/api/useToolListChanges.ts';
import { cn } from '../lib/cn.ts';
import { Button } from '../components/ui/Button.tsx';
import { useRememberedSize } from '../web/rememberedSize.ts';
import type { McpConnection } from '../mcp/connection.ts';
import type { HintFilter } from '../mcp/toolHints.ts';
import type { SafetySettings } from '../session/safety.ts';

interface Props {
  connection: McpConnection;
  data: ReturnType<typeof useToolPages>;
  serverGeneration?: number;
  selected?: string;
  onSelect: (name: string, options?: { keepFocus?: boolean }) => void;
  hint: HintFilter;
  onHintChange: (hint: HintFilter) => void;
  safety: SafetySettings;
  onSafetyChange: (safety: SafetySettings) => void;
  /** False on a narrow screen showing another pane. */
  shown: boolean;
  /** A narrow screen: the column is the whole pane. */
  fill: boolean;
  /** Views beside the tool list (Find, and Skills when the server offers them), and whether each is shown. */
  views: readonly { name: string; open: boolean; onToggle: () => void }[];
}

export function ToolSidebar({
  connection,
  data,
  serverGeneration,
  selected,
  onSelect,
  hint,
  onHintChange,
  safety,
  onSafetyChange,
  shown,
  fill,
  views,
}: Props) {
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
      {/* Each restart of a stdio server is news again, even with the same words. */}
      <LiveChangeNote key={serverGeneration ?? 0} text={listChange} />
      {sinceLastTime.change ? (
        <ListChangeNote since={sinceLastTime.change.since} change={sinceLastTime.change.change} onDismiss={sinceLastTime.dismiss} />
      ) : null}
      <div className="flex gap-1">
        {views.map((view) => (
          <Button
            key={view.name}
            className="px-2 py-0.5 text-xs aria-pressed:border-accent aria-pressed:bg-selected"
            aria-pressed={view.open}
            onClick={view.onToggle}
          >
            {view.name}
          </Button>
        ))}
      </div>
      <ToolList data={data} serverUrl={connection.url} selected={selected} onSelect={onSelect} hint={hint} onHintChange={onHintChange} />
      <SafetyControls settings={safety} onChange={onSafetyChange} />
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
