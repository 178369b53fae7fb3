// What asks the person in the middle of the workspace: the gate's confirmation (one dialog for every
// entrance), a server's question (elicitation) for a run, and History's comparison.
import { ServerQuestion } from '../../features/call/ElicitationDialog.tsx';
import { ConfirmDialog } from '../../features/call/ConfirmDialog.tsx';
import type { useElicitations } from '../../features/call/useElicitations.ts';
import { HintSummary } from '../../features/tools/HintBadges.tsx';
import { Comparison } from '../../features/history/Comparison.tsx';
import type { useCallHistory } from '../../features/history/api/useCallHistory.ts';
import type { CallSession, SessionSnapshot } from '../../session/callSession.ts';

interface Props {
  session: CallSession;
  calls: SessionSnapshot;
  elicitations: ReturnType<typeof useElicitations>;
  history: ReturnType<typeof useCallHistory>;
  selected: string | undefined;
  onShowRun: (tool: string, runId: number) => void;
}

export function CallDialogs({ session, calls, elicitations, history, selected, onShowRun }: Props) {
  return (
    <>
      {history.comparison ? (
        <Comparison title={history.comparison.title} diff={history.comparison.diff} onClose={history.closeComparison} />
      ) : null}
      {calls.pending ? (
        <ConfirmDialog
          question={calls.pending}
          hints={(target) => <HintSummary annotations={target.annotations} />}
          onConfirm={() => session.answer(true)}
          onCancel={() => session.answer(false)}
        />
      ) : null}
      <ServerQuestion
        elicitations={elicitations}
        runs={calls.runs}
        selected={selected}
        onShowRun={onShowRun}
        onAnswered={(runId, answered) => session.noteAnswer(runId, answered)}
      />
    </>
  );
}
