import { DockTab } from '../../components/ui/Dock.tsx';
import { downloadBytes } from '../../web/download.ts';
import { safeFileName } from '../../lib/fileName.ts';
import type { ResultDiff } from '../../compare/diff.ts';
import type { RunState } from '../../session/runSaved.ts';
import { SavedCalls } from './SavedCalls.tsx';
import type { useSavedCalls } from './useSavedCalls.ts';

interface Props {
  saved: ReturnType<typeof useSavedCalls>;
  verdicts: ReadonlyMap<number, RunState>;
  /** The server's name, for the export's file name. */
  serverName: string;
  onCompare: (title: string, diff: ResultDiff) => void;
  onOpenRun: (tool: string, runId: number) => void;
  onOpen: (tool: string, args: Record<string, unknown>) => void;
}

/** The dock's "Saved calls" tab: the list, Run all, import and export (also as a suite for `toolscope test`). */
export function SavedCallsTab({ saved, verdicts, serverName, onCompare, onOpenRun, onOpen }: Props) {
  return (
    <DockTab id="saved" label="Saved calls" order={2} badge={saved.saved.length ? String(saved.saved.length) : undefined}>
      {(shown) =>
        shown ? (
          <div className="h-full overflow-auto">
            <SavedCalls
              saved={saved.saved}
              verdicts={verdicts}
              problem={saved.problem}
              onRunAll={saved.runAll}
              onRun={saved.runOne}
              onOpen={onOpen}
              onSendAnyway={saved.sendAnyway}
              onDelete={(id) => void saved.remove(id)}
              onCompare={(name, diff) => onCompare(`${name}: saved result → this run`, diff)}
              onOpenRun={onOpenRun}
              onExport={() =>
                downloadBytes(
                  new TextEncoder().encode(saved.exportText()),
                  'application/json',
                  `${safeFileName(serverName, 'server')}-saved-calls.json`,
                )
              }
              onExportSuite={() =>
                downloadBytes(
                  new TextEncoder().encode(saved.exportSuiteText()),
                  'application/json',
                  `${safeFileName(serverName, 'server')}.suite.json`,
                )
              }
              onImport={(text) => void saved.importText(text)}
            />
          </div>
        ) : null
      }
    </DockTab>
  );
}
