import type { ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { revealInvisible } from '../../mcp/text.ts';
import type { McpTool } from '../../mcp/tools.ts';

interface Props {
  tool: McpTool;
  args: Record<string, unknown>;
  reason: string;
  hints: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal that a human must answer before a possibly destructive call (Esc = Cancel). */
export function ConfirmDialog({ tool, args, reason, hints, onConfirm, onCancel }: Props) {
  return (
    <Modal labelledBy="confirm-title" describedBy="confirm-reason" onCancel={onCancel}>
      <h2 id="confirm-title" className="text-lg font-semibold break-words">
        Confirm call to {revealInvisible(tool.name)}
      </h2>
      <p id="confirm-reason" className="mt-1 text-sm">
        {reason} Check the arguments before you send them.
      </p>
      <div className="mt-2">{hints}</div>
      <p className="mt-3 text-xs font-semibold">Arguments that will be sent</p>
      <pre className="mt-1 max-h-80 overflow-auto rounded-md bg-slate-100 p-2 font-mono text-xs whitespace-pre-wrap break-words dark:bg-slate-800">
        {JSON.stringify(args, null, 2)}
      </pre>
      <div className="mt-4 flex justify-end gap-2">
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="danger" onClick={onConfirm}>
          Call tool
        </Button>
      </div>
    </Modal>
  );
}
