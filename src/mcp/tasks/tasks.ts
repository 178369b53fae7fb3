// Tasks: a tools/call the server answers with a handle instead of a result, on both wires.
// 2025-11-25 (experimental core): the client asks with `params.task: { ttl }` (only for a tool whose
// `execution.taskSupport` allows it); the answer is `{ task }`; `tasks/get` gives the status and
// `tasks/result` the final result (and, while it blocks, carries the server's input requests).
// 2026-07-28 (the io.modelcontextprotocol/tasks extension, SEP-2663): the client declares the
// extension in every request's capabilities and the server decides per call, answering
// `resultType: "task"` with the task inline; `tasks/get` carries result, error or `inputRequests`,
// answered by `tasks/update`; `ttlMs` / `pollIntervalMs`. Both wires: `tasks/cancel` is cooperative.
// This module parses tasks and drives one to its end; the connection sends the requests.
import { McpError, type McpFailure } from '../errors.ts';
import { isRecord, optionalString, own } from '../guards.ts';
import { parseElicitation, type ElicitationHandler } from '../elicitation.ts';
import type { Era } from '../era.ts';

export { TASKS_EXTENSION } from '../clientIdentity.ts';
export const TERMINAL_STATUSES = ['completed', 'failed', 'cancelled'] as const;
/** Polling is never faster than this, whatever the server suggests… */
export const MIN_POLL_MS = 250;
/** …nor slower than this, so a status is never older than 30 s. */
export const MAX_POLL_MS = 30_000;
/** When the server suggests nothing. */
export const DEFAULT_POLL_MS = 1_000;

export interface TaskState {
  taskId: string;
  /** working, input_required, completed, failed, cancelled — or what the server sent. */
  status: string;
  statusMessage?: string;
  /** Epoch ms of createdAt, when it parses. */
  createdAt?: number;
  /** Time to live from creation; null: unlimited; undefined: not given. */
  ttlMs?: number | null;
  pollIntervalMs?: number;
  /** 2026: the final result (completed), inline. */
  result?: unknown;
  /** 2026: the JSON-RPC error (failed), inline. */
  error?: unknown;
  /** 2026: what the server asks of the client (input_required), by key. */
  inputRequests?: Record<string, unknown>;
  /** What the server got wrong in this message, said to its author. */
  findings: string[];
}

export const isTerminal = (status: string) => (TERMINAL_STATUSES as readonly string[]).includes(status);

/** The delay before the next tasks/get: the server's suggestion, kept within [250 ms, 30 s]. */
export function pollDelay(pollIntervalMs: number | undefined): number {
  const suggested = typeof pollIntervalMs === 'number' && Number.isFinite(pollIntervalMs) ? pollIntervalMs : DEFAULT_POLL_MS;
  return Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, suggested));
}

const nonNegative = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);

/** One task object (flat), with the field names of `era`; the other era's names are read too, and named. */
function taskFields(raw: Record<string, unknown>, era: Era, findings: string[]): TaskState | undefined {
  const taskId = optionalString(own(raw, 'taskId'));
  const status = optionalString(own(raw, 'status'));
  if (taskId === undefined || status === undefined) return undefined;
  const [ttlName, pollName, otherTtl, otherPoll] =
    era === 'modern' ? ['ttlMs', 'pollIntervalMs', 'ttl', 'pollInterval'] : ['ttl', 'pollInterval', 'ttlMs', 'pollIntervalMs'];
  const wire = era === 'modern' ? '2026-07-28' : '2025-11-25';
  const pick = (name: string, other: string) => {
    if (own(raw, name) !== undefined) return own(raw, name);
    if (own(raw, other) !== undefined) {
      findings.push(
        `The task has "${other}" where the ${wire} wire names it "${name}": clients of this wire do not read it. Rename the field.`,
      );
      return own(raw, other);
    }
    return undefined;
  };
  const ttl = pick(ttlName, otherTtl);
  const created = Date.parse(optionalString(own(raw, 'createdAt')) ?? '');
  const inputRequests = own(raw, 'inputRequests');
  return {
    taskId,
    status,
    statusMessage: optionalString(own(raw, 'statusMessage')),
    createdAt: Number.isNaN(created) ? undefined : created,
    ttlMs: ttl === null ? null : nonNegative(ttl),
    pollIntervalMs: nonNegative(pick(pollName, otherPoll)),
    result: own(raw, 'result'),
    error: own(raw, 'error'),
    inputRequests: isRecord(inputRequests) ? inputRequests : undefined,
    findings,
  };
}

/**
 * The task in a tools/call answer, or undefined when the answer is a plain result. 2026: a
 * `resultType: "task"` result (or, named as a fault, one without resultType that carries a task
 * and no content); 2025: `{ task: {…} }`.
 */
export function taskFromCallResult(raw: unknown, era: Era): TaskState | undefined {
  if (!isRecord(raw)) return undefined;
  const findings: string[] = [];
  if (era === 'legacy') {
    const task = own(raw, 'task');
    if (!isRecord(task)) return undefined;
    const parsed = taskFields(task, era, findings);
    if (!parsed)
      throw new McpError({
        kind: 'schema',
        method: 'tools/call',
        message: 'The server answered with a task that has no taskId or status: it cannot be followed.',
      });
    return parsed;
  }
  const resultType = own(raw, 'resultType');
  if (resultType === 'task') return taskFields(raw, era, findings);
  if (resultType === undefined && own(raw, 'content') === undefined && typeof own(raw, 'taskId') === 'string') {
    findings.push(
      'A task result without resultType: a 2026-07-28 server must set resultType "task" on a CreateTaskResult. Read as a task.',
    );
    return taskFields(raw, era, findings);
  }
  return undefined;
}

/** A tasks/get answer (2025: the Task; 2026: the DetailedTask, resultType "complete"). */
export function parseTaskStatus(raw: unknown, era: Era): TaskState {
  const task = isRecord(raw)
    ? taskFields(isRecord(own(raw, 'task')) && era === 'legacy' ? (own(raw, 'task') as Record<string, unknown>) : raw, era, [])
    : undefined;
  if (!task) throw new McpError({ kind: 'schema', method: 'tasks/get', message: 'tasks/get answered without a taskId and status.' });
  return task;
}

/** When the task's TTL runs out (epoch ms), or undefined when it has none. */
export function expiresAt(task: Pick<TaskState, 'createdAt' | 'ttlMs'>, startedAt: number): number | undefined {
  return typeof task.ttlMs === 'number' ? (task.createdAt ?? startedAt) + task.ttlMs : undefined;
}

/** What the driver needs of a connection (McpConnection gives it; tests give a real server's). */
export interface TaskOps {
  era: Era;
  get: (taskId: string, signal?: AbortSignal) => Promise<unknown>;
  /** 2025: tasks/result (blocks until the task ends; the server's input requests arrive meanwhile). */
  result: (taskId: string, signal?: AbortSignal) => Promise<unknown>;
  /** 2026: tasks/update with answers to input requests. */
  update: (taskId: string, inputResponses: Record<string, unknown>, signal?: AbortSignal) => Promise<unknown>;
}

/** How a driven task ended. */
export type TaskEnd =
  | { status: 'completed'; result: unknown; task: TaskState }
  | { status: 'failed' | 'cancelled' | 'expired'; failure: McpFailure; task: TaskState };

export interface DriveOptions {
  signal?: AbortSignal;
  /** Every status seen (for the run card). */
  onUpdate?: (task: TaskState) => void;
  /** Answers the server's input requests (the elicitation dialog). */
  elicit?: ElicitationHandler;
  /** Resolves the current wait early (a status notification arrived). */
  wakeUp?: { wake?: () => void };
  /** When the task was started here (epoch ms), for a TTL without createdAt. */
  startedAt?: number;
  now?: () => number;
}

/** Waits `ms`, or less when woken; rejects when aborted. */
function pause(ms: number, signal: AbortSignal | undefined, wakeUp: { wake?: () => void } | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new McpError({ kind: 'cancelled', message: 'Stopped following the task.' }));
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      if (wakeUp) wakeUp.wake = undefined;
    };
    const stop = () => {
      done();
      reject(new McpError({ kind: 'cancelled', message: 'Stopped following the task.' }));
    };
    const timer = setTimeout(() => {
      done();
      resolve();
    }, ms);
    signal?.addEventListener('abort', stop, { once: true });
    if (wakeUp)
      wakeUp.wake = () => {
        done();
        resolve();
      };
  });
}

const failureFromError = (error: unknown, message: string): McpFailure => {
  if (isRecord(error) && typeof error.code === 'number')
    return {
      kind: 'protocol',
      code: error.code,
      message: `${message}: ${optionalString(error.message) ?? 'no message'}`,
      data: error.data,
    };
  return { kind: 'unknown', message };
};

/** Answers a 2026 task's new input requests through the elicitation handler; keys already answered are skipped. */
async function answerInputs(
  task: TaskState,
  answered: Set<string>,
  elicit: ElicitationHandler | undefined,
  signal: AbortSignal | undefined,
): Promise<Record<string, unknown>> {
  const responses: Record<string, unknown> = {};
  for (const [key, request] of Object.entries(task.inputRequests ?? {})) {
    if (answered.has(key)) continue;
    answered.add(key);
    const method = isRecord(request) ? own(request, 'method') : undefined;
    if (method !== 'elicitation/create' || !elicit) {
      responses[key] = { action: 'decline' };
      continue;
    }
    responses[key] = await elicit(
      parseElicitation(own(request as Record<string, unknown>, 'params')),
      signal ?? new AbortController().signal,
    );
  }
  return responses;
}

/**
 * Follows a task to its end: polls tasks/get at the server's interval (bounded), answers input
 * requests, and returns the final result — or how it ended. A task still unfinished past its TTL
 * has expired. Aborting `signal` stops following (it does not cancel the task: that is
 * tasks/cancel's job).
 */
export async function driveTask(ops: TaskOps, first: TaskState, options: DriveOptions = {}): Promise<TaskEnd> {
  const { signal, onUpdate, elicit, wakeUp } = options;
  const now = options.now ?? Date.now;
  const startedAt = options.startedAt ?? now();
  const answered = new Set<string>();
  let task = first;
  for (;;) {
    onUpdate?.(task);
    if (task.status === 'completed') {
      if (ops.era === 'modern') return { status: 'completed', result: task.result, task };
      return { status: 'completed', result: await ops.result(task.taskId, signal), task };
    }
    if (task.status === 'failed') {
      const failure = failureFromError(task.error, `The task failed${task.statusMessage ? ` (${task.statusMessage})` : ''}`);
      if (ops.era === 'legacy') {
        // 2025: the result (a tool error) or the error comes from tasks/result.
        try {
          return { status: 'completed', result: await ops.result(task.taskId, signal), task };
        } catch (error) {
          return { status: 'failed', failure: error instanceof McpError ? error.failure : failure, task };
        }
      }
      return { status: 'failed', failure, task };
    }
    if (task.status === 'cancelled') {
      return {
        status: 'cancelled',
        failure: { kind: 'cancelled', message: `The server cancelled the task${task.statusMessage ? `: ${task.statusMessage}` : '.'}` },
        task,
      };
    }
    const deadline = expiresAt(task, startedAt);
    if (deadline !== undefined && now() > deadline + pollDelay(task.pollIntervalMs)) {
      return {
        status: 'expired',
        failure: {
          kind: 'timeout',
          message: `The task is still "${task.status}" past its TTL (${Math.round((task.ttlMs ?? 0) / 1000)} s): the server may have discarded it. Its result can no longer be relied on.`,
        },
        task,
      };
    }
    if (task.status === 'input_required') {
      if (ops.era === 'legacy') {
        // 2025: tasks/result carries the server's requests (answered by the elicitation handler) and blocks to the end.
        return { status: 'completed', result: await ops.result(task.taskId, signal), task };
      }
      const responses = await answerInputs(task, answered, elicit, signal);
      if (Object.keys(responses).length) await ops.update(task.taskId, responses, signal);
    }
    await pause(pollDelay(task.pollIntervalMs), signal, wakeUp);
    let next: TaskState;
    try {
      next = parseTaskStatus(await ops.get(task.taskId, signal), ops.era);
    } catch (error) {
      if (signal?.aborted) throw error;
      // A task the server no longer knows after its TTL has expired; before it, this is a failure.
      const late = deadline !== undefined && now() > deadline;
      const failure = error instanceof McpError ? error.failure : { kind: 'unknown' as const, message: String(error) };
      return late
        ? { status: 'expired', failure: { kind: 'timeout', message: `The task expired: ${failure.message}` }, task }
        : { status: 'failed', failure, task };
    }
    task = { ...next, findings: [...new Set([...task.findings, ...next.findings])] };
  }
}

/** A task started here and not yet ended: followed again after a reload, within its TTL. */
export interface PendingTask {
  /** `${server} ${taskId}`. */
  key: string;
  server: string;
  taskId: string;
  tool: string;
  args: Record<string, unknown>;
  /** When the call was made here (epoch ms). */
  startedAt: number;
  /** The server's createdAt (epoch ms), else startedAt. */
  createdAt: number;
  ttlMs: number | null;
  pollIntervalMs?: number;
  status: string;
  statusMessage?: string;
  era: Era;
  /** 2025: the session that made the task (its tasks live there). */
  sessionId?: string;
  origin?: 'app' | 'agent';
}
