import { useRef, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn.ts';
import { formatCount } from '../../lib/count.ts';

interface Tab<Id extends string> {
  id: Id;
  label: string;
  /** How many the tab holds, after its label and muted ("Prompts 4"); part of its name. */
  count?: number;
}

interface Props<Id extends string> {
  /** The tablist's accessible name. */
  label: string;
  tabs: readonly Tab<Id>[];
  active: Id;
  onChange: (id: Id) => void;
  className?: string;
}

/** A row of tabs (ARIA tablist): one selected, ←/→/Home/End move between them; the panels are the caller's. */
export function Tabs<Id extends string>({ label, tabs, active, onChange, className }: Props<Id>) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === active);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    const tab = tabs[next];
    if (!tab) return;
    event.preventDefault();
    onChange(tab.id);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label={label} className={cn('flex gap-1 text-xs', className)}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={tab.id === active}
          tabIndex={tab.id === active ? 0 : -1}
          className={cn(
            'min-h-6 rounded-md px-2 py-0.5 whitespace-nowrap hover:bg-hover',
            tab.id === active && 'bg-selected font-semibold',
          )}
          onClick={() => onChange(tab.id)}
          onKeyDown={onKeyDown}
        >
          {tab.label}
          {tab.count === undefined ? null : (
            <>
              {' '}
              <span className={cn('font-normal', tab.id === active ? 'text-subtle' : 'text-muted')}>{formatCount(tab.count)}</span>
            </>
          )}
        </button>
      ))}
    </div>
  );
}
