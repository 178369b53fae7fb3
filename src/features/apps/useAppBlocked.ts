import { useState } from 'react';

/**
 * Loads the shown run's MCP App had refused by its CSP (eval probes aside), counted once each for
 * that run — the pill says "Success · N blocked" — and every violation passed on (`onViolation`).
 */
export function useAppBlocked(runId: number | undefined, onViolation?: (directive: string, blocked: string) => void) {
  const [blocked, setBlocked] = useState<{ runId?: number; keys: ReadonlySet<string> }>({ keys: new Set() });
  const count = blocked.runId === runId ? blocked.keys.size : 0;
  const onAppViolation = (directive: string, url: string) => {
    onViolation?.(directive, url);
    if (/^(wasm-)?eval$/.test(url)) return;
    setBlocked((previous) => {
      const keys = previous.runId === runId ? previous.keys : new Set<string>();
      const key = `${directive} ${url}`;
      return keys.has(key) ? previous : { runId, keys: new Set([...keys, key]) };
    });
  };
  return { count, onAppViolation };
}
