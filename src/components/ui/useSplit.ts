import { useEffect, useRef, useState } from 'react';
import { readStored, writeStored } from '../../web/storage.ts';

export const MIN_PANE = 320;

/** A pane's width beside another (wide screens), set by the splitter and remembered under `key`. */
export function useSplit(key: string) {
  const [width, setWidth] = useState(() =>
    readStored(key, (value) => (typeof value === 'number' && value >= MIN_PANE ? value : undefined)),
  );
  const [room, setRoom] = useState(0);
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(() => setRoom(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const max = Math.max(MIN_PANE, room - MIN_PANE);
  // Half and half until the person drags (the stylesheet's 50% before the first measure, so
  // nothing jumps); a remembered width never pushes the response out of view.
  const current = room ? Math.min(width ?? Math.round(room / 2), max) : width;
  return { container, width: current, max, setWidth, commit: (value: number) => writeStored(key, value) };
}
