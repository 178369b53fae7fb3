// History of one connection without React: every finished call is recorded once; entries replay,
// open for editing, compare and copy (link, curl, JSON-RPC, TypeScript). What is recorded,
// compared and copied is decided in ../policy.ts; where it is kept, in src/storage/callStore.ts
// (handed in, so Node tests run it on fake-indexeddb). React reads it with useSyncExternalStore.
import type { ToolFuzz } from '../../../fuzz/fuzzer.ts';
import type { AnsweredQuestion } from '../../../mcp/elicitation.ts';
import { diffResults, type ResultDiff } from '../../../compare/diff.ts';
import { copyHeaderValues } from '../../../web/copyPrefs.ts';
import { errorMessage } from '../../../lib/errorMessage.ts';
import { serverKey, serverStorageKey } from '../../../lib/serverKey.ts';
import { readStored, removeStored, writeStored } from '../../../web/storage.ts';
import { isRecord } from '../../../mcp/guards.ts';
import type { ResultSource } from '../../../mcp/handles.ts';
import { paramHeadersFor } from '../../../mcp/wire/paramHeaders.ts';
import { withoutKnownSecrets, withoutSecrets } from '../../../mcp/secrets.ts';
import type { McpTool } from '../../../mcp/tools.ts';
import type { PromptGetEnded, ResourceReadEnded } from '../../../mcp/serverOffers.ts';
import type { LoadPlan, LoadSummary } from '../../../session/loadTest.ts';
import * as callStore from '../../../storage/callStore.ts';
import type { HistoryEntry, NewEntry } from '../../../storage/callStore.ts';
import {
  compareBase,
  copyOf,
  entryOf,
  loadEntryOf,
  fuzzEntryOf,
  promptEntryOf,
  readEntryOf,
  type Copied,
  type CopyKind,
  type FinishedRun,
  type WireFacts,
} from '../policy.ts';

/** How many earlier calls are read for handles to offer. */
export const HISTORY_HANDLE_CALLS = 20;

export interface ComparisonView {
  title: string;
  diff: ResultDiff;
}

/** A call of this session: running, or finished (then recorded once). */
export interface SessionRun {
  id: number;
  tool: string;
  origin?: 'app' | 'agent';
  state: FinishedRun['state'] | { status: 'running' };
  answers?: readonly AnsweredQuestion[];
}

/** What History needs of the connection: where calls go and what is secret there. */
export type HistoryConnection = WireFacts & { readonly secretValues: readonly string[] };

/** Where entries and results are kept (src/storage/callStore.ts in the page). */
export type HistoryStore = Pick<typeof callStore, 'addEntry' | 'listEntries' | 'readResult' | 'deleteEntry' | 'clearServer' | 'MAX_CALLS'>;

export interface CallHistoryOptions {
  connection: HistoryConnection;
  /** The tools as listed now (a copy adds the tool's parameter headers). */
  tools: () => readonly McpTool[];
  /** The page's address, for "Copy link". */
  pageHref: () => string;
  store?: HistoryStore;
  /** Waits before a write (the page: after the result is painted). */
  beforeWrite?: () => Promise<void>;
  now?: () => number;
}

export interface HistorySnapshot {
  entries: readonly HistoryEntry[];
  /** Entries have been read (until then, "no calls yet" would be a guess). */
  loaded: boolean;
  note?: string;
  /** Why entries cannot be read (IndexedDB unavailable): the panel says so. */
  error?: unknown;
  keepResults: boolean;
  comparison?: ComparisonView;
  /** Structured results of calls made before this page opened, for the forms' handles. */
  historySources: readonly ResultSource[];
}

export class CallHistory {
  readonly #connection: HistoryConnection;
  readonly #options: CallHistoryOptions;
  readonly #store: HistoryStore;
  readonly #server: string;
  readonly #noResultsKey: string;
  readonly #recorded = new Set<number>();
  readonly #listeners = new Set<() => void>();
  /** Calls recorded before this page opened are the earlier ones "Compare with previous" may reach. */
  readonly openedAt: number;
  #snapshot: HistorySnapshot;
  #historyNote?: string;
  #compareNote?: string;
  #loading?: Promise<void>;

  constructor(options: CallHistoryOptions) {
    this.#options = options;
    this.#connection = options.connection;
    this.#store = options.store ?? callStore;
    this.#server = serverKey(options.connection.url);
    this.#noResultsKey = serverStorageKey('no-results', options.connection.url);
    this.openedAt = (options.now ?? Date.now)();
    this.#snapshot = {
      entries: [],
      loaded: false,
      keepResults: readStored(this.#noResultsKey, (value) => value === true) !== true,
      historySources: [],
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): HistorySnapshot => this.#snapshot;

  #set(change: Partial<HistorySnapshot>): void {
    const note = this.#compareNote ?? this.#historyNote;
    this.#snapshot = { ...this.#snapshot, ...change, note };
    for (const listener of this.#listeners) listener();
  }

  /** Reads this server's entries (newest first), then the handles of its earlier calls. */
  load(): Promise<void> {
    this.#loading ??= this.#refresh().then(() => this.#loadSources());
    return this.#loading;
  }

  async #refresh(): Promise<void> {
    try {
      this.#set({ entries: await this.#store.listEntries(this.#server), loaded: true, error: undefined });
    } catch (error) {
      this.#set({ loaded: true, error });
    }
  }

  // Handles (basket_id…) returned by calls made before this page opened: the newest
  // HISTORY_HANDLE_CALLS successful calls with structured content, read once.
  async #loadSources(): Promise<void> {
    const earlier = this.#snapshot.entries
      .filter((entry) => entry.at < this.openedAt && entry.outcome === 'ok' && entry.kind === undefined)
      .slice(0, HISTORY_HANDLE_CALLS);
    if (!earlier.length) return;
    const sources = await Promise.all(
      earlier.map(async (entry): Promise<ResultSource[]> => {
        const stored = await this.#store.readResult(entry.id).catch(() => undefined);
        const structuredContent = isRecord(stored?.result) ? stored.result.structuredContent : undefined;
        return structuredContent === undefined ? [] : [{ tool: entry.tool, runId: 0, at: entry.at, structuredContent }];
      }),
    );
    this.#set({ historySources: sources.flat() });
  }

  /** Records every finished run not recorded yet (each once, however often it is shown). */
  observe(runs: readonly SessionRun[]): Promise<void>[] {
    const writes: Promise<void>[] = [];
    for (const run of runs) {
      const { state } = run;
      if (state.status === 'running' || this.#recorded.has(run.id)) continue;
      this.#recorded.add(run.id);
      const entry = {
        ...entryOf({ tool: run.tool, state }, this.#connection),
        ...(run.origin ? { origin: run.origin } : {}),
        ...(run.answers?.length ? { answers: [...run.answers] } : {}),
      };
      writes.push(this.#record(entry, state.status === 'done' ? state.result.raw : undefined));
    }
    return writes;
  }

  /** Records a prompt's get (the prompt view reports each one), with its raw result when it came. */
  recordPrompt = (got: PromptGetEnded, result?: unknown): Promise<void> => this.#record(promptEntryOf(got, this.#connection), result);

  /** Records a resource's read (the resource views report each one), with the contents when they came. */
  recordRead = (read: ResourceReadEnded, contents?: unknown): Promise<void> => this.#record(readEntryOf(read, this.#connection), contents);

  /** Records a load test that got past the gate (its summary is the entry's stored result). */
  recordLoad = (summary: LoadSummary, plan: LoadPlan): Promise<void> => this.#record(loadEntryOf(summary, plan, this.#connection), summary);

  /** Records a fuzz run of one tool that got past the gate (the run, with its findings, is the stored result). */
  recordFuzz = (run: ToolFuzz, durationMs: number): Promise<void> => this.#record(fuzzEntryOf(run, durationMs, this.#connection), run);

  async #record(entry: Omit<NewEntry, 'server'>, result: unknown): Promise<void> {
    try {
      await (this.#options.beforeWrite ?? (() => Promise.resolve()))();
      const { stored, dropped } = await this.#store.addEntry({ ...entry, server: this.#server }, result, {
        // Read at each call: the token can change while connected (a new sign-in).
        known: this.#connection.secretValues,
        results: this.#snapshot.keepResults,
      });
      if (!dropped && this.#snapshot.loaded) {
        // Newest first: put it on top, without reading every entry back from the database.
        this.#set({ entries: [stored, ...this.#snapshot.entries] });
        return;
      }
      // Not read yet (a call that ended as the page opened): read them all, this one included.
      if (dropped) {
        const calls = dropped === 1 ? 'oldest call was' : `${dropped} oldest calls were`;
        this.#historyNote = `History keeps ${this.#store.MAX_CALLS} calls and 200 MB per server: the ${calls} dropped.`;
      }
    } catch (error) {
      this.#historyNote = `This call was not kept in History: ${errorMessage(error)}`;
    }
    await this.#refresh();
  }

  async remove(id: number): Promise<void> {
    await this.#store.deleteEntry(id);
    await this.#refresh();
  }

  async clear(): Promise<void> {
    await this.#store.clearServer(this.#server);
    this.#historyNote = undefined;
    await this.#refresh();
  }

  setKeepResults = (keep: boolean): void => {
    if (keep) removeStored(this.#noResultsKey);
    else writeStored(this.#noResultsKey, true);
    this.#set({ keepResults: keep });
  };

  /** Compares an entry with `base`, else with the previous call of its tool (see compareBase). */
  async compare(entry: HistoryEntry, base?: HistoryEntry): Promise<void> {
    const before = compareBase(this.#snapshot.entries, entry, base);
    if (!before) {
      this.#compareNote = `No earlier call of ${entry.tool} to compare with: call it again, or pick two calls.`;
      this.#set({});
      return;
    }
    this.#compareNote = undefined;
    const [a, b] = await Promise.all([this.#comparable(before), this.#comparable(entry)]);
    const at = (value: HistoryEntry) => new Date(value.at).toLocaleTimeString('en-GB');
    this.#set({ comparison: { title: `${before.tool} at ${at(before)} → ${entry.tool} at ${at(entry)}`, diff: diffResults(a, b) } });
  }

  showComparison = (title: string, diff: ResultDiff): void => this.#set({ comparison: { title, diff } });
  closeComparison = (): void => this.#set({ comparison: undefined });

  /** The stored result for comparing: the raw result, or — cut over 5 MB — its text as one block. */
  async #comparable(entry: HistoryEntry): Promise<unknown> {
    const stored = await this.#store.readResult(entry.id);
    if (stored?.text !== undefined) return { content: [{ type: 'text', text: stored.text }] };
    return stored?.result ?? { content: [] };
  }

  /** How "Compare with previous" compares a finished run: with the previous finished run of its tool
   * in this session, else with its newest call in History before this session; undefined: none. */
  previousOf(run: SessionRun, runs: readonly SessionRun[]): (() => Promise<ComparisonView>) | undefined {
    if (run.state.status !== 'done') return undefined;
    const after = run.state.result.raw;
    const earlier = runs.find(
      (candidate): candidate is SessionRun & { state: { status: 'done' } } =>
        candidate.tool === run.tool && candidate.id < run.id && candidate.state.status === 'done',
    );
    if (earlier) {
      const before = earlier.state.result.raw;
      return () => Promise.resolve({ title: `${run.tool}: run ${earlier.id} → run ${run.id}`, diff: diffResults(before, after) });
    }
    const stored = this.#snapshot.entries.find(
      (entry) => entry.tool === run.tool && entry.kind === undefined && entry.at < this.openedAt && entry.outcome !== 'failed',
    );
    if (!stored) return undefined;
    return async () => ({
      title: `${run.tool}: ${new Date(stored.at).toLocaleString('en-GB')} (History) → run ${run.id}`,
      diff: diffResults(await this.#comparable(stored), after),
    });
  }

  /** "Copy…" of an entry: never with the connection's own secrets, even pasted into an argument. */
  copy = (entry: Pick<HistoryEntry, 'server' | 'tool' | 'args' | 'droppedArgs' | 'kind'>, kind: CopyKind): Copied => {
    const connection = this.#connection;
    const tool = entry.kind ? undefined : this.#options.tools().find((candidate) => candidate.name === entry.tool);
    const args = withoutKnownSecrets(entry.args, connection.secretValues) as Record<string, unknown>;
    const paramHeaders = connection.era === 'modern' && tool?.paramHeaders ? paramHeadersFor(tool.paramHeaders, args) : undefined;
    const wire: WireFacts = {
      url: connection.url,
      era: connection.era,
      protocolVersion: connection.protocolVersion,
      hasBearerToken: connection.hasBearerToken,
      customHeaders: connection.customHeaders,
      secretHeaders: connection.secretHeaders,
      copyHeaderValues: copyHeaderValues.getSnapshot(),
    };
    return copyOf({ ...entry, args }, kind, wire, this.#options.pageHref(), paramHeaders);
  };

  /** "Copy…" of a call of this session, with the secrets History would leave out left out. */
  copyCall = (tool: string, args: Record<string, unknown>, kind: CopyKind): Copied => {
    const safe = withoutSecrets(args);
    return this.copy({ server: this.#server, tool, args: safe.value as Record<string, unknown>, droppedArgs: safe.dropped }, kind);
  };
}
