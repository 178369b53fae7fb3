// History (./callHistory.ts) for React: one per connection (the view is keyed by it), fed the
// session's runs, read with useSyncExternalStore; the panel's props are wired here.
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { afterPaint } from '../../../web/idle.ts';
import { useStableCallback } from '../../../web/stableCallback.ts';
import type { McpConnection } from '../../../mcp/connection.ts';
import type { McpTool } from '../../../mcp/tools.ts';
import type { HistoryEntry } from '../../../storage/callStore.ts';
import { CallHistory, type SessionRun } from './callHistory.ts';

export type { ComparisonView, SessionRun } from './callHistory.ts';

interface Options {
  connection: McpConnection;
  runs: readonly SessionRun[];
  tools: readonly McpTool[];
  /** Sends these arguments to the tool again (through the one call path). */
  replay: (tool: string, args: Record<string, unknown>) => void;
  /** Opens the tool with these arguments in its form. */
  edit: (tool: string, args: Record<string, unknown>) => void;
  /** Opens the prompt with these arguments (and gets it again, when `get`). */
  openPrompt: (name: string, args: Record<string, unknown>, get: boolean) => void;
  /** Opens the resource at this URI (and reads it again). */
  openResource: (uri: string) => void;
}

export function useCallHistory({ connection, runs, tools, replay, edit, openPrompt, openResource }: Options) {
  const currentTools = useStableCallback(() => tools);
  const [history] = useState(
    () => new CallHistory({ connection, tools: currentTools, pageHref: () => window.location.href, beforeWrite: afterPaint }),
  );
  useEffect(() => void history.load(), [history]);
  useEffect(() => void history.observe(runs), [history, runs]);
  const snapshot = useSyncExternalStore(history.subscribe, history.getSnapshot);
  const recordOffer = useMemo(() => ({ prompt: history.recordPrompt, read: history.recordRead }), [history]);
  const previousOf = useCallback((run: SessionRun) => history.previousOf(run, runs), [history, runs]);

  return {
    copyCall: history.copyCall,
    /** Each prompt get and resource read as it ended. */
    recordOffer,
    recordLoad: history.recordLoad,
    recordFuzz: history.recordFuzz,
    previousOf,
    historySources: snapshot.historySources,
    panel: {
      entries: snapshot.entries,
      note: snapshot.note,
      error: snapshot.error,
      // A load test or a fuzz run is not replayed by a click: its tool opens with its arguments (a fuzz run's first finding's).
      onReplay: (entry: HistoryEntry) =>
        entry.kind === 'prompt'
          ? openPrompt(entry.tool, entry.args, true)
          : entry.kind === 'read'
            ? openResource(entry.tool)
            : entry.kind === 'load' || entry.kind === 'fuzz'
              ? edit(entry.tool, entry.args)
              : replay(entry.tool, entry.args),
      onEdit: (entry: HistoryEntry) =>
        entry.kind === 'prompt'
          ? openPrompt(entry.tool, entry.args, false)
          : entry.kind === 'read'
            ? openResource(entry.tool)
            : edit(entry.tool, entry.args),
      onCompare: (entry: HistoryEntry, base?: HistoryEntry) => void history.compare(entry, base),
      onCopy: history.copy,
      onDelete: (id: number) => void history.remove(id),
      onClear: () => void history.clear(),
      keepResults: snapshot.keepResults,
      onKeepResults: history.setKeepResults,
    },
    comparison: snapshot.comparison,
    showComparison: history.showComparison,
    closeComparison: history.closeComparison,
  };
}
