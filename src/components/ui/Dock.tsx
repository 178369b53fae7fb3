// One bottom dock for the panels a person opens now and then (Traffic, History, Saved calls, the
// Server console): a 28 px strip of tabs when closed; open, one panel at a time with a draggable
// top edge and a remembered height. Panels come from different parts of the app (Traffic from the
// shell, History from the connected workspace): each declares itself with <DockTab> and is
// rendered into the dock's panel through a portal.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../lib/cn.ts';
import { dock, DOCK_MIN_HEIGHT, type DockTabId } from '../../web/dockStore.ts';
import { usePanes } from '../../web/panesStore.ts';

interface TabInfo {
  id: DockTabId;
  label: string;
  /** A short count beside the label ("12", "3 failed"). */
  badge?: string;
  alert?: boolean;
  order: number;
}

interface Registry {
  tabs: readonly TabInfo[];
  put: (tab: TabInfo) => void;
  remove: (id: DockTabId) => void;
  slots: ReadonlyMap<DockTabId, HTMLElement>;
  setSlot: (id: DockTabId, element: HTMLElement | null) => void;
}

const DockContext = createContext<Registry | undefined>(undefined);

export function DockProvider({ children }: { children: ReactNode }) {
  const [tabs, setTabs] = useState<readonly TabInfo[]>([]);
  const [slots, setSlots] = useState<ReadonlyMap<DockTabId, HTMLElement>>(new Map());
  const setSlot = useCallback(
    (id: DockTabId, element: HTMLElement | null) =>
      setSlots((previous) => {
        if (previous.get(id) === (element ?? undefined)) return previous;
        const next = new Map(previous);
        if (element) next.set(id, element);
        else next.delete(id);
        return next;
      }),
    [],
  );
  // Stable: a <DockTab>'s effects depend on them (a new function per change would remove and
  // re-add the tab forever).
  const put = useCallback(
    (tab: TabInfo) =>
      setTabs((previous) => {
        const same = previous.find((candidate) => candidate.id === tab.id);
        if (same && same.label === tab.label && same.badge === tab.badge && same.alert === tab.alert) return previous;
        return [...previous.filter((candidate) => candidate.id !== tab.id), tab].sort((a, b) => a.order - b.order);
      }),
    [],
  );
  const remove = useCallback((id: DockTabId) => setTabs((previous) => previous.filter((candidate) => candidate.id !== id)), []);
  const registry = useMemo<Registry>(
    () => ({
      tabs,
      put,
      remove,
      slots,
      setSlot,
    }),
    [tabs, slots, put, remove, setSlot],
  );
  return <DockContext value={registry}>{children}</DockContext>;
}

export const useDock = () => useSyncExternalStore(dock.subscribe, dock.getSnapshot);

/**
 * A narrow screen with the "Panes" tabs, the Dock pane chosen: the dock is the whole page. It is
 * open there whatever its state — closing it would leave the pane blank; leaving it is the Panes'
 * job — and a tab only ever shows its panel.
 */
function useDockFillsPane(): boolean {
  const { tabbed, pane } = usePanes();
  return tabbed && pane === 'dock';
}

/** A panel of the dock; `children` is told whether it is shown (a hidden panel may skip work). */
export function DockTab({
  id,
  label,
  badge,
  alert,
  order,
  children,
}: Omit<TabInfo, 'order'> & { order: number; children: (shown: boolean) => ReactNode }) {
  const registry = useContext(DockContext);
  const state = useDock();
  const filling = useDockFillsPane();
  const put = registry?.put;
  const remove = registry?.remove;
  useEffect(() => {
    put?.({ id, label, badge, alert, order });
  }, [put, id, label, badge, alert, order]);
  useEffect(() => () => remove?.(id), [remove, id]);
  const slot = registry?.slots.get(id);
  const shown = (state.open || filling) && state.active === id;
  return slot ? createPortal(children(shown), slot) : null;
}

const STEP = 24;

/** The dock itself: the tab strip, the drag edge and the panels' places. */
export function Dock() {
  const registry = useContext(DockContext);
  const state = useDock();
  const base = useId();
  const drag = useRef<{ startY: number; startHeight: number }>(undefined);
  const [dragHeight, setDragHeight] = useState<number>();
  const tabs = registry?.tabs ?? [];
  // A narrow screen with the "Panes" tabs: the dock is one of the panes (the whole page when chosen, else out of sight).
  const { tabbed } = usePanes();
  const filling = useDockFillsPane();
  const open = state.open || filling;
  const activeShown = open && tabs.some((tab) => tab.id === state.active);
  const height = dragHeight ?? state.height;
  const maxHeight = () => Math.round(window.innerHeight * 0.7);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startY: event.clientY, startHeight: height };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const next = drag.current.startHeight + drag.current.startY - event.clientY;
    setDragHeight(Math.min(Math.max(next, DOCK_MIN_HEIGHT), maxHeight()));
  };
  const onPointerUp = () => {
    drag.current = undefined;
    if (dragHeight !== undefined) dock.setHeight(dragHeight);
    setDragHeight(undefined);
  };
  const onEdgeKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = event.key === 'ArrowUp' ? height + STEP : event.key === 'ArrowDown' ? height - STEP : undefined;
    if (next === undefined) return;
    event.preventDefault();
    dock.setHeight(Math.min(Math.max(next, DOCK_MIN_HEIGHT), maxHeight()));
  };

  // The tab stop: the active tab (the first if the active one is not offered here).
  const stop = tabs.some((tab) => tab.id === state.active) ? state.active : tabs[0]?.id;
  return (
    <div
      className={cn('flex flex-col border-t border-line bg-panel', filling ? 'min-h-0 flex-1' : 'shrink-0', tabbed && !filling && 'hidden')}
    >
      {activeShown && !filling ? (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a focusable separator is interactive (WAI-ARIA window splitter)
        <div
          role="separator"
          aria-orientation="horizontal"
          aria-label="Resize the dock"
          aria-valuenow={height}
          aria-valuemin={DOCK_MIN_HEIGHT}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable so ↑/↓ resize
          tabIndex={0}
          className="h-1.5 cursor-row-resize bg-line/60 hover:bg-accent/40 focus-visible:bg-accent/60 focus-visible:outline-none"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onKeyDown={onEdgeKey}
        />
      ) : null}
      <div className="flex h-7 shrink-0 items-center px-2">
        {/* One tab stop (the active tab); ←/→/Home/End move between the tabs, Enter or Space opens one. */}
        {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- its tabs take the focus (roving tabindex) */}
        <div
          role="tablist"
          aria-label="Dock"
          className="flex min-w-0 flex-1 items-center gap-1 overflow-x-auto"
          onKeyDown={(event) => {
            const all = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
            const at = all.indexOf(event.target as HTMLElement);
            const next =
              event.key === 'ArrowRight'
                ? at + 1
                : event.key === 'ArrowLeft'
                  ? at - 1
                  : event.key === 'Home'
                    ? 0
                    : event.key === 'End'
                      ? -1
                      : NaN;
            if (at < 0 || Number.isNaN(next)) return;
            event.preventDefault();
            all.at(next % all.length)?.focus();
          }}
        >
          {tabs.map((tab) => {
            const selected = open && state.active === tab.id;
            return (
              <button
                key={tab.id}
                type="button"
                role="tab"
                id={`${base}-${tab.id}-tab`}
                aria-selected={selected}
                aria-controls={`${base}-${tab.id}`}
                tabIndex={tab.id === stop ? 0 : -1}
                title={selected && !filling ? 'Hide the dock' : undefined}
                // Inline, not a flex row: the space between label and count is text, so the name reads "History 2".
                className={cn(
                  'h-6 rounded px-2 text-xs leading-6 whitespace-nowrap hover:bg-hover',
                  selected && 'bg-selected font-semibold',
                )}
                onClick={() => (filling ? dock.show(tab.id) : dock.toggle(tab.id))}
              >
                {tab.label}
                {tab.badge ? ' ' : null}
                {tab.badge ? (
                  <span className={cn('font-normal', tab.alert ? 'text-danger' : selected ? 'text-subtle' : 'text-muted')}>
                    {tab.badge}
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
        {activeShown && !filling ? (
          <button type="button" className="rounded px-2 text-xs text-muted hover:bg-hover" onClick={dock.close}>
            Hide ▾
          </button>
        ) : null}
      </div>
      {tabs.map((tab) => (
        <DockSlot
          key={tab.id}
          id={tab.id}
          base={base}
          shown={open && state.active === tab.id}
          height={filling ? 'fill' : state.sized || dragHeight !== undefined ? height : 'content'}
        />
      ))}
    </div>
  );
}

/** One tab's panel: the element its <DockTab> renders into (a stable ref: set once per mount). */
/** `height`: the person's (px), the pane's whole height on a phone ('fill'), or as tall as the content up to 35 % of the window. */
function DockSlot({ id, base, shown, height }: { id: DockTabId; base: string; shown: boolean; height: number | 'fill' | 'content' }) {
  const setSlot = useContext(DockContext)?.setSlot;
  const ref = useCallback((element: HTMLDivElement | null) => setSlot?.(id, element), [setSlot, id]);
  return (
    <div
      ref={ref}
      role="tabpanel"
      id={`${base}-${id}`}
      aria-labelledby={`${base}-${id}-tab`}
      hidden={!shown}
      className={cn(
        'min-h-0 overflow-hidden border-t border-line',
        height === 'fill' && 'flex-1',
        height === 'content' && 'flex max-h-[35vh] flex-col',
      )}
      style={typeof height === 'number' ? { height } : undefined}
    />
  );
}
