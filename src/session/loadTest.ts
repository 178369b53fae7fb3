// A load test: the same call (or a weighted mix of calls) sent again and again, by N workers at
// once, at most R a second, for a number of calls or a time — and every answer's latency kept in
// an HDR histogram (hdr-histogram-js, microseconds, 3 significant digits), per tool and in all.
// Every outcome is counted on its own channel, exactly: ok, the tool's own error result
// (`isError`), a JSON-RPC error, a transport failure, a timeout. Latency percentiles are over the
// calls that were answered (ok, tool error, protocol error): a timeout's "latency" is the limit.
// Framework-free: `toolscope load` drives it in Node, the page's "Load test" in the browser; the
// calls it sends come from the call session's gate (CallSession.gateLoad), never from here.
// The library's plain-JS histogram alone is imported (its package entry adds a WebAssembly build,
// log encoding and compression the runner never uses: 65 KB gzip in the page, ~6 KB this way).
import Int32Module from 'hdr-histogram-js/dist/Int32Histogram.js';
import { failureOf } from '../mcp/errors.ts';
import { isRecord } from '../mcp/guards.ts';

export type LoadOutcome = 'ok' | 'tool-error' | 'protocol-error' | 'transport-error' | 'timeout';
export const LOAD_OUTCOMES: readonly LoadOutcome[] = ['ok', 'tool-error', 'protocol-error', 'transport-error', 'timeout'];
export const OUTCOME_WORDS: Record<LoadOutcome, string> = {
  ok: 'ok',
  'tool-error': 'tool errors (isError)',
  'protocol-error': 'protocol errors (JSON-RPC error)',
  'transport-error': 'transport errors',
  timeout: 'timeouts',
};

/** The bounds of one run, whoever asks: a load test is a tool for a person, not a way to flood a server. */
export const LOAD_LIMITS = { requests: 100_000, durationSeconds: 600, concurrency: 256, rate: 10_000, warmup: 1_000 } as const;

export interface LoadCall {
  tool: string;
  args: Record<string, unknown>;
  /** Its share of the mix (a positive integer): 3 and 1 send three of the first for one of the second. */
  weight: number;
}

export interface LoadPlan {
  calls: readonly LoadCall[];
  /** How many counted calls; or `durationMs`: no call starts after it. One of the two. */
  requests?: number;
  durationMs?: number;
  concurrency: number;
  /** At most this many calls start a second (all workers together). */
  rate?: number;
  /** Calls made first and not counted (the server's caches, the connection's warm-up). */
  warmup: number;
}

/** Sends one call; resolves to what the tool answered (`isError`, and the result as sent), rejects with what went wrong. */
export type LoadSend = (call: LoadCall, signal: AbortSignal) => Promise<{ isError: boolean; raw: unknown }>;

export interface LoadFigures {
  tool: string;
  /** Calls counted (every outcome). */
  calls: number;
  outcomes: Record<LoadOutcome, number>;
  /** Latency over the answered calls, in ms (undefined when none was answered). */
  p50?: number;
  p90?: number;
  p95?: number;
  p99?: number;
  max?: number;
  mean?: number;
  /** Counted calls per second of the measured run. */
  rps: number;
}

/** One slice of the run's time (a second in the CLI, a quarter in the page): the calls that ended in it, their latency, how many were not ok. */
export interface LoadSlice {
  /** Its index: it starts at index × sliceMs after the counted calls began. */
  index: number;
  calls: number;
  bad: number;
  p50?: number;
  p95?: number;
  max?: number;
}

export interface LoadProgress {
  phase: 'warmup' | 'running' | 'done' | 'stopped';
  /** Counted calls ended so far, and their split. */
  done: number;
  outcomes: Record<LoadOutcome, number>;
  elapsedMs: number;
  slices: readonly LoadSlice[];
  sliceMs: number;
  /** Answered calls by latency: counts in bins whose upper edges are HISTOGRAM_EDGES_MS (the last open). */
  bins: readonly number[];
  /** What the run is asked to do: `requests` calls, or for `durationMs`. */
  target: { requests?: number; durationMs?: number };
  /** The first message of each channel that failed so far (a tool error's text too). */
  first: LoadSummary['firstFailure'];
}

/** The first text of a tool result (a tool error's reason), if it has one. */
function firstText(raw: unknown): string | undefined {
  const content = isRecord(raw) ? raw.content : undefined;
  const block: unknown = Array.isArray(content) ? content.find((item) => isRecord(item) && item.type === 'text') : undefined;
  return isRecord(block) && typeof block.text === 'string' ? block.text : undefined;
}

export interface LoadSummary {
  tools: LoadFigures[];
  all: LoadFigures;
  elapsedMs: number;
  warmup: { calls: number; failed: number };
  /** Stopped before the plan was done (Stop); calls still in flight then were cancelled and not counted. */
  stopped: boolean;
  cancelled: number;
  /** The first message of each channel that failed, as the failure said it (for the person to act on). */
  firstFailure: Partial<Record<Exclude<LoadOutcome, 'ok'>, string>>;
}

/** The histogram's bins in ms: powers of two from 0.5 ms to 32 s, then everything slower. */
export const HISTOGRAM_EDGES_MS: readonly number[] = Array.from({ length: 17 }, (_, index) => 0.5 * 2 ** index);

const US = 1000;
// CommonJS interop differs: Node's default import is module.exports ({ default: the class }), a bundler's the class.
const Int32Histogram = (Int32Module as unknown as { default?: typeof Int32Module }).default ?? Int32Module;
type Histogram = InstanceType<typeof Int32Module>;
/** 1 µs to an hour, 3 significant digits (a tenth of a percent). */
const histogram = (): Histogram => new Int32Histogram(1, 3_600 * 1_000_000, 3);
const zero = (): Record<LoadOutcome, number> => ({ ok: 0, 'tool-error': 0, 'protocol-error': 0, 'transport-error': 0, timeout: 0 });
const ms = (microseconds: number) => Math.round(microseconds) / US;

/** What a failed call was: the session's failure vocabulary (src/mcp/errors.ts) sorted into the bench's channels. */
export function outcomeOfError(error: unknown): Exclude<LoadOutcome, 'ok' | 'tool-error'> {
  const { kind } = failureOf(error);
  if (kind === 'protocol') return 'protocol-error';
  if (kind === 'timeout') return 'timeout';
  return 'transport-error';
}

/** Smooth weighted round robin (nginx's): the mix is exact over every run of sum(weights) calls, and interleaved. */
export function mixPicker(calls: readonly LoadCall[]): () => LoadCall {
  const current = calls.map(() => 0);
  const total = calls.reduce((sum, call) => sum + call.weight, 0);
  return () => {
    let best = 0;
    calls.forEach((call, index) => {
      current[index] = (current[index] ?? 0) + call.weight;
      if ((current[index] ?? 0) > (current[best] ?? 0)) best = index;
    });
    current[best] = (current[best] ?? 0) - total;
    return calls[best] as LoadCall;
  };
}

class Tally {
  readonly outcomes = zero();
  readonly latency = histogram();
  calls = 0;

  add(outcome: LoadOutcome, microseconds: number | undefined) {
    this.calls++;
    this.outcomes[outcome]++;
    if (microseconds !== undefined) this.latency.recordValue(Math.max(1, Math.round(microseconds)));
  }

  figures(tool: string, seconds: number): LoadFigures {
    const answered = this.latency.totalCount > 0;
    const at = (percentile: number) => (answered ? ms(this.latency.getValueAtPercentile(percentile)) : undefined);
    return {
      tool,
      calls: this.calls,
      outcomes: { ...this.outcomes },
      ...(answered
        ? { p50: at(50), p90: at(90), p95: at(95), p99: at(99), max: ms(this.latency.maxValue), mean: ms(this.latency.mean) }
        : {}),
      rps: seconds > 0 ? Math.round((this.calls / seconds) * 100) / 100 : 0,
    };
  }
}

export class LoadRun {
  readonly #plan: LoadPlan;
  readonly #send: LoadSend;
  readonly #now: () => number;
  readonly #abort = new AbortController();
  readonly #inFlight = new Set<AbortController>();
  readonly #pick: () => LoadCall;
  readonly #tallies = new Map<string, Tally>();
  readonly #all = new Tally();
  readonly #bins = HISTOGRAM_EDGES_MS.map(() => 0).concat(0);
  readonly #sliceMs: number;
  readonly #slices: LoadSlice[] = [];
  readonly #slice = { index: 0, calls: 0, bad: 0, latency: histogram() };
  readonly #firstFailure: LoadSummary['firstFailure'] = {};
  #phase: LoadProgress['phase'] = 'warmup';
  #claimed = 0;
  #start = 0;
  #end: number | undefined;
  #warmup = { calls: 0, failed: 0 };
  #cancelled = 0;

  constructor(plan: LoadPlan, send: LoadSend, options: { sliceMs?: number; now?: () => number } = {}) {
    const { sliceMs = 1000, now = () => performance.now() } = options;
    this.#sliceMs = sliceMs;
    this.#plan = plan;
    this.#send = send;
    this.#now = now;
    this.#pick = mixPicker(plan.calls);
    for (const call of plan.calls) if (!this.#tallies.has(call.tool)) this.#tallies.set(call.tool, new Tally());
  }

  /** Runs the warm-up, then the counted calls; resolves when the plan is done or Stop was pressed. */
  async run(): Promise<LoadSummary> {
    if (this.#plan.warmup > 0) await this.#phaseOf(this.#plan.warmup, undefined, false);
    this.#claimed = 0;
    this.#start = this.#now();
    if (!this.#abort.signal.aborted) this.#phase = 'running';
    const deadline = this.#plan.durationMs === undefined ? undefined : this.#start + this.#plan.durationMs;
    await this.#phaseOf(this.#plan.requests, deadline, true);
    this.#end = this.#now();
    this.#closeSlice(Number.POSITIVE_INFINITY);
    this.#phase = this.#abort.signal.aborted ? 'stopped' : 'done';
    return this.summary();
  }

  /** Stop: no call starts after this; the calls in flight are cancelled and not counted. */
  stop(): void {
    this.#abort.abort();
    for (const call of this.#inFlight) call.abort();
  }

  get stopped(): boolean {
    return this.#abort.signal.aborted;
  }

  async #phaseOf(requests: number | undefined, deadline: number | undefined, counted: boolean) {
    const started = this.#now();
    const workers = Array.from({ length: Math.max(1, this.#plan.concurrency) }, () => this.#worker(requests, deadline, started, counted));
    await Promise.all(workers);
  }

  async #worker(requests: number | undefined, deadline: number | undefined, started: number, counted: boolean) {
    const { signal } = this.#abort;
    const { rate } = this.#plan;
    while (!signal.aborted) {
      if (requests !== undefined && this.#claimed >= requests) return;
      if (deadline !== undefined && this.#now() >= deadline) return;
      const index = this.#claimed++;
      if (rate) {
        const wait = started + (index * 1000) / rate - this.#now();
        if (wait > 0) await sleep(wait, signal);
        if (signal.aborted || (deadline !== undefined && this.#now() >= deadline)) return;
      }
      const call = this.#pick();
      // Each call its own signal (Stop aborts those in flight): thousands of calls on the run's one
      // signal would pile up its abort listeners.
      const own = new AbortController();
      this.#inFlight.add(own);
      const sent = this.#now();
      let outcome: LoadOutcome;
      let message: string | undefined;
      try {
        const answer = await this.#send(call, own.signal);
        outcome = answer.isError ? 'tool-error' : 'ok';
        // A tool error says why in its text ("Rate limit reached…"): the first of them is kept too.
        if (answer.isError) message = firstText(answer.raw);
      } catch (error) {
        if (signal.aborted) {
          if (counted) this.#cancelled++;
          return;
        }
        outcome = outcomeOfError(error);
        message = failureOf(error).message;
      } finally {
        this.#inFlight.delete(own);
      }
      const took = (this.#now() - sent) * US;
      if (counted) this.#record(call.tool, outcome, took, message);
      else {
        this.#warmup.calls++;
        if (outcome !== 'ok') this.#warmup.failed++;
      }
    }
  }

  #record(tool: string, outcome: LoadOutcome, microseconds: number, message: string | undefined) {
    const answered = outcome === 'ok' || outcome === 'tool-error' || outcome === 'protocol-error';
    const latency = answered ? microseconds : undefined;
    this.#tallies.get(tool)?.add(outcome, latency);
    this.#all.add(outcome, latency);
    if (outcome !== 'ok' && message !== undefined) this.#firstFailure[outcome] ??= message.slice(0, 300);
    this.#closeSlice(Math.floor((this.#now() - this.#start) / this.#sliceMs));
    const slice = this.#slice;
    slice.calls++;
    if (outcome !== 'ok') slice.bad++;
    if (latency !== undefined) {
      slice.latency.recordValue(Math.max(1, Math.round(latency)));
      const found = HISTOGRAM_EDGES_MS.findIndex((edge) => latency / US <= edge);
      const bin = found === -1 ? HISTOGRAM_EDGES_MS.length : found;
      this.#bins[bin] = (this.#bins[bin] ?? 0) + 1;
    }
  }

  /** Ends the slices before `index` (empty ones too, so the chart's time axis is true). */
  #closeSlice(index: number) {
    const slice = this.#slice;
    const last = Number.isFinite(index) ? index : slice.index + (slice.calls ? 1 : 0);
    while (slice.index < last) {
      const { latency } = slice;
      const answered = latency.totalCount > 0;
      this.#slices.push({
        index: slice.index,
        calls: slice.calls,
        bad: slice.bad,
        ...(answered
          ? { p50: ms(latency.getValueAtPercentile(50)), p95: ms(latency.getValueAtPercentile(95)), max: ms(latency.maxValue) }
          : {}),
      });
      latency.reset();
      slice.calls = 0;
      slice.bad = 0;
      slice.index++;
    }
  }

  /** Where the run is (the page polls it; the CLI prints it on stderr). */
  progress(): LoadProgress {
    return {
      phase: this.#phase,
      done: this.#all.calls,
      outcomes: { ...this.#all.outcomes },
      elapsedMs: this.#phase === 'warmup' ? 0 : (this.#end ?? this.#now()) - this.#start,
      slices: [...this.#slices],
      sliceMs: this.#sliceMs,
      bins: [...this.#bins],
      target: {
        ...(this.#plan.requests !== undefined ? { requests: this.#plan.requests } : {}),
        ...(this.#plan.durationMs !== undefined ? { durationMs: this.#plan.durationMs } : {}),
      },
      first: { ...this.#firstFailure },
    };
  }

  summary(): LoadSummary {
    const elapsedMs = (this.#end ?? this.#now()) - this.#start;
    const seconds = elapsedMs / 1000;
    return {
      tools: [...this.#tallies].map(([tool, tally]) => tally.figures(tool, seconds)),
      all: this.#all.figures('all', seconds),
      elapsedMs: Math.round(elapsedMs),
      warmup: { ...this.#warmup },
      stopped: this.#abort.signal.aborted,
      cancelled: this.#cancelled,
      firstFailure: { ...this.#firstFailure },
    };
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
