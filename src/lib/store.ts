// A value the whole app shares, outside React: read with getSnapshot, watched with subscribe
// (React's useSyncExternalStore takes both), changed with set — which tells every watcher.

export interface Store<T> {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => T;
  /** Replaces the value (watchers hear of it only if it is another value). */
  set: (next: T) => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => value,
    set: (next) => {
      if (Object.is(next, value)) return;
      value = next;
      listeners.forEach((listener) => listener());
    },
  };
}
