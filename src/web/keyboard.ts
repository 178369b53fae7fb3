// Keyboard helpers shared by the app shell and the features it composes.
/** Whether a key press happened while the person is typing (shortcuts must not steal it). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** A request to the tool list's search box from the shell (Ctrl+K's "Search tools"). */
export const FOCUS_TOOL_SEARCH = 'toolscope:focus-tool-search';

/** A request to open the connection doctor (the palette's "Diagnose the connection"). */
export const OPEN_DOCTOR = 'toolscope:open-doctor';
