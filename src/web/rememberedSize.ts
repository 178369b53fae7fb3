// A pane the person resizes (CSS `resize`, by its corner) keeps its size across reloads.
import { useEffect, useRef, useState } from 'react';
import { readStored, writeStored } from './storage.ts';

/** A ref for the resizable element and its remembered size (px) to start from; undefined: the stylesheet's default. */
export function useRememberedSize<T extends HTMLElement>(key: string, axis: 'width' | 'height', minimum: number, active = true) {
  const [initial] = useState(() => readStored(key, (value) => (typeof value === 'number' && value >= minimum ? value : undefined)));
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || !active) return undefined;
    const observer = new ResizeObserver(() => {
      const size = axis === 'width' ? element.offsetWidth : element.offsetHeight;
      if (size >= minimum) writeStored(key, size);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [key, axis, minimum, active]);
  return { ref, initial };
}
