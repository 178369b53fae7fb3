import { useSyncExternalStore } from 'react';
import { toasts } from '../../web/toasts.ts';
import { Button } from './Button.tsx';

/** The one toast, bottom right, above the dock: a status (announced, never a dialog to close). */
export function Toaster() {
  const toast = useSyncExternalStore(toasts.subscribe, toasts.getSnapshot);
  return (
    <div
      role="status"
      aria-label="Notification"
      className="pointer-events-none fixed right-3 bottom-10 z-40 flex max-w-[min(32rem,calc(100vw-1.5rem))] flex-col"
    >
      {toast ? (
        <div
          key={toast.id}
          className="pointer-events-auto flex flex-col gap-1 rounded-md border border-field bg-panel p-2 text-sm shadow-lg"
          onPointerEnter={() => toasts.hold(true)}
          onPointerLeave={() => toasts.hold(false)}
          onFocus={() => toasts.hold(true)}
          onBlur={() => toasts.hold(false)}
        >
          <div className="flex items-start gap-2">
            <p className="flex-1 font-medium">✓ {toast.title}</p>
            <Button variant="ghost" className="px-1 py-0 text-xs" aria-label="Dismiss" onClick={toasts.dismiss}>
              ✕
            </Button>
          </div>
          {toast.notes.length ? (
            <ul className="list-disc pl-5 text-xs text-warn">
              {toast.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          ) : null}
          {toast.text !== undefined ? (
            <details className="text-xs">
              <summary className="cursor-pointer text-subtle">Show the copied text</summary>
              <pre
                aria-label="Copied text"
                className="mt-1 max-h-48 overflow-auto rounded bg-hover p-1 font-mono whitespace-pre-wrap break-all"
              >
                {toast.text}
              </pre>
            </details>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
