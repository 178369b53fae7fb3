// The bottom dock's state — open or not, which tab, how high — in one store (remembered across
// reloads) that any part of the app asks directly: the palette's "Show or hide History", a
// crashed stdio child opening its console. No window events.
import { readStored, writeStored } from './storage.ts';
import { createStore } from '../lib/store.ts';

export type DockTabId = 'traffic' | 'tasks' | 'history' | 'saved' | 'console';

export interface DockState {
  open: boolean;
  active: DockTabId;
  /** The open panel's height in px (the person's, by the drag edge). */
  height: number;
  /** The person set the height: until then the panel is as tall as its content, at most 35 % of the window. */
  sized?: boolean;
}

const KEY = 'toolscope:dock';
export const DOCK_DEFAULT_HEIGHT = 220;
export const DOCK_MIN_HEIGHT = 96;
const TABS: readonly DockTabId[] = ['traffic', 'tasks', 'history', 'saved', 'console'];

function parse(value: unknown): DockState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { open, active, height, sized } = value as Record<string, unknown>;
  const tab = TABS.find((candidate) => candidate === active);
  if (typeof open !== 'boolean' || !tab || typeof height !== 'number' || !Number.isFinite(height)) return undefined;
  return { open, active: tab, height: Math.max(DOCK_MIN_HEIGHT, Math.round(height)), ...(sized === true ? { sized } : {}) };
}

const store = createStore<DockState>(readStored(KEY, parse) ?? { open: false, active: 'traffic', height: DOCK_DEFAULT_HEIGHT });

function set(next: DockState) {
  writeStored(KEY, next);
  store.set(next);
}
const current = () => store.getSnapshot();

export const dock = {
  subscribe: store.subscribe,
  getSnapshot: store.getSnapshot,
  /** Opens the dock on this tab. */
  show: (tab: DockTabId) => set({ ...current(), open: true, active: tab }),
  /** A tab's button and the palette: opens on it, or closes when it is already the one shown. */
  toggle: (tab: DockTabId) => {
    const state = current();
    set(state.open && state.active === tab ? { ...state, open: false } : { ...state, open: true, active: tab });
  },
  close: () => set({ ...current(), open: false }),
  setHeight: (height: number) => set({ ...current(), height: Math.max(DOCK_MIN_HEIGHT, Math.round(height)), sized: true }),
};
