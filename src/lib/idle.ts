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
