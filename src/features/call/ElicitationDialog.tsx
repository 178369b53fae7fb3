import { ChunkBoundary } from '../../components/ui/ChunkBoundary.tsx';
import { retryableLazy } from '../../web/chunks.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { isRecord } from '../../mcp/guards.ts';
import { revealInvisible } from '../../lib/text.ts';
import { answeredQuestion, openableUrl, type AnsweredQuestion, type ElicitationAnswer } from '../../mcp/elicitation.ts';
import type { PendingElicitation, useElicitations } from './useElicitations.ts';
import { askerOf } from './TasksPanel.tsx';
import { askingRun, type CallRun } from '../../session/runs.ts';
import { useState } from 'react';

const ElicitationForm = retryableLazy(() => import('./ElicitationForm.tsx'));

interface Props {
  pending: PendingElicitation;
  waiting: number;
  onAnswer: (answer: ElicitationAnswer) => void;
  /** Which call or task asks ("build_sales_report (task 1a2b…)"), when it is known. */
  asker?: string;
}

/** The server asks the person something mid-call; Esc cancels. Nothing opens without consent. */
export function ElicitationDialog({ pending, waiting, onAnswer, asker }: Props) {
  const { request } = pending;
  const requestedSchema = request.mode === 'form' ? request.requestedSchema : undefined;
  const decline = () => onAnswer({ action: 'decline' });
  const cancel = () => onAnswer({ action: 'cancel' });
  return (
    <Modal labelledBy="elicit-title" onCancel={cancel}>
      <h2 id="elicit-title" className="text-lg font-semibold">
        {asker ? revealInvisible(asker) : 'The server'} asks for input{waiting > 1 ? ` (1 of ${waiting})` : ''}
      </h2>
      <p className="mt-1 text-sm whitespace-pre-wrap break-words">{request.message || '(no message)'}</p>
      <p className="mt-1 text-xs text-muted">Your answer goes back to the server; declining or cancelling is always allowed.</p>
      <div className="mt-3">
        {request.mode === 'form' && isRecord(requestedSchema) ? (
          <ChunkBoundary label="the form" onRetry={ElicitationForm.retry} loading={<p className="text-sm text-muted">Loading form…</p>}>
            {() => (
              <ElicitationForm.Component
                schema={requestedSchema}
                onAccept={(content) => onAnswer({ action: 'accept', content })}
                onDecline={decline}
                onCancel={cancel}
              />
            )}
          </ChunkBoundary>
        ) : request.mode === 'url' ? (
          <UrlRequest url={request.url} onOpen={() => onAnswer({ action: 'accept' })} onDecline={decline} onCancel={cancel} />
        ) : (
          <div className="flex flex-col gap-2">
            <p role="alert" className="text-sm text-danger">
              {request.mode === 'invalid' ? request.reason : 'This request cannot be shown.'}
            </p>
            <div className="flex justify-end gap-2">
              <Button onClick={cancel}>Cancel</Button>
              <Button onClick={decline}>Decline</Button>
            </div>
          </div>
        )}
      </div>
    </Modal>
  );
}

function UrlRequest({
  url,
  onOpen,
  onDecline,
  onCancel,
}: {
  url: string;
  onOpen: () => void;
  onDecline: () => void;
  onCancel: () => void;
}) {
  const openable = openableUrl(url);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">The server wants you to open this address:</p>
      <p className="rounded-md bg-hover p-2 font-mono text-xs break-all">{url}</p>
      {!openable.ok ? (
        <p role="alert" className="text-sm text-danger">
          Toolscope will not open it: {openable.reason}.
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel}>Cancel</Button>
        <Button onClick={onDecline}>Decline</Button>
        <Button
          variant="primary"
          disabled={!openable.ok}
          onClick={() => {
            if (!openable.ok) return;
            window.open(openable.url, '_blank', 'noopener,noreferrer');
            onOpen();
          }}
        >
          Open URL
        </Button>
      </div>
    </div>
  );
}

interface QuestionProps {
  elicitations: ReturnType<typeof useElicitations>;
  runs: readonly CallRun[];
  /** The tool whose pane is shown. */
  selected?: string;
  /** Shows the run that asks (its tool's pane). */
  onShowRun: (tool: string, runId: number) => void;
  /** Keeps the question and its answer with the run that asked. */
  onAnswered: (runId: number, answered: AnsweredQuestion) => void;
}

/**
 * The server's next question, if one waits, naming the call or task that asks. It opens over the
 * pane of the call that asked; while another tool is shown, a note says who asks and leads there.
 */
export function ServerQuestion(props: QuestionProps) {
  const { current } = props.elicitations;
  if (!current) return null;
  return <Question key={current.id} {...props} pending={current} />;
}

function Question({ elicitations, runs, selected, onShowRun, onAnswered, pending }: QuestionProps & { pending: PendingElicitation }) {
  // Which run asks is settled when the question arrives: calls started later do not change it.
  const [asking] = useState(() => askingRun(pending.asker?.taskId, runs));
  const [asker] = useState(() => askerOf(pending.asker?.taskId, runs));
  const answer = (given: ElicitationAnswer) => {
    if (asking) onAnswered(asking.id, answeredQuestion(pending.request, given));
    elicitations.answer(pending.id, given);
  };
  if (asking && selected !== asking.tool && asking.origin !== 'app') {
    return (
      <div
        role="status"
        className="fixed right-4 bottom-4 z-40 flex max-w-md items-center gap-3 rounded-md border border-accent bg-surface px-3 py-2 text-sm shadow-lg"
      >
        <span className="min-w-0 flex-1 truncate">
          <strong>{revealInvisible(asker ?? asking.tool)}</strong> asks for input
        </span>
        <Button variant="primary" className="shrink-0 px-2 py-0.5 text-xs" onClick={() => onShowRun(asking.tool, asking.id)}>
          Answer
        </Button>
      </div>
    );
  }
  return <ElicitationDialog pending={pending} waiting={elicitations.waiting} asker={asker} onAnswer={answer} />;
}
