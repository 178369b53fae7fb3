// Which pane a narrow screen shows (one at a time: Tools, Request, Response, Dock), in one store
// the parts ask directly: opening a tool shows its request, a call its response, the Dock tab the
// dock. Between 768 and 1280 px the request and the response are tabs of the same choice.
import { useSyncExternalStore } from 'react';
import { createStore } from '../lib/store.ts';

export type Pane = 'tools' | 'request' | 'response' | 'dock';

export interface PanesState {
  pane: Pane;
  /** A workspace with the "Panes" tabs is on screen (a narrow screen, connected). */
  tabbed: boolean;
}

const store = createStore<PanesState>({ pane: 'tools', tabbed: false });

function set(change: Partial<PanesState>) {
  const state = store.getSnapshot();
  const next = { ...state, ...change };
  if (next.pane !== state.pane || next.tabbed !== state.tabbed) store.set(next);
}

export const panes = {
  subscribe: store.subscribe,
  getSnapshot: store.getSnapshot,
  show: (pane: Pane) => set({ pane }),
  setTabbed: (tabbed: boolean) => set({ tabbed }),
};

export const usePanes = () => useSyncExternalStore(panes.subscribe, panes.getSnapshot);
