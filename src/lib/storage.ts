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
