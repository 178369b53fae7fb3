// The stdio server's status and its last 5,000 console lines, fed by the bridge's event stream
// and read by React through useSyncExternalStore. A flood of stderr is published at most every
// 100 ms, so it cannot make the page render per line.
import { describeState, type ConsoleLine, type StdioStatus } from '../../mcp/wire/stdio.ts';

export const MAX_LINES = 5000;

export interface ConsoleSnapshot {
  status?: StdioStatus;
  lines: readonly ConsoleLine[];
  /** False while the event stream is down (Toolscope's server restarting or gone). */
  live: boolean;
}

export class ConsoleStore {
  #snapshot: ConsoleSnapshot = { lines: [], live: false };
  #lines: ConsoleLine[] = [];
  #status: StdioStatus | undefined;
  #live = false;
  #listeners = new Set<() => void>();
  #timer: ReturnType<typeof setTimeout> | undefined;

  readonly subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly getSnapshot = () => this.#snapshot;

  /** The last line seen (the stream resumes after it). */
  get lastSeq(): number {
    return this.#lines.at(-1)?.seq ?? 0;
  }

  addLine(line: ConsoleLine) {
    if (line.seq <= this.lastSeq) return;
    this.#lines.push(line);
    if (this.#lines.length > MAX_LINES * 1.25) this.#lines.splice(0, this.#lines.length - MAX_LINES);
    this.#schedule();
  }

  /** A status older than the one shown is ignored (a restart's answer can arrive after the stream's newer news). */
  setStatus(status: StdioStatus) {
    if (this.#status && isOlder(status, this.#status)) return;
    this.#status = status;
    this.#publish();
  }

  setLive(live: boolean) {
    if (live === this.#live) return;
    this.#live = live;
    this.#publish();
  }

  #schedule() {
    this.#timer ??= setTimeout(() => this.#publish(), 100);
  }

  #publish() {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#snapshot = { status: this.#status, lines: this.#lines.slice(-MAX_LINES), live: this.#live };
    for (const listener of this.#listeners) listener();
  }
}

const STAGE = { starting: 0, running: 1, exited: 2, failed: 2 } as const;

function isOlder(status: StdioStatus, than: StdioStatus): boolean {
  if (status.generation !== than.generation) return status.generation < than.generation;
  return STAGE[status.state.status] < STAGE[than.state.status];
}

/** What the connection status says about the child: "stdio: node build/index.js (pid 1234)", or how it ended and its last words. */
export function stdioStatusText(snapshot: ConsoleSnapshot, command: string): string {
  const { status } = snapshot;
  if (!status) return `stdio: ${command}`;
  const state = status.state;
  if (state.status === 'running' || state.status === 'starting') return `stdio: ${status.command} (${describeState(state)})`;
  const last = [...snapshot.lines].reverse().find((line) => line.source === 'stderr' && line.text.trim());
  return `stdio: ${status.command} — ${describeState(state)}${last ? ` · last stderr: ${last.text.slice(0, 200)}` : ''}`;
}

/** The child's last non-empty stderr line (its last words, when it died), cut at 200 characters. */
export function lastStderrLine(lines: readonly ConsoleLine[]): string | undefined {
  return lines.findLast((line) => line.source === 'stderr' && line.text.trim())?.text.slice(0, 200);
}
