import { useState } from 'react';
import { readStored, writeStored } from '../../web/storage.ts';
import { serverStorageKey } from '../../lib/serverKey.ts';
import { DEFAULT_SAFETY, parseSafety, type SafetySettings } from '../../session/safety.ts';

/** Per-server call-safety settings, remembered in this browser. */
export function useSafetySettings(serverUrl: string) {
  const key = serverStorageKey('safety', serverUrl);
  const [settings, setSettings] = useState<SafetySettings>(() => readStored(key, parseSafety) ?? DEFAULT_SAFETY);
  const update = (next: SafetySettings) => {
    setSettings(next);
    writeStored(key, next);
  };
  return [settings, update] as const;
}
