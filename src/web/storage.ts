// localStorage access that never throws (private mode, quota, corrupt JSON) and only ever
// stores what the user chose — nothing a server sends is written here.
export function readStored<T>(key: string, parse: (value: unknown) => T | undefined): T | undefined {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? undefined : parse(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or unavailable: the setting lasts for this page only.
  }
}

export function removeStored(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Unavailable storage holds nothing to remove.
  }
}

/** localStorage as a plain key–value store that never throws (nothing stored when unavailable). */
export const browserStore = {
  keys: (): string[] => {
    try {
      return Object.keys(window.localStorage);
    } catch {
      return [];
    }
  },
  get: (key: string): string | null => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set: (key: string, value: string): void => {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage full or unavailable.
    }
  },
  remove: removeStored,
};

/**
 * Toolscope's localStorage keys all read `toolscope:<name>`; a few were once written with a dot
 * (`toolscope.theme`). Renamed once, at start (the early entry and the app both run it, before
 * anything reads them): a value already under the new name wins.
 */
export const RENAMED_KEYS: readonly (readonly [string, string])[] = [
  ['toolscope.theme', 'toolscope:theme'],
  ['toolscope.dock', 'toolscope:dock'],
  ['toolscope.request.width', 'toolscope:request-width'],
  ['toolscope.sidebar.width', 'toolscope:sidebar-width'],
];
const RENAMED_PREFIXES: readonly (readonly [string, string])[] = [['toolscope.oauth.pending.', 'toolscope:oauth-pending:']];

export function upgradeStorageKeys(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'> = window.localStorage,
): void {
  try {
    const names = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((name) => name !== null);
    for (const name of names) {
      if (!name.startsWith('toolscope.')) continue;
      const prefix = RENAMED_PREFIXES.find(([old]) => name.startsWith(old));
      const renamed = prefix ? prefix[1] + name.slice(prefix[0].length) : RENAMED_KEYS.find(([old]) => old === name)?.[1];
      if (!renamed) continue;
      const value = storage.getItem(name);
      if (value !== null && storage.getItem(renamed) === null) storage.setItem(renamed, value);
      storage.removeItem(name);
    }
  } catch {
    // Storage unavailable: nothing was kept to rename.
  }
}
