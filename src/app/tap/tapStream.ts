// A tap's live wire in the page: the tap's own server streams its header, the lines it kept, then
// each new one (server/tap/tapWatch.ts), as Server-Sent Events to the holder of its token. Kept
// here bounded (the last MAX_LINES) and read with useSyncExternalStore. The stream ending (the
// tap stopped, or this page fell too far behind) is said, never retried into a loop.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { isWireLine, isWireNote, type WireEntry } from '../../mcp/recording/wireLog.ts';
import { isRecord, own } from '../../mcp/guards.ts';
import type { TapInfo } from '../../mcp/recording/cassette.ts';

export const MAX_LINES = 5000;

export interface TapState {
  status: 'connecting' | 'live' | 'ended' | 'refused';
  tap?: TapInfo;
  header?: unknown;
  entries: readonly WireEntry[];
  /** Lines let go to keep the last MAX_LINES. */
  dropped: number;
}

/** The stream of one tap, as a store. */
export class TapStream {
  #state: TapState = { status: 'connecting', entries: [], dropped: 0 };
  #listeners = new Set<() => void>();
  #source: EventSource | undefined;
  #pending: WireEntry[] = [];
  #frame = 0;

  constructor(readonly token: string) {}

  readonly subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly getSnapshot = () => this.#state;

  open() {
    const source = new EventSource(`/tap/events?token=${encodeURIComponent(this.token)}`);
    this.#source = source;
    source.addEventListener('header', (event) => {
      const header: unknown = JSON.parse((event as MessageEvent<string>).data);
      const tap = isRecord(header) ? own(header, 'tap') : undefined;
      this.#set({ ...this.#state, status: 'live', header, ...(isRecord(tap) ? { tap: tap as unknown as TapInfo } : {}) });
    });
    source.addEventListener('line', (event) => {
      const entry: unknown = JSON.parse((event as MessageEvent<string>).data);
      if (!isWireLine(entry) && !isWireNote(entry)) return;
      // Lines arriving together are shown together (one render per frame, not one per line).
      this.#pending.push(entry);
      this.#frame ||= requestAnimationFrame(() => this.#flush());
    });
    source.onerror = () => {
      source.close();
      this.#flush();
      this.#set({ ...this.#state, status: this.#state.status === 'connecting' ? 'refused' : 'ended' });
    };
  }

  close() {
    this.#source?.close();
    cancelAnimationFrame(this.#frame);
  }

  #flush() {
    this.#frame = 0;
    if (!this.#pending.length) return;
    const all = [...this.#state.entries, ...this.#pending];
    this.#pending = [];
    const over = Math.max(0, all.length - MAX_LINES);
    this.#set({ ...this.#state, entries: over ? all.slice(over) : all, dropped: this.#state.dropped + over });
  }

  #set(state: TapState) {
    this.#state = state;
    for (const listener of this.#listeners) listener();
  }
}

/** The tap named by the page's `?tap=` token, live. */
export function useTapStream(token: string): TapState {
  const [stream] = useState(() => new TapStream(token));
  useEffect(() => {
    stream.open();
    return () => stream.close();
  }, [stream]);
  return useSyncExternalStore(stream.subscribe, stream.getSnapshot);
}
