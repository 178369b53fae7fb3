import { useId, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
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
        className={cn('px-2 py-0.5 text-xs', triggerClassName)}
        aria-label={triggerLabel}
        aria-haspopup={isMenu ? 'menu' : undefined}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
      >
        {trigger}
      </Button>
      {open ? (
        <ul
          id={id}
          ref={list}
          role={isMenu ? 'menu' : undefined}
          aria-label={label}
          className="absolute right-0 z-20 mt-1 flex min-w-40 flex-col rounded-md border border-field bg-panel p-1 shadow-lg"
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
