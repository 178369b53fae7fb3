import { useId, type ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Modal } from './Modal.tsx';

/** A view in a dialog over whatever is open (Find a server): named by `title`, scrolling inside, closed by Close or Esc. */
export function ViewDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const id = useId();
  return (
    <Modal labelledBy={id} onCancel={onClose} wide>
      <span id={id} className="sr-only">
        {title}
      </span>
      <div className="max-h-[80dvh] overflow-auto">{children}</div>
      <div className="mt-3 flex justify-end">
        <Button onClick={onClose}>Close</Button>
      </div>
    </Modal>
  );
}
