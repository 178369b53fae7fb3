import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { TaskEndError, type McpConnection, type TaskPlace } from '../../mcp/connection.ts';
import { failureOf, type McpFailure } from '../../mcp/errors.ts';
import type { CallResult } from '../../mcp/results.ts';
import { pollDelay, type PendingTask, type TaskState } from '../../mcp/tasks.ts';

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
  | { status: 'done'; result: CallResult; durationMs: number; args: Record<string, unknown>; task?: TaskView }
  | { status: 'failed'; failure: McpFailure; durationMs: number; args: Record<string, unknown>; task?: TaskView };

export interface CallRun {
  id: number;
  tool: string;
  /** 'app': an MCP App's own call (it stays in the app; the response pane keeps showing the app's run). */
  origin?: 'app';
  state: Exclude<CallState, { status: 'idle' }>;
}

/** What a call needs of a tool: its name and how its arguments reach the HTTP layer. */
export type CallTarget = Parameters<McpConnection['callTool']>[0] & { name: string };

/** Runs kept per tool; older finished runs are forgotten. */
const KEEP_PER_TOOL = 20;

/** Where tasks are kept across reloads (IndexedDB, per server), and how calls ask for one. */
export interface TaskOptions {
  /** 2025 wire: `params.task` for this call (a required-task tool, or "Run as task" ticked); undefined: a plain call. */
  taskFor?: (target: CallTarget) => { ttl?: number } | undefined;
  keep?: (task: Omit<PendingTask, 'key' | 'server'>) => void;
  drop?: (taskId: string) => void;
}

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

/**
 * Every call is its own run: several may run at once (different tools, or the same tool
 * twice), each with its own progress, result and cancel.
 */
export function useToolCalls(connection: McpConnection, tasks: TaskOptions = {}) {
  const [runs, setRuns] = useState<readonly CallRun[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const nextId = useRef(0);
  // The task each running run follows (for Cancel task), and where it lives.
  const following = useRef(new Map<number, { taskId: string; place: TaskPlace }>());
  const options = useRef(tasks);
  useLayoutEffect(() => {
    options.current = tasks;
  });

  const update = useCallback((id: number, change: (state: CallRun['state']) => CallRun['state']) => {
    setRuns((previous) => previous.map((run) => (run.id === id ? { ...run, state: change(run.state) } : run)));
  }, []);

  /** Adds a running run (dropping this tool's oldest finished ones past the bound). */
  const begin = useCallback((id: number, tool: string, state: CallRun['state'], origin?: 'app') => {
    setRuns((previous) => {
      const mine = previous.filter((run) => run.tool === tool);
      const drop = new Set(
        mine
          .filter((run) => run.state.status !== 'running')
          .slice(0, Math.max(0, mine.length + 1 - KEEP_PER_TOOL))
          .map((run) => run.id),
      );
      return [...previous.filter((run) => !drop.has(run.id)), { id, tool, state, ...(origin ? { origin } : {}) }];
    });
  }, []);

  /** Runs the work of one run (a call, or following a resumed task) and settles it. */
  const settle = useCallback(
    async (
      id: number,
      tool: string,
      args: Record<string, unknown>,
      startedAt: number,
      startedAtEpoch: number,
      work: (onTask: (task: TaskState, place: TaskPlace) => void, signal: AbortSignal) => Promise<CallResult>,
      origin?: 'app',
      resumed?: TaskView,
    ): Promise<Exclude<CallState, { status: 'idle' | 'running' }>> => {
      const controller = new AbortController();
      controllers.current.set(id, controller);
      let view: TaskView | undefined = resumed;
      const onTask = (task: TaskState, place: TaskPlace) => {
        if (controller.signal.aborted) return;
        const first = !view || view === resumed;
        view = taskView(task, startedAtEpoch, view);
        following.current.set(id, { taskId: task.taskId, place });
        const shown = view;
        update(id, (state) => (state.status === 'running' ? { ...state, task: shown } : state));
        if (first || task.status !== 'completed') {
          options.current.keep?.({
            taskId: task.taskId,
            tool,
            args,
            startedAt: startedAtEpoch,
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
      let state: Exclude<CallState, { status: 'idle' | 'running' }>;
      try {
        const result = await work(onTask, controller.signal);
        state = {
          status: 'done',
          result,
          durationMs: performance.now() - startedAt,
          args,
          ...(view ? { task: { ...view, end: 'completed' } } : {}),
        };
      } catch (error) {
        const end = error instanceof TaskEndError ? error.end : view && !controller.signal.aborted ? 'failed' : undefined;
        state = {
          status: 'failed',
          failure: failureOf(error),
          durationMs: performance.now() - startedAt,
          args,
          ...(view ? { task: { ...view, ...(end ? { end } : {}) } } : {}),
        };
      } finally {
        controllers.current.delete(id);
        following.current.delete(id);
      }
      // Ended (or no longer followed by this page on purpose): not resumed again.
      if (view && (state.task?.end || !controller.signal.aborted)) options.current.drop?.(view.taskId);
      const settled = state;
      update(id, () => settled);
      return settled;
    },
    [update],
  );

  const call = useCallback(
    async (
      target: CallTarget,
      args: Record<string, unknown>,
      limits: { timeoutMs: number; maxTotalTimeoutMs: number },
      origin?: 'app',
    ): Promise<{ id: number; state: Exclude<CallState, { status: 'idle' | 'running' }> }> => {
      const tool = target.name;
      const id = ++nextId.current;
      const startedAt = performance.now();
      const startedAtEpoch = Date.now();
      begin(id, tool, { status: 'running', startedAt, args }, origin);
      const task = options.current.taskFor?.(target);
      const state = await settle(
        id,
        tool,
        args,
        startedAt,
        startedAtEpoch,
        (onTask, signal) =>
          connection.callTool(target, args, {
            ...limits,
            signal,
            ...(task ? { task } : {}),
            onTask,
            onProgress: (progress) => {
              if (!signal.aborted) update(id, (current) => (current.status === 'running' ? { ...current, progress } : current));
            },
          }),
        origin,
      );
      return { id, state };
    },
    [connection, update, begin, settle],
  );

  /** Follows tasks started before a reload (within their TTL) to their end, each as a run of its tool. */
  const resume = useCallback(
    (pending: readonly PendingTask[]) => {
      for (const kept of pending) {
        if ([...following.current.values()].some((item) => item.taskId === kept.taskId)) continue;
        const id = ++nextId.current;
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
        following.current.set(id, { taskId: kept.taskId, place });
        begin(id, kept.tool, { status: 'running', startedAt, args: kept.args, task: view }, kept.origin);
        void settle(
          id,
          kept.tool,
          kept.args,
          startedAt,
          kept.startedAt,
          (onTask, signal) =>
            connection.followTask(seed, place, {
              signal,
              startedAt: kept.startedAt,
              onUpdate: (task) =>
                onTask(task.status === 'working' && !task.createdAt ? { ...task, createdAt: kept.createdAt } : task, place),
            }),
          kept.origin,
          view,
        );
      }
    },
    [connection, begin, settle],
  );

  /** Stops a call; for a task, asks the server to cancel it (tasks/cancel is cooperative: polling goes on until it says). */
  const cancel = useCallback(
    (id: number) => {
      const task = following.current.get(id);
      if (!task) return controllers.current.get(id)?.abort();
      const mark = (cancelState: TaskView['cancel']) =>
        update(id, (state) =>
          state.status === 'running' && state.task ? { ...state, task: { ...state.task, cancel: cancelState } } : state,
        );
      mark('requested');
      connection.cancelTask(task.taskId, task.place).then(
        () => undefined,
        (error: unknown) => mark({ failed: failureOf(error).message }),
      );
    },
    [connection, update],
  );

  /** The tool's runs, newest first. */
  const runsOf = useCallback((tool: string): CallRun[] => runs.filter((run) => run.tool === tool).reverse(), [runs]);

  /** The newest run of any tool (the palette's "Run the last call"). */
  const last = runs.at(-1);

  return { runs, runsOf, call, cancel, resume, last };
}
