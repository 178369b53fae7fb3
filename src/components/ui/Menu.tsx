import { useId, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button } from './Button.tsx';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  /** A destructive item (Delete) is set apart in red. */
  danger?: boolean;
}

interface Props {
  /** The menu's accessible name (and the trigger's, unless `triggerLabel` names it otherwise). */
  label: string;
  /** What the trigger shows ("Copy as ▾", "⋯"). */
  trigger: ReactNode;
  triggerLabel?: string;
  items: readonly MenuItem[];
  className?: string;
  triggerClassName?: string;
  /**
   * 'menu' (ARIA menu, menuitems) or 'disclosure' (a button that shows a list of plain buttons —
   * where the UI contract names the actions as buttons, e.g. History's "Edit and replay").
   */
  kind?: 'menu' | 'disclosure';
}

/** A button that opens a list of actions (ARIA menu): ↑/↓ move, Esc or leaving closes, a pick closes it. */
export function Menu({ label, trigger, triggerLabel, items, className, triggerClassName, kind = 'menu' }: Props) {
  const isMenu = kind === 'menu';
  const [open, setOpen] = useState(false);
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const closeOnLeave = (event: FocusEvent) => {
    if (!container.current?.contains(event.relatedTarget)) setOpen(false);
  };
  const list = useRef<HTMLUListElement>(null);
  // Where the list opens: under the button, or above it when under would leave the screen; kept
  // inside the screen sideways. Fixed to the screen, so a scrolling panel (the dock's History)
  // cannot cut it off; a scroll closes it (it would no longer sit by its button).
  const [position, setPosition] = useState<{ top: number; left: number; up: boolean }>();
  useLayoutEffect(() => {
    const menu = list.current;
    const anchor = container.current;
    if (!open || !menu || !anchor) return;
    const box = menu.getBoundingClientRect();
    const from = anchor.getBoundingClientRect();
    const up = from.bottom + box.height + 4 > window.innerHeight && from.top - box.height - 4 >= 0;
    const top = up ? from.top - box.height - 4 : Math.min(from.bottom + 4, Math.max(0, window.innerHeight - box.height));
    const left = Math.min(Math.max(4, from.right - box.width), Math.max(4, window.innerWidth - box.width - 4));
    setPosition({ top, left, up });
    const close = (event: Event) => {
      if (!(event.target instanceof Node && menu.contains(event.target))) setOpen(false);
    };
    window.addEventListener('scroll', close, { capture: true, passive: true });
    return () => window.removeEventListener('scroll', close, { capture: true });
  }, [open]);
  // On each item (not the list): a plain list takes no key handlers; a key on an item moves or closes.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const entries = [...(list.current?.querySelectorAll<HTMLElement>('button') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
      container.current?.querySelector<HTMLElement>('button[aria-expanded]')?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      entries[(at + (event.key === 'ArrowDown' ? 1 : entries.length - 1)) % entries.length]?.focus();
    }
  };
  return (
    <div ref={container} className={cn('relative', className)}>
      <Button
        onBlur={closeOnLeave}
        className={cn('min-h-6 px-2 py-0.5 text-xs', triggerClassName)}
        aria-label={triggerLabel}
        aria-haspopup={isMenu ? 'menu' : undefined}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => {
          if (!open) setPosition(undefined);
          setOpen(!open);
        }}
      >
        {trigger}
      </Button>
      {open ? (
        <ul
          id={id}
          ref={list}
          role={isMenu ? 'menu' : undefined}
          aria-label={label}
          data-placement={position?.up ? 'above' : 'below'}
          // Measured first (hidden), then placed: no flash at the wrong spot.
          style={position ? { top: position.top, left: position.left } : { top: 0, left: 0, visibility: 'hidden' }}
          className="fixed z-50 flex min-w-40 flex-col rounded-md border border-field bg-panel p-1 shadow-lg"
        >
          {items.map((item) => (
            <li key={item.label} role={isMenu ? 'none' : undefined}>
              <button
                type="button"
                role={isMenu ? 'menuitem' : undefined}
                onBlur={closeOnLeave}
                onKeyDown={onKeyDown}
                className={cn(
                  'w-full rounded px-2 py-1 text-left text-xs whitespace-nowrap hover:bg-hover focus-visible:outline-2 focus-visible:outline-blue-500',
                  item.danger && 'text-danger',
                )}
                onClick={() => {
                  setOpen(false);
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
