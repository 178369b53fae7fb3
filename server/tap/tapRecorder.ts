// What a tap keeps: the cassette file, written line by line as the wire goes (a crash of either
// side loses at most the line being written), and the last lines in memory for a page that opens
// the tap late. Bounded: a message over MAX_MESSAGE_KEPT is kept as its size and head; the file
// stops growing at MAX_TAP_FILE_BYTES with a note saying so (the tap goes on forwarding); a page
// joining late gets the last LIVE_KEPT lines.
import { closeSync, openSync, writeSync } from 'node:fs';
import { TAP_CASSETTE_VERSION, type TapInfo } from '../../src/mcp/recording/cassette.ts';
import { wireLineOf, type WireEntry, type WireFrom, type WireLine } from '../../src/mcp/recording/wireLog.ts';
import { formatBytes } from '../../src/mcp/results.ts';
import { replaceKnown, searchableSecrets } from '../../src/lib/redactUrl.ts';

/** A message larger than this is passed on whole and kept as its size and first characters. */
export const MAX_MESSAGE_KEPT = 8 * 1024 * 1024;
/** The cassette stops growing here (a note says so); the tap forwards on. */
export const MAX_TAP_FILE_BYTES = 512 * 1024 * 1024;
/** Lines a page that opens the tap late is given first. */
export const LIVE_KEPT = 2000;

export type TapListener = (entry: WireEntry) => void;

export class TapRecorder {
  readonly header: { cassette: typeof TAP_CASSETTE_VERSION; tap: TapInfo };
  readonly #fd: number;
  readonly #fileCap: number;
  #written = 0;
  #full = false;
  #closed = false;
  #recent: WireEntry[] = [];
  /** Known secret values (the server's secret-named variables, the credentials a host sends), in every form they may be carried. */
  #secrets: string[] = [];
  #searchable: string[] = [];
  #listeners = new Set<TapListener>();

  constructor(out: string, tap: TapInfo, options: { fileCap?: number } = {}) {
    this.header = { cassette: TAP_CASSETTE_VERSION, tap };
    this.#fileCap = options.fileCap ?? MAX_TAP_FILE_BYTES;
    this.#fd = openSync(out, 'w', 0o600);
    this.#write(this.header);
  }

  /** Bytes of one side read as a line: kept (parsed, or as text when it is not JSON). */
  line(from: WireFrom, text: string, bytes: number, at = Date.now(), tail?: string, http?: WireLine['http']) {
    this.add({ ...wireLineOf(from, text, bytes, at, MAX_MESSAGE_KEPT, tail), ...(http ? { http } : {}) });
  }

  stderr(text: string) {
    this.add({ at: Date.now(), from: 'server', stderr: text.slice(0, 8192), bytes: Buffer.byteLength(text) });
  }

  note(note: string) {
    this.add({ at: Date.now(), note });
  }

  /** Values never to be kept as they are: each is replaced by the one redaction rule (src/lib/redactUrl.ts) in every line from now on. */
  knowSecrets(values: readonly string[]) {
    const fresh = values.filter((value) => !this.#secrets.includes(value));
    if (!fresh.length) return;
    this.#secrets.push(...fresh);
    this.#searchable = searchableSecrets(this.#secrets);
  }

  add(given: WireEntry) {
    // A line that comes after the file was closed (a comparison still being taken) is let go.
    if (this.#closed) return;
    const entry = this.#redacted(given);
    this.#write(entry);
    this.#recent.push(entry);
    if (this.#recent.length > LIVE_KEPT * 1.25) this.#recent.splice(0, this.#recent.length - LIVE_KEPT);
    for (const listener of this.#listeners) listener(entry);
  }

  /** The last lines (at most LIVE_KEPT), oldest first. */
  recent(): WireEntry[] {
    return this.#recent.slice(-LIVE_KEPT);
  }

  subscribe(listener: TapListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  close() {
    if (this.#closed) return;
    this.#closed = true;
    closeSync(this.#fd);
  }

  /** The entry with every known secret replaced (the bytes passed on are never touched: only what is kept). */
  #redacted(entry: WireEntry): WireEntry {
    if (!this.#searchable.length) return entry;
    const text = JSON.stringify(entry);
    const redacted = replaceKnown(text, this.#searchable);
    if (redacted === text) return entry;
    try {
      return JSON.parse(redacted) as WireEntry;
    } catch {
      // A secret that spanned the JSON's own syntax: the line is kept as its redacted text.
      return 'from' in entry
        ? { at: entry.at, from: entry.from, bytes: entry.bytes, text: redacted.slice(0, 8192) }
        : { at: entry.at, note: redacted };
    }
  }

  #write(value: unknown) {
    if (this.#full) return;
    const text = `${JSON.stringify(value)}\n`;
    const bytes = Buffer.byteLength(text);
    if (this.#written + bytes > this.#fileCap) {
      this.#full = true;
      const note = {
        at: Date.now(),
        note: `The cassette reached its cap of ${formatBytes(this.#fileCap)}: later lines were passed on, not kept.`,
      };
      writeSync(this.#fd, `${JSON.stringify(note)}\n`);
      return;
    }
    writeSync(this.#fd, text);
    this.#written += bytes;
  }
}
