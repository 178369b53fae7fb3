import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface Props {
  labelledBy: string;
  describedBy?: string;
  /** Esc or the browser's own cancel: the modal does not close by itself, the owner decides. */
  onCancel: () => void;
  children: ReactNode;
  /** Wider, for a view rather than a question (Find a server). */
  wide?: boolean;
  /** Anchored near the top instead of centred: what is typed into it does not move it (the palette). */
  top?: boolean;
}

/**
 * A native modal <dialog> (focus trapped, the rest of the page inert) opened on mount — in the
 * body, so one opened from inside a popover (Diagnose in Server details) shows whatever the
 * popover does next.
 */
export function Modal({ labelledBy, describedBy, onCancel, children, wide, top }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return createPortal(
    <dialog
      ref={dialog}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className={`${top ? 'mx-auto mt-[12vh] mb-auto' : 'm-auto'} ${wide ? 'w-[min(56rem,95vw)]' : 'w-[min(40rem,95vw)]'} rounded-lg border border-field bg-panel p-4 text-ink shadow-xl backdrop:bg-slate-900/50`}
    >
      {children}
    </dialog>,
    document.body,
  );
}
