// Following a task to its end for one connection: tasks/get at the server's interval (woken early
// by its status notifications), input requests answered, tasks/result on 2025, tasks/cancel — on
// the wire the task was made on, in the session that made it (a task resumed after a reload).
import { McpError, type McpFailure } from '../errors.ts';
import { TASK_SESSION_HEADER } from '../wire/fetchChain.ts';
import { isRecord, own } from '../guards.ts';
import type { ElicitationHandler } from '../elicitation.ts';
import { parseCallResult, type CallResult } from '../results.ts';
import { driveTask, type DriveOptions, type TaskEnd, type TaskState } from './tasks.ts';
import type { Era } from '../era.ts';

/** Where a task lives: what following it after a reload needs (2025: the session that made it). */
export interface TaskPlace {
  era: Era;
  sessionId?: string;
}

/** A task that ended other than completed: how (the run card says Failed, Cancelled or Expired). */
export class TaskEndError extends McpError {
  constructor(
    readonly end: Exclude<TaskEnd['status'], 'completed'>,
    failure: McpFailure,
  ) {
    super(failure);
  }
}

/** What the driver needs of its connection. */
export interface TaskWire {
  request: (
    method: string,
    params: Record<string, unknown>,
    options: { signal?: AbortSignal; headers?: Record<string, string>; timeoutMs?: number },
  ) => Promise<unknown>;
  era: () => Era;
  sessionId: () => string | undefined;
  /** Registers a notification handler (throws when the method is not one of this wire's). */
  onNotification: (method: string, handler: (params: unknown) => void) => void;
  elicit: () => ElicitationHandler | undefined;
}

export class TaskDriver {
  readonly #wire: TaskWire;
  readonly #wakers = new Map<string, { wake?: () => void }>();
  #listening = false;

  constructor(wire: TaskWire) {
    this.#wire = wire;
  }

  /** The page's question handler, told which task asks (so the question can name it and its tool). */
  #elicitFor(taskId: string): ElicitationHandler | undefined {
    const handler = this.#wire.elicit();
    return handler && ((request, signal) => handler(request, signal, { taskId }));
  }

  /** Follows a task to its end: the final result, or a TaskEndError. */
  async follow(task: TaskState, place: TaskPlace, options: Omit<DriveOptions, 'elicit'> = {}): Promise<CallResult> {
    // A status notification for this task ends the current wait at once.
    const wakeUp = options.wakeUp ?? {};
    this.#listenForStatus();
    this.#wakers.set(task.taskId, wakeUp);
    try {
      const end = await driveTask(
        {
          era: place.era,
          get: (taskId, signal) => this.#request('tasks/get', { taskId }, place, signal),
          result: (taskId, signal) => this.#request('tasks/result', { taskId }, place, signal, 0),
          update: (taskId, inputResponses, signal) => this.#request('tasks/update', { taskId, inputResponses }, place, signal),
        },
        task,
        { ...options, wakeUp, elicit: this.#elicitFor(task.taskId) },
      );
      if (end.status !== 'completed') throw new TaskEndError(end.status, end.failure);
      return parseCallResult(end.result);
    } finally {
      if (this.#wakers.get(task.taskId) === wakeUp) this.#wakers.delete(task.taskId);
    }
  }

  /** tasks/cancel: a request the server acknowledges and decides on (cooperative). */
  async cancel(taskId: string, place: TaskPlace): Promise<void> {
    await this.#request('tasks/cancel', { taskId }, place);
  }

  /** 2025: notifications/tasks/status; 2026: notifications/tasks — each wakes its task's poll early. */
  #listenForStatus() {
    if (this.#listening) return;
    this.#listening = true;
    const wake = (value: unknown) => {
      const taskId = isRecord(value) ? own(value, 'taskId') : undefined;
      if (typeof taskId === 'string') this.#wakers.get(taskId)?.wake?.();
    };
    for (const method of ['notifications/tasks/status', 'notifications/tasks']) {
      try {
        this.#wire.onNotification(method, wake);
      } catch {
        // Not a notification of this wire: polling alone.
      }
    }
  }

  #request(method: string, params: Record<string, unknown>, place: TaskPlace, signal?: AbortSignal, timeoutMs?: number) {
    if (place.era !== this.#wire.era()) {
      throw new McpError({
        kind: 'invalid-input',
        message: `This task was made on the ${place.era === 'modern' ? '2026-07-28' : '2025-11-25'} wire; the server now speaks the other one.`,
      });
    }
    const sessionId = this.#wire.sessionId();
    const elsewhere = place.sessionId && place.sessionId !== sessionId ? { [TASK_SESSION_HEADER]: place.sessionId } : undefined;
    // tasks/result blocks until the task ends: no request timeout of its own (0 → the hard limit only).
    return this.#wire.request(method, params, { signal, headers: elsewhere, ...(timeoutMs === 0 ? { timeoutMs: 24 * 3_600_000 } : {}) });
  }
}
