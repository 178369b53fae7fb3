import type { ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { revealInvisible } from '../../lib/text.ts';
import type { ConfirmItem, PendingConfirm } from '../../session/callEntrance.ts';

interface Props {
  question: PendingConfirm;
  /** The tool's hints (annotations), shown beside each call. */
  hints: (tool: ConfirmItem['tool']) => ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

const argsBlock = 'mt-1 max-h-80 overflow-auto rounded-md bg-hover p-2 font-mono text-xs whitespace-pre-wrap break-words ';

/**
 * The one modal a human answers before a possibly destructive call (Esc = Cancel), whatever
 * started it: one call with its exact arguments, or the calls of a "Run all" that need it.
 */
export function ConfirmDialog({ question, hints, onConfirm, onCancel }: Props) {
  const [only] = question.items;
  const single = question.items.length === 1 && only && !only.label;
  return (
    <Modal labelledBy="confirm-title" describedBy="confirm-reason" onCancel={onCancel}>
      <h2 id="confirm-title" className="text-lg font-semibold break-words">
        {revealInvisible(question.title)}
      </h2>
      {single ? (
        <>
          <p id="confirm-reason" className="mt-1 text-sm">
            {only.reason} Check the arguments before you send them.
          </p>
          <div className="mt-2">{hints(only.tool)}</div>
          <p className="mt-3 text-xs font-semibold">Arguments that will be sent</p>
          <pre className={argsBlock}>{JSON.stringify(only.args, null, 2)}</pre>
        </>
      ) : (
        <>
          <p id="confirm-reason" className="mt-1 text-sm">
            These calls need confirmation (each says why). Check their arguments before you send them.
          </p>
          <ul className="my-2 flex max-h-96 flex-col gap-2 overflow-auto text-sm">
            {question.items.map((item, index) => (
              <li key={index}>
                <span className="font-medium">{revealInvisible(item.label ?? item.tool.name)}</span>{' '}
                <span className="font-mono text-muted">{revealInvisible(item.tool.name)}</span>
                {item.imported ? (
                  <span className="ml-1 rounded border border-warn-line bg-warn-surface px-1 text-xs text-warn-strong">
                    imported, never run
                  </span>
                ) : null}{' '}
                — {item.reason}
                <div className="mt-1">{hints(item.tool)}</div>
                <pre className={argsBlock}>{JSON.stringify(item.args, null, 2)}</pre>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="mt-4 flex justify-end gap-2">
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="danger" onClick={onConfirm}>
          {question.action}
        </Button>
      </div>
    </Modal>
  );
}
