// The app's side of an OAuth redirect, free of React: the secret-free record of each sign-in
// waiting for its redirect (the callback page checks `state` and `iss` against it), the sweep of
// records an abandoned sign-in left behind, and the callback page's message, read field by field
// and only when it answers the sign-in in progress.
import { isRecord } from '../guards.ts';
import { CALLBACK_CHANNEL, PENDING_LIFETIME_MS, PENDING_PREFIX, parsePending, type CallbackMessage } from './oauthCallback.ts';

/** The few storage operations needed (localStorage in the browser; a Map in tests). */
export interface KeyValueStore {
  keys(): string[];
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** A KeyValueStore in memory (a browser without storage; tests), its map open to look at. */
export function memoryStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    keys: () => [...map.keys()],
    get: (key) => map.get(key) ?? null,
    set: (key, value) => void map.set(key, value),
    remove: (key) => void map.delete(key),
  };
}

export class PendingSignIns {
  constructor(
    private readonly store: KeyValueStore,
    private readonly now: () => number = Date.now,
  ) {}

  remember(state: string, record: { issuer: string; issParameterSupported: boolean }): void {
    this.store.set(PENDING_PREFIX + state, JSON.stringify({ ...record, createdAt: this.now() }));
  }

  forget(state: string | undefined): void {
    if (state) this.store.remove(PENDING_PREFIX + state);
  }

  /** Drops records older than a sign-in can take, and any that cannot be read. */
  sweep(): void {
    for (const key of this.store.keys()) {
      if (!key.startsWith(PENDING_PREFIX)) continue;
      const pending = parsePending(this.store.get(key));
      if (!pending || this.now() - pending.createdAt > PENDING_LIFETIME_MS) this.store.remove(key);
    }
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The redirect's parameters in a callback message, when it answers the sign-in with this `state`. */
export function callbackFor(state: string | undefined, data: unknown): CallbackMessage | undefined {
  if (!state || !isRecord(data) || data.state !== state) return undefined;
  return {
    state,
    code: text(data.code),
    iss: text(data.iss),
    error: text(data.error),
    error_description: text(data.error_description),
  };
}

/** Hears the callback page (same origin only: a BroadcastChannel); returns a stop function. */
export function listenForCallbacks(onMessage: (data: unknown) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CALLBACK_CHANNEL);
  channel.onmessage = (event: MessageEvent<unknown>) => onMessage(event.data);
  return () => channel.close();
}
