// The runs of one connection: every call is its own run — several may run at once (different
// tools, or the same tool twice), each with its own progress, result and cancel; a call the server
// answers with a task is followed to its end (and kept, so a reload follows it again); a tool keeps
// its last KEEP_PER_TOOL runs. Framework-free: the session publishes each change.
import { TaskEndError, type McpConnection, type TaskPlace } from '../mcp/connection.ts';
import { failureOf, type McpFailure } from '../mcp/errors.ts';
import type { CallResult } from '../mcp/results.ts';
import { pollDelay, type PendingTask, type TaskState } from '../mcp/tasks/tasks.ts';
import type { AnsweredQuestion } from '../mcp/elicitation.ts';
import type { CallLimits } from './callDecision.ts';

export interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

/** A call the server answered with a task: what the run card shows of it. */
export interface TaskView {
  taskId: string;
  status: string;
  statusMessage?: string;
  /** The server's createdAt, else when the call was made (epoch ms). */
  createdAt: number;
  ttlMs?: number | null;
  /** The interval polled at (the server's suggestion within 250 ms – 30 s). */
  pollMs: number;
  /** tasks/cancel was sent (and acknowledged, or why not). */
  cancel?: 'requested' | { failed: string };
  /** What the server got wrong in its task messages. */
  findings: string[];
  /** How it ended. */
  end?: 'completed' | 'failed' | 'cancelled' | 'expired';
  /** Resumed after a reload. */
  resumed?: boolean;
}

export type CallState =
  | { status: 'idle' }
  | { status: 'running'; startedAt: number; progress?: Progress; args: Record<string, unknown>; task?: TaskView }
  | {
      status: 'done';
      result: CallResult;
      durationMs: number;
      args: Record<string, unknown>;
      task?: TaskView;
      /** How the result breaks the tool's outputSchema ("Invalid output"), checked as it arrives. */
      outputProblem?: string;
    }
  | { status: 'failed'; failure: McpFailure; durationMs: number; args: Record<string, unknown>; task?: TaskView };

/** Who sent a run other than the person's page. */
export type RunOrigin = 'app' | 'agent';

export interface CallRun {
  id: number;
  tool: string;
  /** 'app': an MCP App's own call (it stays in the app; the response pane keeps showing the app's run); 'agent': `toolscope mcp`'s. */
  origin?: RunOrigin;
  state: Exclude<CallState, { status: 'idle' }>;
  /** The server's questions during this call and the person's answers, in order. */
  answers?: readonly AnsweredQuestion[];
}

/**
 * The run a server's question belongs to: the run following the task that asks, else the one call
 * running. Several running and no task named: undefined (the question is not pinned on a guess).
 */
export function askingRun(taskId: string | undefined, runs: readonly CallRun[]): CallRun | undefined {
  if (taskId) return runs.find((run) => run.state.task?.taskId === taskId);
  const running = runs.filter((run) => run.state.status === 'running');
  return running.length === 1 ? running[0] : undefined;
}

/** What a call needs of a tool: its name and how its arguments reach the HTTP layer. */
export type CallTarget = Parameters<McpConnection['callTool']>[0] & { name: string };

/** Runs kept per tool; older finished runs are forgotten. */
export const KEEP_PER_TOOL = 20;

/** What the runs need of a connection. */
export type RunsConnection = Pick<McpConnection, 'callTool' | 'followTask' | 'cancelTask'>;

/** Where tasks are kept across reloads (IndexedDB, per server), and how calls ask for one. */
export interface TaskOptions {
  /** 2025 wire: `params.task` for this call (a required-task tool, or "Run as task" ticked); undefined: a plain call. */
  taskFor?: (target: CallTarget) => { ttl?: number } | undefined;
  keep?: (task: Omit<PendingTask, 'key' | 'server'>) => void;
  drop?: (taskId: string) => void;
}

/** How a tool's result breaks its outputSchema; undefined when it does not (or cannot be checked). */
export type CheckOutput = (tool: string, result: CallResult) => Promise<string | undefined>;

/** How a run ended. */
export type Settled = Exclude<CallState, { status: 'idle' | 'running' }>;

function taskView(task: TaskState, startedAtEpoch: number, previous?: TaskView): TaskView {
  return {
    taskId: task.taskId,
    status: task.status,
    statusMessage: task.statusMessage,
    createdAt: task.createdAt ?? previous?.createdAt ?? startedAtEpoch,
    ttlMs: task.ttlMs,
    pollMs: pollDelay(task.pollIntervalMs),
    findings: task.findings,
    ...(previous?.cancel ? { cancel: previous.cancel } : {}),
    ...(previous?.resumed ? { resumed: true } : {}),
  };
}

/** The runs of one connection (see above); `onChange` is told after every change of `runs`. */
export class CallRuns {
  #runs: readonly CallRun[] = [];
  readonly #controllers = new Map<number, AbortController>();
  /** The task each running run follows (for Cancel task), and where it lives. */
  readonly #following = new Map<number, { taskId: string; place: TaskPlace }>();
  #nextId = 0;
  readonly #connection: RunsConnection;
  readonly #tasks: TaskOptions;
  readonly #onChange: () => void;
  readonly #checkOutput?: CheckOutput;

  constructor(connection: RunsConnection, tasks: TaskOptions, onChange: () => void, checkOutput?: CheckOutput) {
    this.#connection = connection;
    this.#tasks = tasks;
    this.#onChange = onChange;
    this.#checkOutput = checkOutput;
  }

  /** Every run, oldest first. */
  get runs(): readonly CallRun[] {
    return this.#runs;
  }

  #set(runs: readonly CallRun[]) {
    this.#runs = runs;
    this.#onChange();
  }

  #update(id: number, change: (state: CallRun['state']) => CallRun['state']) {
    this.#set(this.#runs.map((run) => (run.id === id ? { ...run, state: change(run.state) } : run)));
  }

  /** Adds a running run (dropping this tool's oldest finished ones past the bound). */
  #begin(id: number, tool: string, state: CallRun['state'], origin?: RunOrigin) {
    const mine = this.#runs.filter((run) => run.tool === tool);
    const drop = new Set(
      mine
        .filter((run) => run.state.status !== 'running')
        .slice(0, Math.max(0, mine.length + 1 - KEEP_PER_TOOL))
        .map((run) => run.id),
    );
    this.#set([...this.#runs.filter((run) => !drop.has(run.id)), { id, tool, state, ...(origin ? { origin } : {}) }]);
  }

  /** Runs the work of one run (a call, or following a resumed task) and settles it. */
  async #settle(
    id: number,
    tool: string,
    args: Record<string, unknown>,
    started: { at: number; epoch: number },
    work: (onTask: (task: TaskState, place: TaskPlace) => void, signal: AbortSignal) => Promise<CallResult>,
    origin?: RunOrigin,
    resumed?: TaskView,
  ): Promise<Settled> {
    const controller = new AbortController();
    this.#controllers.set(id, controller);
    let view: TaskView | undefined = resumed;
    const onTask = (task: TaskState, place: TaskPlace) => {
      if (controller.signal.aborted) return;
      const first = !view || view === resumed;
      view = taskView(task, started.epoch, view);
      this.#following.set(id, { taskId: task.taskId, place });
      const shown = view;
      this.#update(id, (state) => (state.status === 'running' ? { ...state, task: shown } : state));
      if (first || task.status !== 'completed') {
        this.#tasks.keep?.({
          taskId: task.taskId,
          tool,
          args,
          startedAt: started.epoch,
          createdAt: shown.createdAt,
          ttlMs: shown.ttlMs ?? null,
          pollIntervalMs: task.pollIntervalMs,
          status: task.status,
          statusMessage: task.statusMessage,
          era: place.era,
          ...(place.sessionId ? { sessionId: place.sessionId } : {}),
          ...(origin ? { origin } : {}),
        });
      }
    };
    let state: Settled;
    try {
      const result = await work(onTask, controller.signal);
      const durationMs = performance.now() - started.at;
      // A check that cannot run (its code failed to load) says nothing: the result is not blamed.
      const outputProblem = await this.#checkOutput?.(tool, result).catch(() => undefined);
      state = {
        status: 'done',
        result,
        durationMs,
        args,
        ...(view ? { task: { ...view, end: 'completed' } } : {}),
        ...(outputProblem ? { outputProblem } : {}),
      };
    } catch (error) {
      const end = error instanceof TaskEndError ? error.end : view && !controller.signal.aborted ? 'failed' : undefined;
      state = {
        status: 'failed',
        failure: failureOf(error),
        durationMs: performance.now() - started.at,
        args,
        ...(view ? { task: { ...view, ...(end ? { end } : {}) } } : {}),
      };
    } finally {
      this.#controllers.delete(id);
      this.#following.delete(id);
    }
    // Ended (or no longer followed by this page on purpose): not resumed again.
    if (view && (state.task?.end || !controller.signal.aborted)) this.#tasks.drop?.(view.taskId);
    const settled = state;
    this.#update(id, () => settled);
    return settled;
  }

  /** Sends one call as a run; resolves once it has settled. */
  async call(
    target: CallTarget,
    args: Record<string, unknown>,
    limits: CallLimits,
    origin?: RunOrigin,
  ): Promise<{ id: number; state: Settled }> {
    const tool = target.name;
    const id = ++this.#nextId;
    const started = { at: performance.now(), epoch: Date.now() };
    this.#begin(id, tool, { status: 'running', startedAt: started.at, args }, origin);
    const task = this.#tasks.taskFor?.(target);
    const state = await this.#settle(
      id,
      tool,
      args,
      started,
      (onTask, signal) =>
        this.#connection.callTool(target, args, {
          ...limits,
          signal,
          ...(task ? { task } : {}),
          onTask,
          onProgress: (progress) => {
            if (!signal.aborted) this.#update(id, (current) => (current.status === 'running' ? { ...current, progress } : current));
          },
        }),
      origin,
    );
    return { id, state };
  }

  /** Follows tasks started before a reload (within their TTL) to their end, each as a run of its tool. */
  resume(pending: readonly PendingTask[]): void {
    for (const kept of pending) {
      if ([...this.#following.values()].some((item) => item.taskId === kept.taskId)) continue;
      const id = ++this.#nextId;
      const startedAt = performance.now() - Math.max(0, Date.now() - kept.startedAt);
      const seed: TaskState = {
        taskId: kept.taskId,
        status: 'working',
        statusMessage: kept.statusMessage,
        createdAt: kept.createdAt,
        ttlMs: kept.ttlMs,
        pollIntervalMs: kept.pollIntervalMs,
        findings: [],
      };
      const place: TaskPlace = { era: kept.era, ...(kept.sessionId ? { sessionId: kept.sessionId } : {}) };
      const view: TaskView = { ...taskView(seed, kept.startedAt), status: kept.status, resumed: true };
      this.#following.set(id, { taskId: kept.taskId, place });
      this.#begin(id, kept.tool, { status: 'running', startedAt, args: kept.args, task: view }, kept.origin);
      void this.#settle(
        id,
        kept.tool,
        kept.args,
        { at: startedAt, epoch: kept.startedAt },
        (onTask, signal) =>
          this.#connection.followTask(seed, place, {
            signal,
            startedAt: kept.startedAt,
            onUpdate: (task) => onTask(task.status === 'working' && !task.createdAt ? { ...task, createdAt: kept.createdAt } : task, place),
          }),
        kept.origin,
        view,
      );
    }
  }

  /** Keeps a question the server asked during run `id` and the person's answer with that run. */
  noteAnswer(id: number, answered: AnsweredQuestion): void {
    this.#set(this.#runs.map((run) => (run.id === id ? { ...run, answers: [...(run.answers ?? []), answered] } : run)));
  }

  /** Stops a call; for a task, asks the server to cancel it (tasks/cancel is cooperative: polling goes on until it says). */
  cancel(id: number): void {
    const task = this.#following.get(id);
    if (!task) return this.#controllers.get(id)?.abort();
    const mark = (cancelState: TaskView['cancel']) =>
      this.#update(id, (state) =>
        state.status === 'running' && state.task ? { ...state, task: { ...state.task, cancel: cancelState } } : state,
      );
    mark('requested');
    this.#connection.cancelTask(task.taskId, task.place).then(
      () => undefined,
      (error: unknown) => mark({ failed: failureOf(error).message }),
    );
  }
}
