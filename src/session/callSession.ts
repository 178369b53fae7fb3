// The call session of one connection: every call, whatever starts it, comes in here and is decided
// once (callDecision.ts) — the form, "Send anyway", History's Replay, the palette's "Run the last
// call", "Use in", "Run all" saved calls, an MCP App's own tools/call, a task resumed after a
// reload. It owns the runs (runs.ts), the one confirmation question, why a tool's last request
// was not sent, the saved calls' verdicts, which tools run as tasks, and the link's pending
// arguments. Framework-free: React reads it with useSyncExternalStore (subscribe / getSnapshot),
// as TanStack Query's adapters read their observers; Node tests drive it against real servers.
import { appCallRefusal } from '../mcp/apps/mcpApps.ts';
import type { McpConnection } from '../mcp/connection.ts';
import { describeFailure } from '../mcp/errors.ts';
import { refused } from '../lib/refusal.ts';
import type { PendingTask } from '../mcp/tasks/tasks.ts';
import type { McpTool } from '../mcp/tools.ts';
import { parseCallResult, type CallResult } from '../mcp/results.ts';
import { outputProblem, outputValidator } from '../report/callRules.ts';
import { outcomeOf, type Outcome } from './outcome.ts';
import { policyFor, type CallChecks, type CallLimits, type CallOrigin, type RequestOptions } from './callDecision.ts';
import { callGate, type CallGate } from '../mcp/callGate.ts';
import { CallEntrance, type CallEntranceSnapshot, type Decided, type PendingConfirm, type RequestTool } from './callEntrance.ts';
import type { AnsweredQuestion } from '../mcp/elicitation.ts';
import { CallRuns, type CallRun, type CallState, type CallTarget, type RunsConnection } from './runs.ts';
import { runSaved, type RunState, type SavedToRun } from './runSaved.ts';
import type { SafetySettings } from './safety.ts';
import type { LoadCall } from './loadTest.ts';
import { LINK_ARGUMENTS, gateFuzz, gateLoad, type RunGateDeps } from './runGates.ts';

export { LINK_ARGUMENTS };

/** What the session needs of a connection. */
export type SessionConnection = RunsConnection & Pick<McpConnection, 'era' | 'toolTasks'>;

/** Where the session keeps what outlives the page (IndexedDB in the browser), already bound to this server. */
export interface SessionMemory {
  keepTask: (task: Omit<PendingTask, 'key' | 'server'>) => Promise<unknown>;
  dropTask: (taskId: string) => Promise<unknown>;
  pendingTasks: () => Promise<readonly PendingTask[]>;
  /** An imported saved call was sent from here once: it is the person's now. */
  markSavedRun: (id: number) => Promise<unknown>;
}

export interface SessionDeps {
  connection: SessionConnection;
  /** The person's settings for this server, read at each decision. */
  safety: () => SafetySettings;
  loadChecks: () => Promise<CallChecks>;
  memory: SessionMemory;
  /** A saved call's verdicts changed what is stored (an imported call run once). */
  onSavedChange?: () => void;
}

/** How a tool runs as a task (2025 wire only; 2026: the server decides). */
export type TaskMode =
  { support: 'required' } | { support: 'optional'; on: boolean } | { support: 'not-offered'; declared: string } | undefined;

export interface SessionSnapshot extends CallEntranceSnapshot {
  runs: readonly CallRun[];
  /** "Run all" saved calls: each call's verdict, by saved call id. */
  verdicts: ReadonlyMap<number, RunState>;
  /** Tools whose "Run as task" is ticked. */
  optedIn: ReadonlySet<string>;
  /** The link's tool until its arguments were sent (or confirmed) once. */
  linkPending?: string;
}

export type AppCallOutcome = { result: unknown } | { refused: string };
/** What became of an agent's call: not sent (and why), or the run as it ended, in the page's words. */
export type AgentCallOutcome =
  | { sent: false; refused: string }
  | { sent: true; runId: number; state: Exclude<CallState, { status: 'idle' }>; outcome: Outcome | undefined };
export type RequestOutcome = Decided['action'] | 'declined';

export class CallSession {
  readonly #deps: SessionDeps;
  readonly #entrance: CallEntrance;
  readonly #runs: CallRuns;
  #snapshot: SessionSnapshot;
  readonly #listeners = new Set<() => void>();
  #tools: readonly McpTool[] = [];
  #byName: Map<string, McpTool> | undefined;
  #loading = true;
  /** A call by tool name asked before the list had that tool (Replay right after a reload). */
  #waiting: { name: string; args: Record<string, unknown>; origin: CallOrigin } | undefined;

  constructor(deps: SessionDeps) {
    this.#deps = deps;
    this.#entrance = new CallEntrance({
      send: (tool, args, limits) => void this.#runs.call(tool, args, limits),
      safety: deps.safety,
      loadChecks: deps.loadChecks,
    });
    this.#runs = new CallRuns(
      deps.connection,
      {
        taskFor: (target) => this.#taskFor(target),
        keep: (task) => void deps.memory.keepTask(task).catch(() => undefined),
        drop: (taskId) => void deps.memory.dropTask(taskId).catch(() => undefined),
      },
      () => this.#publish({ runs: this.#runs.runs }),
      (name, result) => this.#outputProblem(name, result),
    );
    this.#snapshot = {
      ...this.#entrance.getSnapshot(),
      runs: [],
      verdicts: new Map(),
      optedIn: new Set(),
    };
    this.#entrance.subscribe(() => this.#publish(this.#entrance.getSnapshot()));
  }

  readonly subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  readonly getSnapshot = (): SessionSnapshot => this.#snapshot;

  /**
   * The screen opened on a link's tool with the link's own arguments (the session was made before
   * the screen: it outlives it): that tool's first call from the form asks first.
   */
  linkOpened(tool: string): void {
    if (this.#snapshot.runs.length || this.#snapshot.linkPending === tool) return;
    this.#publish({ linkPending: tool });
  }

  /** The server's list as it loads: calls by name wait for it, and task support is read from it. */
  setTools(tools: readonly McpTool[], loading: boolean): void {
    if (tools !== this.#tools) this.#byName = undefined;
    this.#tools = tools;
    this.#loading = loading;
    this.#settleWaiting();
  }

  /** The server's tools as the session knows them (a suite exported from Saved calls reads their hints). */
  get tools(): readonly McpTool[] {
    return this.#tools;
  }

  #tool(name: string): McpTool | undefined {
    this.#byName ??= new Map(this.#tools.map((tool) => [tool.name, tool]));
    return this.#byName.get(name);
  }

  /** What is wrong with a tool's successful result against its outputSchema: the pill's "Invalid output" rule. */
  async #outputProblem(name: string, result: CallResult): Promise<string | undefined> {
    const tool = this.#tool(name);
    if (!tool || tool.outputSchema === undefined || result.isError) return undefined;
    const checks = await this.#deps.loadChecks();
    return outputProblem(tool.outputSchema, result, outputValidator(checks.validateAgainst));
  }

  /**
   * The same rule over an answer seen on the wire (Traffic's judge): any exchange says what the
   * pane says. Only a tool's final result is judged — not a task it started, not a question.
   */
  readonly judgeResult = async (name: string, raw: Record<string, unknown>): Promise<string | undefined> => {
    const final = Array.isArray(raw.content) && (raw.resultType === undefined || raw.resultType === 'complete') && !('task' in raw);
    return final ? this.#outputProblem(name, parseCallResult(raw)) : undefined;
  };

  /** The form's call (and "Send anyway"): a link's first call of its tool asks first, whatever the tool's hints. */
  async request(tool: McpTool, args: Record<string, unknown>, options: Omit<RequestOptions, 'foreign'>): Promise<RequestOutcome> {
    const fromLink = options.origin === 'form' && this.#snapshot.linkPending === tool.name;
    const outcome = await this.#entrance.request(tool, args, { ...options, ...(fromLink ? { foreign: LINK_ARGUMENTS } : {}) });
    if (fromLink && (outcome === 'call' || outcome === 'confirm')) this.#publish({ linkPending: undefined });
    return outcome;
  }

  /**
   * A call by tool name from outside the form (Replay, "Run the last call"): the same checks and
   * gate. Asked while the list is still loading, it waits for the tool to be listed; a tool the
   * finished list does not have is not called (the workspace says the server has no such tool).
   */
  requestByName(name: string, args: Record<string, unknown>, origin: Exclude<CallOrigin, 'form' | 'app' | 'run-all'>): void {
    this.#waiting = { name, args, origin };
    this.#settleWaiting();
  }

  #settleWaiting() {
    const asked = this.#waiting;
    if (!asked) return;
    const target = this.#tool(asked.name);
    if (!target && this.#loading) return;
    this.#waiting = undefined;
    if (target) void this.#entrance.request(target, asked.args, { origin: asked.origin });
  }

  /**
   * An MCP App's own tools/call: only a tool of this server an app may call (its visibility), then
   * the same checks and gate as any call (a destructive tool asks, naming the app), sent as a run of
   * the page. What was refused is said to the app in words it can show.
   */
  async requestFromApp(name: string, args: Record<string, unknown>): Promise<AppCallOutcome> {
    const target = this.#tool(name);
    const refusal = appCallRefusal(name, target);
    if (refusal || !target) return { refused: refusal ?? '' };
    const gated = await this.#gate(target, args, `Confirm call to ${name} (asked by an MCP App)`, 'app');
    if ('refused' in gated) return gated;
    const { state } = await this.#runs.call(target, gated.args, gated.limits, 'app');
    return state.status === 'done' ? { result: state.result.raw } : { refused: describeFailure(state.failure) };
  }

  /**
   * A coding agent's call (`toolscope mcp`'s call_tool): a tool of this server by name, the same
   * checks and gate as the page (its confirmation is the session's one question, answered by
   * whoever runs the session), sent as a run — so the result is checked against the tool's
   * outputSchema, a task is followed, and the outcome is the page's vocabulary.
   */
  async requestFromAgent(name: string, args: Record<string, unknown>, declined: string): Promise<AgentCallOutcome> {
    const target = this.#tool(name);
    if (!target) return { sent: false, refused: `The server lists no tool named ${JSON.stringify(name).slice(0, 140)}.` };
    const gated = await this.#gate(target, args, `Confirm call to ${name} (asked by an agent)`, 'agent', declined);
    if ('refused' in gated) return { sent: false, refused: gated.refused };
    const { id, state } = await this.#runs.call(target, gated.args, gated.limits, 'agent');
    return { sent: true, runId: id, state, outcome: outcomeOf(state) };
  }

  /**
   * A tool an app registered (the Apps draft's app-provided tools), called from Toolscope's form:
   * the same checks and gate as a server's tool — its arguments against its schema, read-only
   * mode, a confirmation unless it says it is read-only. The caller sends it to the app.
   */
  /**
   * The trust half of the gate alone — read-only mode and the confirmation policy, as every call
   * asks it — for a caller that sends no arguments of the person's: the report's active check.
   */
  trust(tool: Pick<McpTool, 'name' | 'annotations'>): CallGate['action'] {
    const safety = this.#deps.safety();
    return callGate(tool, policyFor({ origin: 'form' }, safety), safety.readOnlyMode).action;
  }

  gateAppTool(tool: RequestTool, args: Record<string, unknown>): Promise<{ args: Record<string, unknown> } | { refused: string }> {
    return this.#gate(tool, args, `Confirm call to ${tool.name} (a tool of the app)`, 'app');
  }

  async #gate(
    target: RequestTool,
    args: Record<string, unknown>,
    title: string,
    origin: 'app' | 'agent',
    declined = 'The person declined this call.',
  ): Promise<{ args: Record<string, unknown>; limits: CallLimits } | { refused: string }> {
    const decision = await this.#entrance.decide(target, args, { origin });
    switch (decision.action) {
      case 'invalid':
      case 'unparsed':
        return { refused: `Not sent — ${decision.message}` };
      case 'refuse':
        return { refused: refused(decision.reason) };
      case 'check-failed':
        return { refused: `Not sent — Toolscope could not load its argument checks (${decision.message}).` };
      case 'confirm': {
        const confirmed = await this.#entrance.ask({
          title,
          action: 'Call tool',
          items: [{ tool: target, args: decision.args, reason: decision.reason }],
        });
        return confirmed ? { args: decision.args, limits: decision.limits } : { refused: declined };
      }
      case 'call':
        return { args: decision.args, limits: decision.limits };
    }
  }

  /** Load test and fuzz runs: their calls gated once for the run (./runGates.ts), sent straight to the connection. */
  gateLoad(mix: readonly LoadCall[], title: string, declined?: string): ReturnType<typeof gateLoad> {
    return gateLoad(this.#gateDeps(), mix, title, declined);
  }

  gateFuzz(names: readonly string[], title: string, declined?: string): ReturnType<typeof gateFuzz> {
    return gateFuzz(this.#gateDeps(), names, title, declined);
  }

  #gateDeps(): RunGateDeps {
    return {
      tool: (name) => this.#tool(name),
      decide: (tool, args, options) => this.#entrance.decide(tool, args, options),
      ask: (question) => this.#entrance.ask(question),
      connection: this.#deps.connection,
      linkPending: this.#snapshot.linkPending,
      clearLink: () => this.#publish({ linkPending: undefined }),
    };
  }

  /**
   * "Run all" saved calls (or "Send anyway" for one held back: `unchecked`, still through the
   * gate): each a run of the page, each with a verdict. Resolves false when the person declined.
   */
  runSaved(calls: readonly SavedToRun[], unchecked = false): Promise<boolean> {
    return runSaved(
      calls,
      {
        tools: this.#tools,
        decide: (tool, args, options) => this.#entrance.decide(tool, args, options),
        ask: (question) => this.#entrance.ask(question),
        call: (tool, args, limits) => this.#sendRun(tool, args, limits),
        // A whole run starts afresh; one call (▶, or sent anyway) keeps the others' verdicts.
        onStart: () => {
          if (!unchecked && calls.length > 1) this.#publish({ verdicts: new Map() });
        },
        onState: (id, state) => {
          this.#publish({ verdicts: new Map(this.#snapshot.verdicts).set(id, state) });
          if ('runId' in state && state.runId !== undefined && calls.find((call) => call.id === id)?.imported)
            void this.#deps.memory.markSavedRun(id).then(() => this.#deps.onSavedChange?.());
        },
      },
      unchecked,
    );
  }

  async #sendRun(tool: McpTool | string, args: Record<string, unknown>, limits: CallLimits) {
    const { id, state } = await this.#runs.call(typeof tool === 'string' ? { name: tool } : tool, args, limits);
    const outcome = outcomeOf(state);
    return state.status === 'done'
      ? { result: state.result.raw, runId: id, outcome }
      : { failure: describeFailure(state.failure), runId: id, outcome };
  }

  /** Keeps a question the server asked during run `runId`, and the answer, with that run (and so in History). */
  noteAnswer(runId: number, answered: AnsweredQuestion): void {
    this.#runs.noteAnswer(runId, answered);
  }

  /** Stops a call; for a task, asks the server to cancel it. */
  cancel(runId: number): void {
    this.#runs.cancel(runId);
  }

  /** Once per connection: follows the tasks this server still has from before a reload (same wire, within their TTL). */
  async resume(): Promise<void> {
    const pending = await this.#deps.memory.pendingTasks().catch(() => []);
    this.#runs.resume(pending.filter((task) => task.era === this.#deps.connection.era));
  }

  /** How a tool runs as a task on this connection (2025 wire; undefined on 2026). */
  taskMode(tool: McpTool): TaskMode {
    const { connection } = this.#deps;
    if (connection.era !== 'legacy') return undefined;
    if ((tool.taskSupport === 'required' || tool.taskSupport === 'optional') && !connection.toolTasks)
      return { support: 'not-offered', declared: tool.taskSupport };
    if (tool.taskSupport === 'required') return { support: 'required' };
    if (tool.taskSupport !== 'optional') return undefined;
    return { support: 'optional', on: this.#snapshot.optedIn.has(tool.name) };
  }

  /** "Run as task" for a tool that may run as one. */
  setRunAsTask(name: string, on: boolean): void {
    const optedIn = new Set(this.#snapshot.optedIn);
    if (on) optedIn.add(name);
    else optedIn.delete(name);
    this.#publish({ optedIn });
  }

  #taskFor(target: CallTarget): { ttl?: number } | undefined {
    const { connection } = this.#deps;
    if (connection.era !== 'legacy' || !connection.toolTasks) return undefined;
    const support = this.#tool(target.name)?.taskSupport;
    return support === 'required' || (support === 'optional' && this.#snapshot.optedIn.has(target.name)) ? {} : undefined;
  }

  /** The confirmation dialog's answer. */
  answer(confirmed: boolean): void {
    this.#entrance.answer(confirmed);
  }

  /** Asks the person (the one dialog). */
  ask(question: PendingConfirm): Promise<boolean> {
    return this.#entrance.ask(question);
  }

  /** Forget why a tool's last request was not sent (the person changed course). */
  clear(tool: string): void {
    this.#entrance.clear(tool);
  }

  #publish(change: Partial<SessionSnapshot>) {
    this.#snapshot = { ...this.#snapshot, ...change };
    for (const listener of this.#listeners) listener();
  }
}
