// Keyboard helpers shared by the app shell and the features it composes.
/** Whether a key press happened while the person is typing (shortcuts must not steal it). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** A request to another part of the app that has no props path to it (the Traffic drawer). */
export const TOGGLE_TRAFFIC = 'toolscope:toggle-traffic';
export const FOCUS_TOOL_SEARCH = 'toolscope:focus-tool-search';
export const TOGGLE_HISTORY = 'toolscope:toggle-history';
export const TOGGLE_CONSOLE = 'toolscope:toggle-console';
