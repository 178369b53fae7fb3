import { describe, expect, it } from 'vitest';
import { RENAMED_KEYS, upgradeStorageKeys } from './storage.ts';

/** A Storage over a Map (the browser's own is exercised by the e2e suite). */
function memoryStorage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    get length() {
      return map.size;
    },
    key: (index: number) => [...map.keys()][index] ?? null,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('one storage-key separator', () => {
  it('renames the dotted keys and pending sign-ins to toolscope:…, keeping a value already under the new name', () => {
    const storage = memoryStorage({
      'toolscope.theme': '"dark"',
      'toolscope.dock': '{"open":true}',
      'toolscope.sidebar.width': '300',
      'toolscope:request-width': '500',
      'toolscope.request.width': '400',
      'toolscope.oauth.pending.st-1': '{"issuer":"x"}',
      'toolscope:recent-servers': '[]',
      'other.app': 'kept',
    });
    upgradeStorageKeys(storage);
    expect(Object.fromEntries(storage.map)).toEqual({
      'toolscope:theme': '"dark"',
      'toolscope:dock': '{"open":true}',
      'toolscope:sidebar-width': '300',
      'toolscope:request-width': '500',
      'toolscope:oauth-pending:st-1': '{"issuer":"x"}',
      'toolscope:recent-servers': '[]',
      'other.app': 'kept',
    });
    expect(RENAMED_KEYS.every(([, renamed]) => renamed.startsWith('toolscope:'))).toBe(true);
    // Run again: nothing changes.
    upgradeStorageKeys(storage);
    expect(storage.map.size).toBe(7);
  });
});
