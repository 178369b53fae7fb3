import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  /** The always-visible trigger (a <summary>: its text is the control's name). */
  summary: ReactNode;
  children: ReactNode;
  /** Opens on mount (e.g. a saved server needs a header value filled in); remount to open again. */
  defaultOpen?: boolean;
  /** Which edge of the trigger the panel lines up with. */
  align?: 'start' | 'end';
  className?: string;
  panelClassName?: string;
  title?: string;
  /** A panel that holds popovers of its own does not scroll (theirs would be clipped): keep it short. */
  nests?: boolean;
  /** The disclosure's own name, when the trigger shows something else (the chip is "Server details"). */
  label?: string;
}

/** An action in a popover whose effect is on the page (Restart, Open, Hosts, Add server…): the popover closes. */
export const closePopover = (event: { currentTarget: Element }) => event.currentTarget.closest('details')?.removeAttribute('open');

/**
 * A disclosure whose panel floats over the page instead of pushing it down, so the top bar keeps
 * its height. Built on <details> (keyboard and screen readers know it); Esc and a click outside close it.
 */
export function Popover({
  summary,
  children,
  defaultOpen,
  align = 'start',
  className = '',
  panelClassName = '',
  title,
  nests = false,
  label,
}: Props) {
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const element = details.current;
    if (!element) return;
    const close = (event: Event) => {
      if (!element.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        const inside = element.contains(document.activeElement);
        element.open = false;
        if (inside) element.querySelector('summary')?.focus();
        return;
      }
      if (event.target instanceof Node && !element.contains(event.target)) element.open = false;
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, []);
  return (
    <details ref={details} open={defaultOpen || undefined} className={`relative text-xs ${className}`} title={title} aria-label={label}>
      <summary className="min-h-6 cursor-pointer py-1 whitespace-nowrap text-subtle select-none">{summary}</summary>
      <div
        className={`absolute top-full z-40 mt-1 w-max max-w-[min(36rem,92vw)] rounded-md border border-line bg-panel p-2 text-ink shadow-lg ${
          nests ? '' : 'max-h-[70dvh] overflow-auto'
        } ${align === 'end' ? 'right-0' : 'left-0'} ${panelClassName}`}
      >
        {children}
      </div>
    </details>
  );
}
