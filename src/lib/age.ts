// Durations a person reads at a glance, to the minute: "under a minute", "12 min", "3 h", "2 d".
// (Call durations, which need tenths of a second, are features/call/outcome.ts's humanDuration.)
export function roughDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return 'under a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 36) return `${hours} h`;
  return `${Math.round(hours / 24)} d`;
}

/** "just now" for the first minute, then "12 min ago". */
export const ago = (ms: number): string => (ms < 60_000 ? 'just now' : `${roughDuration(ms)} ago`);
