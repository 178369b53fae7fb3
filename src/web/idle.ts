// When the page has a moment: after the next paint, or in an idle period.

/** After the next paint (a result is on screen before the work that follows it). */
export const afterPaint = () =>
  new Promise<void>((resolve) =>
    typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => setTimeout(resolve, 0)) : setTimeout(resolve, 0),
  );

/** On a task of its own: long work split at these points never holds the page in one piece. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs `run` in an idle moment of the page (at the latest after `timeoutMs`), with a clock of how
 * much of that moment is left (ms). Returns a cancel. Without requestIdleCallback (tests, old
 * browsers): on the next task, with no time to spare.
 */
export function whenIdle(run: (timeLeft: () => number) => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(() => run(() => 0), 0);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback((deadline) => run(() => deadline.timeRemaining()), { timeout: timeoutMs });
  return () => cancelIdleCallback(handle);
}
