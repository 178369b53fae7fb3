import { describe, expect, it } from 'vitest';
import { createStore } from './store.ts';

describe('a shared store', () => {
  it('tells its watchers of a new value, not of the same one, and stops when they leave', () => {
    const store = createStore({ n: 1 });
    const heard: number[] = [];
    const leave = store.subscribe(() => heard.push(store.getSnapshot().n));
    store.set({ n: 2 });
    store.set(store.getSnapshot());
    leave();
    store.set({ n: 3 });
    expect(heard).toEqual([2]);
    expect(store.getSnapshot()).toEqual({ n: 3 });
  });
});
