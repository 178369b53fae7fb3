import { useState } from 'react';
import { readStored, writeStored } from '../../web/storage.ts';
import { serverStorageKey } from '../../lib/serverKey.ts';
import { DEFAULT_SAFETY, parseSafety, type SafetySettings } from '../../session/safety.ts';

// The settings as last set in this page, by storage key: what a call session reads at each decision
// (a server off screen too), whatever the storage did with the write.
const current = new Map<string, SafetySettings>();

/** A server's call-safety settings now: as last set here, else as remembered in this browser. */
export function currentSafety(serverUrl: string): SafetySettings {
  const key = serverStorageKey('safety', serverUrl);
  return current.get(key) ?? readStored(key, parseSafety) ?? DEFAULT_SAFETY;
}

/** Per-server call-safety settings, remembered in this browser. */
export function useSafetySettings(serverUrl: string) {
  const key = serverStorageKey('safety', serverUrl);
  const [settings, setSettings] = useState<SafetySettings>(() => currentSafety(serverUrl));
  const update = (next: SafetySettings) => {
    current.set(key, next);
    setSettings(next);
    writeStored(key, next);
  };
  return [settings, update] as const;
}
