// Reads a byte stream as the newline-delimited lines of MCP's stdio transport, for the tap's
// recording only — what is forwarded is the chunk itself, untouched. Bounded: a line longer than
// `cap` bytes is counted, not kept (its first bytes stay, for its head), so a 100 MB answer costs
// the tap `cap` bytes of memory at most.
import { MAX_TEXT_CHARS } from '../../src/mcp/recording/wireLog.ts';

const NEWLINE = 0x0a;
/** What is kept of a line past the cap: its first characters (UTF-8: at most 4 bytes each). */
const HEAD_BYTES = MAX_TEXT_CHARS * 4;
const TAIL_BYTES = 256;

/** A line: its text (whole, or its head past the cap), its size, and past the cap its last characters. */
export type LineListener = (text: string, bytes: number, tail?: string) => void;

export class LineSplitter {
  readonly #cap: number;
  readonly #onLine: LineListener;
  #parts: Buffer[] = [];
  #kept = 0;
  #bytes = 0;
  /** Past the cap: the line's last TAIL_BYTES. */
  #tail: Buffer | undefined;

  constructor(cap: number, onLine: LineListener) {
    this.#cap = cap;
    this.#onLine = onLine;
  }

  push(chunk: Buffer): void {
    let start = 0;
    for (let index = chunk.indexOf(NEWLINE); index !== -1; index = chunk.indexOf(NEWLINE, start)) {
      this.#take(chunk.subarray(start, index));
      this.#emit();
      start = index + 1;
    }
    if (start < chunk.length) this.#take(chunk.subarray(start));
  }

  /** The stream ended: a last line without its newline is still a line. */
  end(): void {
    if (this.#bytes > 0) this.#emit();
  }

  #take(part: Buffer) {
    this.#bytes += part.length;
    if (this.#bytes > this.#cap) {
      const joined = this.#tail ? Buffer.concat([this.#tail, part]) : Buffer.from(part);
      this.#tail = joined.subarray(Math.max(0, joined.length - TAIL_BYTES));
    }
    // Past the cap only the head is kept (enough for MAX_TEXT_CHARS characters of it).
    const limit = this.#bytes > this.#cap ? HEAD_BYTES : this.#cap;
    if (this.#kept > limit) {
      this.#parts = [Buffer.concat(this.#parts).subarray(0, limit)];
      this.#kept = limit;
    }
    const room = limit - this.#kept;
    if (room <= 0) return;
    const kept = part.length > room ? part.subarray(0, room) : part;
    this.#parts.push(kept);
    this.#kept += kept.length;
  }

  #emit() {
    const text = Buffer.concat(this.#parts).toString('utf8').replace(/\r$/, '');
    const bytes = this.#bytes;
    const tail = this.#tail?.toString('utf8');
    this.#tail = undefined;
    this.#parts = [];
    this.#kept = 0;
    this.#bytes = 0;
    if (bytes === 0 || text.trim() === '') return;
    this.#onLine(text, bytes, tail);
  }
}
