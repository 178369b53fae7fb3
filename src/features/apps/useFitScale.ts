import { useEffect, useState } from 'react';

/**
 * The scale that fits a frame `width` px wide (plus its 1 px borders) into the element `box`
 * (1 when it fits): the app still sees the width chosen, shown smaller.
 */
export function useFitScale(box: HTMLElement | null, width: number): number {
  const [room, setRoom] = useState<number>();
  useEffect(() => {
    if (!box) return;
    // A smaller width is taken at once (the frame never overflows); a larger one only past 24 px:
    // else a scrollbar the scaled frame brings or removes would resize it back and forth for ever.
    const observer = new ResizeObserver(([entry]) => {
      const next = entry?.contentRect.width;
      if (next !== undefined) setRoom((previous) => (previous === undefined || next < previous || next > previous + 24 ? next : previous));
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [box]);
  return room && room < width + 2 ? Math.max(0.2, room / (width + 2)) : 1;
}
