// The workspace's tabs in the dock: Tasks, History and Saved calls of this server.
import { TasksPanel } from '../../features/call/TasksPanel.tsx';
import { HistoryPanel } from '../../features/history/HistoryPanel.tsx';
import type { useCallHistory } from '../../features/history/api/useCallHistory.ts';
import { SavedCallsTab } from '../../features/saved/SavedCallsTab.tsx';
import type { useSavedCalls } from '../../features/saved/useSavedCalls.ts';
import type { CallSession, SessionSnapshot } from '../../session/callSession.ts';
import type { useWorkspaceState } from './useWorkspaceState.ts';

interface Props {
  session: CallSession;
  calls: SessionSnapshot;
  history: ReturnType<typeof useCallHistory>;
  savedCalls: ReturnType<typeof useSavedCalls>;
  workspace: ReturnType<typeof useWorkspaceState>;
  serverName: string;
  /** This server's name among several (History says which server each entry is of). */
  serverLabel?: string;
}

export function WorkspaceDock({ session, calls, history, savedCalls, workspace, serverName, serverLabel }: Props) {
  return (
    <>
      <TasksPanel runs={calls.runs} onOpen={workspace.showRun} onCancel={(runId) => session.cancel(runId)} />
      <HistoryPanel {...history.panel} onSave={(entry, name) => void savedCalls.save(entry, name)} serverLabel={serverLabel} />
      <SavedCallsTab
        saved={savedCalls}
        verdicts={calls.verdicts}
        serverName={serverName}
        onCompare={history.showComparison}
        onOpenRun={workspace.showRun}
        onOpen={workspace.edit}
      />
    </>
  );
}
