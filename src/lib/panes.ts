// Which pane a narrow screen shows (one at a time: Tools, Request, Response, Dock), in one store
// the parts ask directly: opening a tool shows its request, a call its response, the Dock tab the
// dock. Between 768 and 1280 px the request and the response are tabs of the same choice.
import { useSyncExternalStore } from 'react';

export type Pane = 'tools' | 'request' | 'response' | 'dock';

export interface PanesState {
  pane: Pane;
  /** A workspace with the "Panes" tabs is on screen (a narrow screen, connected). */
  tabbed: boolean;
}

let state: PanesState = { pane: 'tools', tabbed: false };
const listeners = new Set<() => void>();

function set(next: PanesState) {
  if (next.pane === state.pane && next.tabbed === state.tabbed) return;
  state = next;
  listeners.forEach((listener) => listener());
}

export const panes = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  getSnapshot: (): PanesState => state,
  show: (pane: Pane) => set({ ...state, pane }),
  setTabbed: (tabbed: boolean) => set({ ...state, tabbed }),
};

export const usePanes = () => useSyncExternalStore(panes.subscribe, panes.getSnapshot);
