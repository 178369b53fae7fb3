// Keyboard helpers shared by the app shell and the features it composes.
import { useEffect, type RefObject } from 'react';

/** Whether a key press happened while the person is typing (shortcuts must not steal it). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** A request to the tool list's search box from the shell (Ctrl+K's "Search tools"). */
export const FOCUS_TOOL_SEARCH = 'toolscope:focus-tool-search';

/** A request to open the connection doctor (the palette's "Diagnose the connection"). */
export const OPEN_DOCTOR = 'toolscope:open-doctor';

/** A request to open "Add server" (the palette's command; the button sits in the chip's popover). */
export const OPEN_ADD_SERVER = 'toolscope:open-add-server';

/** A request to list the taps running on this machine (the palette's "Watch a tap"; Traffic answers it). */
export const OPEN_WATCH_TAP = 'toolscope:open-watch-tap';

/**
 * Ctrl+Enter / ⌘Enter calls the open tool wherever the focus is — except in another text field
 * (the tool search, the palette, a filter) or a dialog, whose Enter is its own; inside the request
 * pane (`request`) it always calls.
 */
export function useCallShortcut(request: RefObject<HTMLElement | null>, call: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.defaultPrevented) return;
      const target = event.target instanceof Node ? event.target : null;
      const inRequest = target !== null && request.current?.contains(target) === true;
      if (!inRequest && (isTyping(event.target) || (event.target instanceof Element && event.target.closest('dialog')))) return;
      event.preventDefault();
      call();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [request, call]);
}
