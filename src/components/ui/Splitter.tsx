import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

interface Props {
  /** What it separates, e.g. "Resize request and response". */
  label: string;
  /** The first pane's width in px. */
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  /** Called once a drag or a key press ends, to remember the width. */
  onCommit: (value: number) => void;
  className?: string;
}

const STEP = 24;

/**
 * A vertical bar between two side-by-side panes: drag it, or focus it and use ←/→
 * (Home/End for the limits). A WAI-ARIA window splitter.
 */
export function Splitter({ label, value, min, max, onChange, onCommit, className }: Props) {
  const drag = useRef<{ startX: number; startValue: number; last: number }>(undefined);
  const clamp = (next: number) => Math.round(Math.min(Math.max(next, min), Math.max(min, max)));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startValue: value, last: value };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (!state) return;
    state.last = clamp(state.startValue + event.clientX - state.startX);
    onChange(state.last);
  };
  const onPointerUp = () => {
    const state = drag.current;
    drag.current = undefined;
    if (state) onCommit(state.last);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next =
      event.key === 'ArrowLeft'
        ? value - STEP
        : event.key === 'ArrowRight'
          ? value + STEP
          : event.key === 'Home'
            ? min
            : event.key === 'End'
              ? max
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    const clamped = clamp(next);
    onChange(clamped);
    onCommit(clamped);
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a focusable separator is interactive (WAI-ARIA window splitter)
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={min}
      aria-valuemax={max}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable so ←/→ resize (WAI-ARIA window splitter)
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      className={`group flex w-2 shrink-0 cursor-col-resize touch-none justify-center focus-visible:outline-2 focus-visible:outline-accent ${className ?? ''}`}
    >
      <span className="w-px bg-line group-hover:w-0.5 group-hover:bg-accent group-focus-visible:bg-accent" />
    </div>
  );
}
