// One stdio MCP server as a child process: started from the terminal's argv (never a shell,
// never anything a browser sent), its stdout read as newline-delimited JSON-RPC with a cap per
// message, its stderr kept as the last lines for the "Server console", restartable and stoppable.
// A child that floods stdout is paused (its pipe fills, it blocks) while a reader is behind.
import { resolve } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { shellQuote } from '../../src/lib/mcpServersFile.ts';
import { errorMessage } from '../../src/lib/errorMessage.ts';
import { deeperThan, tooDeep } from '../../src/lib/jsonDepth.ts';
import { formatBytes } from '../../src/mcp/results.ts';
import { localSpawnPlan } from './spawnPlan.ts';

export interface StdioCommand {
  command: string;
  args: readonly string[];
  /** The whole environment of the child (see env.ts: user's values over a minimal inherited set). */
  env: Readonly<Record<string, string>>;
  cwd?: string;
}

export interface ConsoleLine {
  /** Increasing number of the line since launch (the page resumes after the last it saw). */
  seq: number;
  /** Milliseconds since the epoch. */
  time: number;
  /** `stderr`: the child's own words; `toolscope`: what Toolscope says about the child. */
  source: 'stderr' | 'toolscope';
  text: string;
}

export type ChildState =
  | { status: 'starting' | 'running'; pid: number | undefined; startedAt: number }
  | { status: 'exited'; code: number | null; signal: string | null; startedAt: number; exitedAt: number }
  | { status: 'failed'; error: string };

export interface ChildOptions {
  /** Largest JSON-RPC message accepted on stdout; a longer line is dropped (and said). */
  maxMessageBytes?: number;
  /** stderr lines kept for the console. */
  maxConsoleLines?: number;
  /** A longer stderr line is cut. */
  maxLineChars?: number;
}

type Listener<T> = (value: T) => void;

const NEWLINE = 0x0a;

export function describeExit(state: ChildState): string {
  switch (state.status) {
    case 'starting':
    case 'running':
      return `running${state.pid ? ` (pid ${state.pid})` : ''}`;
    case 'exited':
      return state.signal ? `killed by ${state.signal}` : `exit ${state.code ?? '?'}`;
    case 'failed':
      return `could not start: ${state.error}`;
  }
}

/** Shows argv as a person would type it (single quotes where a shell would need them). */
export function commandLine(command: string, args: readonly string[]): string {
  return [command, ...args].map(shellQuote).join(' ');
}

export class StdioChild {
  readonly #spec: StdioCommand;
  readonly #maxMessageBytes: number;
  readonly #maxConsoleLines: number;
  readonly #maxLineChars: number;
  #process: ChildProcess | undefined;
  #state: ChildState = { status: 'exited', code: null, signal: null, startedAt: 0, exitedAt: 0 };
  /** Which start this is (1 = the first): messages of an older process are ignored. */
  #generation = 0;
  #stdoutParts: Buffer[] = [];
  #stdoutBytes = 0;
  #discarding = false;
  #stderrPartial = '';
  #lines: ConsoleLine[] = [];
  #seq = 0;
  #pausedBy = new Set<object>();
  #messageListeners = new Set<Listener<unknown>>();
  #lineListeners = new Set<Listener<ConsoleLine>>();
  #stateListeners = new Set<Listener<ChildState>>();

  constructor(spec: StdioCommand, options: ChildOptions = {}) {
    this.#spec = spec;
    this.#maxMessageBytes = options.maxMessageBytes ?? 64 * 1024 * 1024;
    this.#maxConsoleLines = options.maxConsoleLines ?? 5000;
    this.#maxLineChars = options.maxLineChars ?? 8192;
  }

  get command(): string {
    return commandLine(this.#spec.command, this.#spec.args);
  }

  /** Where the child runs (the terminal's folder unless the config named one). */
  get cwd(): string {
    return resolve(this.#spec.cwd ?? process.cwd());
  }

  /** The names in the child's environment, sorted — never their values. */
  get envKeys(): string[] {
    return Object.keys(this.#spec.env).sort();
  }

  get state(): ChildState {
    return this.#state;
  }

  get generation(): number {
    return this.#generation;
  }

  get running(): boolean {
    return this.#state.status === 'starting' || this.#state.status === 'running';
  }

  /** The console so far (at most maxConsoleLines), oldest first. */
  lines(after = 0): ConsoleLine[] {
    const kept = this.#lines.slice(-this.#maxConsoleLines);
    return after ? kept.filter((line) => line.seq > after) : kept;
  }

  onMessage(listener: Listener<unknown>): () => void {
    this.#messageListeners.add(listener);
    return () => this.#messageListeners.delete(listener);
  }

  onLine(listener: Listener<ConsoleLine>): () => void {
    this.#lineListeners.add(listener);
    return () => this.#lineListeners.delete(listener);
  }

  onState(listener: Listener<ChildState>): () => void {
    this.#stateListeners.add(listener);
    return () => this.#stateListeners.delete(listener);
  }

  /** A line from Toolscope itself in the console (restarts, dropped messages…). */
  note(text: string) {
    this.#push('toolscope', text);
  }

  start(): void {
    if (this.running) return;
    const generation = ++this.#generation;
    this.#stdoutParts = [];
    this.#stdoutBytes = 0;
    this.#discarding = false;
    this.#stderrPartial = '';
    this.#pausedBy.clear();
    const startedAt = Date.now();
    let child: ChildProcess;
    try {
      // argv as given, no shell: nothing is interpreted, whatever the words contain (./spawnPlan.ts).
      const plan = localSpawnPlan(this.#spec.command, this.#spec.args, this.#spec.env);
      child = spawn(plan.command, plan.args, {
        cwd: this.#spec.cwd,
        env: { ...this.#spec.env },
        shell: false,
        ...(plan.windowsVerbatimArguments ? { windowsVerbatimArguments: true } : {}),
        stdio: ['pipe', 'pipe', 'pipe'],
        windowsHide: true,
      });
    } catch (error) {
      this.#fail(error);
      return;
    }
    this.#process = child;
    this.#setState({ status: 'starting', pid: child.pid, startedAt });
    child.once('spawn', () => {
      if (generation === this.#generation) this.#setState({ status: 'running', pid: child.pid, startedAt });
    });
    child.once('error', (error) => {
      // ENOENT and the like: the command could not be run at all.
      if (generation === this.#generation && this.#state.status !== 'exited') this.#fail(error);
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      if (generation === this.#generation) this.#readStdout(chunk);
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      if (generation === this.#generation) this.#readStderr(chunk);
    });
    child.stdin?.on('error', () => undefined);
    child.once('close', (code, signal) => {
      if (generation !== this.#generation) return;
      if (this.#stderrPartial) this.#push('stderr', this.#stderrPartial);
      this.#stderrPartial = '';
      this.#process = undefined;
      if (this.#state.status === 'failed') return;
      const state: ChildState = { status: 'exited', code, signal, startedAt, exitedAt: Date.now() };
      this.note(`The server ${signal ? `was killed by ${signal}` : `exited with code ${code ?? '?'}`}.`);
      this.#setState(state);
    });
  }

  /** Writes one JSON-RPC message to the child's stdin; false when there is no child to take it. */
  send(message: unknown): boolean {
    const stdin = this.#process?.stdin;
    if (!this.running || !stdin || stdin.destroyed) return false;
    stdin.write(`${JSON.stringify(message)}\n`);
    return true;
  }

  /** Ends the child at once (SIGKILL), for a process that is exiting and cannot wait. */
  kill(): void {
    const child = this.#process;
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }

  /** Stops the child: SIGTERM, then SIGKILL after `graceMs`. Resolves once it has gone. */
  async stop(graceMs = 3000): Promise<void> {
    const child = this.#process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('close', () => resolve()));
    child.stdin?.end();
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await gone;
    clearTimeout(timer);
  }

  async restart(): Promise<void> {
    await this.stop();
    this.start();
  }

  /** A reader that cannot keep up holds the child's stdout (backpressure) until it calls resume. */
  pause(reader: object) {
    this.#pausedBy.add(reader);
    this.#process?.stdout?.pause();
  }

  resume(reader: object) {
    this.#pausedBy.delete(reader);
    if (this.#pausedBy.size === 0) this.#process?.stdout?.resume();
  }

  #fail(error: unknown) {
    const message = errorMessage(error);
    this.note(`Could not start ${this.command}: ${message}`);
    this.#process = undefined;
    this.#setState({ status: 'failed', error: message });
  }

  #setState(state: ChildState) {
    this.#state = state;
    for (const listener of this.#stateListeners) listener(state);
  }

  #readStdout(chunk: Buffer) {
    let start = 0;
    for (let index = chunk.indexOf(NEWLINE); index !== -1; index = chunk.indexOf(NEWLINE, start)) {
      this.#take(chunk.subarray(start, index));
      this.#endLine();
      start = index + 1;
    }
    if (start < chunk.length) this.#take(chunk.subarray(start));
  }

  #take(part: Buffer) {
    if (this.#discarding || part.length === 0) return;
    if (this.#stdoutBytes + part.length > this.#maxMessageBytes) {
      this.#discarding = true;
      this.#stdoutParts = [];
      this.#stdoutBytes = 0;
      this.note(`Dropped a message over ${this.#maxMessageBytes} bytes from the server's stdout.`);
      return;
    }
    this.#stdoutParts.push(part);
    this.#stdoutBytes += part.length;
  }

  #endLine() {
    const text = Buffer.concat(this.#stdoutParts).toString('utf8').trim();
    const discarded = this.#discarding;
    this.#stdoutParts = [];
    this.#stdoutBytes = 0;
    this.#discarding = false;
    if (discarded || !text) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      // The most common stdio bug: logging to stdout, which corrupts the protocol stream.
      this.note(`stdout, not JSON-RPC (write logs to stderr): ${this.#cut(text)}`);
      return;
    }
    // Read, but too deep for anything after it (passing it on writes it again: the stack overflows).
    // An answer is answered with the refusal, so its request does not wait for a timeout.
    if (deeperThan(message)) {
      const why = tooDeep(formatBytes(Buffer.byteLength(text)));
      this.note(why);
      const id = typeof message === 'object' && message !== null && !('method' in message) ? (message as { id?: unknown }).id : undefined;
      if (typeof id !== 'string' && typeof id !== 'number') return;
      message = { jsonrpc: '2.0', id, error: { code: -32603, message: why } };
    }
    for (const listener of this.#messageListeners) listener(message);
  }

  #readStderr(chunk: string) {
    const parts = (this.#stderrPartial + chunk).split(/\r?\n/);
    this.#stderrPartial = parts.pop() ?? '';
    // A line that never ends must not grow without bound either.
    if (this.#stderrPartial.length > this.#maxLineChars) {
      this.#push('stderr', this.#stderrPartial);
      this.#stderrPartial = '';
    }
    for (const line of parts) this.#push('stderr', line);
  }

  #cut(text: string): string {
    return text.length > this.#maxLineChars ? `${text.slice(0, this.#maxLineChars)}… (${text.length} characters)` : text;
  }

  #push(source: ConsoleLine['source'], text: string) {
    const line: ConsoleLine = { seq: ++this.#seq, time: Date.now(), source, text: this.#cut(text) };
    this.#lines.push(line);
    // Trimmed in batches, so a flood of lines does not shift the whole array for each one.
    if (this.#lines.length > this.#maxConsoleLines * 1.25) this.#lines.splice(0, this.#lines.length - this.#maxConsoleLines);
    for (const listener of this.#lineListeners) listener(line);
  }
}
