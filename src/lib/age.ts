// Durations a person reads at a glance: a call's ("340 ms", "21.9 s", "2 min 05 s") and, to the
// minute, an age ("under a minute", "12 min", "3 h", "2 d").

/** "340 ms", "21.9 s", "2 min 05 s". */
export function humanDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

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
