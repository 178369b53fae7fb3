import { useState } from 'react';
import { readStored, writeStored } from '../../lib/storage.ts';
import { serverStorageKey } from '../../lib/serverKey.ts';
import type { ConfirmPolicy } from '../../mcp/callGate.ts';

export interface SafetySettings {
  policy: ConfirmPolicy;
  readOnlyMode: boolean;
  /** Per-call timeout, reset by every progress notification. */
  timeoutSeconds: number;
  /** Hard limit on a call's total time, progress or not. */
  maxTotalSeconds: number;
}

export const DEFAULT_SAFETY: SafetySettings = { policy: 'destructive', readOnlyMode: false, timeoutSeconds: 60, maxTotalSeconds: 600 };

const seconds = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.min(value, 86_400) : fallback;

function parse(value: unknown): SafetySettings | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const policy = 'policy' in value ? value.policy : undefined;
  const readOnlyMode = 'readOnlyMode' in value ? value.readOnlyMode : undefined;
  if (policy !== 'destructive' && policy !== 'all-writes' && policy !== 'never') return undefined;
  return {
    policy,
    readOnlyMode: readOnlyMode === true,
    timeoutSeconds: seconds('timeoutSeconds' in value ? value.timeoutSeconds : undefined, DEFAULT_SAFETY.timeoutSeconds),
    maxTotalSeconds: seconds('maxTotalSeconds' in value ? value.maxTotalSeconds : undefined, DEFAULT_SAFETY.maxTotalSeconds),
  };
}

/** Per-server call-safety settings, remembered in this browser. */
export function useSafetySettings(serverUrl: string) {
  const key = serverStorageKey('safety', serverUrl);
  const [settings, setSettings] = useState<SafetySettings>(() => readStored(key, parse) ?? DEFAULT_SAFETY);
  const update = (next: SafetySettings) => {
    setSettings(next);
    writeStored(key, next);
  };
  return [settings, update] as const;
}
