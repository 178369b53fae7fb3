// Counts as people read them: 12,345 — grouped by hand, not by Intl.NumberFormat: the first
// formatter in a page loads the number-formatting data (20–50 ms on this machine's main thread,
// which a deep link spent while its pages streamed in). Counts here are whole numbers in en-US.
export const formatCount = (value: number): string => {
  if (!Number.isFinite(value)) return String(value);
  const whole = Math.trunc(value);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return whole < 0 ? `-${digits}` : digits;
};

/** "1 tool", "15 tools", "1,204 tools": a count and its noun (the plural adds an s unless given). */
export const countOf = (value: number, noun: string, plural = `${noun}s`): string => `${formatCount(value)} ${value === 1 ? noun : plural}`;
