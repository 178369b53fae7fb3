// The demo's task tool on the 2026-07-28 wire (the io.modelcontextprotocol/tasks extension):
// build_sales_report takes ~20 s in ten steps, asks once which currency to use (inputRequests,
// answered with tasks/update), and stops when cancelled. The server decides to make a task only
// when the request declares the extension; otherwise it refuses with -32021, as the spec says.
// Tasks are bound to the caller that made them and forgotten after their TTL.
import { randomBytes } from 'node:crypto';
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import { PRODUCTS, formatPrice } from './catalog.ts';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
export const REPORT_TASK_TOOL = 'build_sales_report';
const CURRENCIES = ['EUR', 'USD', 'GBP'] as const;
const RATES: Record<string, number> = { EUR: 1, USD: 1.08, GBP: 0.85 };
const CURRENCY_KEY = 'currency-1';

export interface ReportTaskOptions {
  /** One step's length (ten steps; default 2 s: a 20 s report). */
  stepMs?: number;
  /** How long a task is kept from its creation (default 10 minutes). */
  ttlMs?: number;
  pollIntervalMs?: number;
}

interface ReportTask {
  taskId: string;
  owner: string;
  status: 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
  statusMessage: string;
  createdAt: number;
  lastUpdatedAt: number;
  step: number;
  year: number;
  currency?: string;
  result?: CallToolResult;
  timer?: ReturnType<typeof setTimeout>;
}

const STEPS = 10;

export class ReportTasks {
  readonly #tasks = new Map<string, ReportTask>();
  readonly stepMs: number;
  readonly ttlMs: number;
  readonly pollIntervalMs: number;

  constructor(options: ReportTaskOptions = {}) {
    this.stepMs = options.stepMs ?? 2_000;
    this.ttlMs = options.ttlMs ?? 10 * 60_000;
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
  }

  /** Starts a report; the CreateTaskResult (resultType "task"). */
  start(owner: string, year: number): Record<string, unknown> {
    this.#sweep();
    const now = Date.now();
    const task: ReportTask = {
      taskId: `tsk_${randomBytes(16).toString('base64url')}`,
      owner,
      status: 'working',
      statusMessage: `Collecting ${year} orders (step 1 of ${STEPS})`,
      createdAt: now,
      lastUpdatedAt: now,
      step: 1,
      year,
    };
    this.#tasks.set(task.taskId, task);
    this.#schedule(task);
    return { resultType: 'task', ...this.#view(task) };
  }

  /** tasks/get: the detailed task, or undefined for a task this caller does not have. */
  get(taskId: string, owner: string): Record<string, unknown> | undefined {
    this.#sweep();
    const task = this.#find(taskId, owner);
    return task ? this.#view(task) : undefined;
  }

  /** tasks/update: the currency answer; false for an unknown task. Unknown or answered keys are ignored. */
  update(taskId: string, owner: string, inputResponses: Record<string, unknown>): boolean {
    const task = this.#find(taskId, owner);
    if (!task) return false;
    const answer = inputResponses[CURRENCY_KEY];
    if (task.status !== 'input_required' || typeof answer !== 'object' || answer === null) return true;
    const { action, content } = answer as { action?: unknown; content?: { currency?: unknown } };
    task.currency = action === 'accept' && typeof content?.currency === 'string' && content.currency in RATES ? content.currency : 'EUR';
    this.#set(task, 'working', `Converting to ${task.currency} (step ${task.step} of ${STEPS})`);
    this.#schedule(task);
    return true;
  }

  /** tasks/cancel: stops the work (this server always honours it); false for an unknown task. */
  cancel(taskId: string, owner: string): boolean {
    const task = this.#find(taskId, owner);
    if (!task) return false;
    if (task.status === 'working' || task.status === 'input_required') {
      clearTimeout(task.timer);
      this.#set(task, 'cancelled', `Cancelled at step ${task.step} of ${STEPS}; nothing was kept.`);
    }
    return true;
  }

  close() {
    for (const task of this.#tasks.values()) clearTimeout(task.timer);
    this.#tasks.clear();
  }

  #find(taskId: string, owner: string) {
    const task = this.#tasks.get(taskId);
    return task && task.owner === owner ? task : undefined;
  }

  #set(task: ReportTask, status: ReportTask['status'], message: string) {
    task.status = status;
    task.statusMessage = message;
    task.lastUpdatedAt = Date.now();
  }

  #schedule(task: ReportTask) {
    task.timer = setTimeout(() => this.#advance(task), this.stepMs);
    task.timer.unref?.();
  }

  #advance(task: ReportTask) {
    if (task.status !== 'working') return;
    const { year } = task;
    task.step++;
    if (task.step === 4 && !task.currency) {
      this.#set(task, 'input_required', 'Waiting for the report currency');
      return;
    }
    if (task.step > STEPS) {
      const currency = task.currency ?? 'EUR';
      const lines = PRODUCTS.map((product) => {
        const sold = product.monthlySales.reduce((sum, month) => sum + month, 0);
        const revenue = Math.round(sold * product.priceCents * (RATES[currency] ?? 1));
        return { product_id: product.id, name: product.name, units: sold, revenue: formatPrice(revenue).replace('€', `${currency} `) };
      });
      task.result = {
        content: [
          {
            type: 'text',
            text: `Sales report ${year} (${currency}): ${lines.length} products, ${lines.reduce((sum, line) => sum + line.units, 0)} units sold.`,
          },
        ],
        structuredContent: { year, currency, lines },
      };
      this.#set(task, 'completed', `Report ready: ${lines.length} products`);
      return;
    }
    const phase =
      task.step < 4 ? `Collecting ${year} orders` : task.step < 8 ? `Converting to ${task.currency ?? 'EUR'}` : 'Writing the report';
    this.#set(task, 'working', `${phase} (step ${task.step} of ${STEPS})`);
    this.#schedule(task);
  }

  #view(task: ReportTask): Record<string, unknown> {
    return {
      taskId: task.taskId,
      status: task.status,
      statusMessage: task.statusMessage,
      createdAt: new Date(task.createdAt).toISOString(),
      lastUpdatedAt: new Date(task.lastUpdatedAt).toISOString(),
      ttlMs: this.ttlMs,
      pollIntervalMs: this.pollIntervalMs,
      ...(task.status === 'input_required'
        ? {
            inputRequests: {
              [CURRENCY_KEY]: {
                method: 'elicitation/create',
                params: {
                  mode: 'form',
                  message: 'Which currency should the sales report use?',
                  requestedSchema: {
                    type: 'object',
                    properties: { currency: { type: 'string', title: 'Currency', enum: [...CURRENCIES] } },
                    required: ['currency'],
                  },
                },
              },
            },
          }
        : {}),
      ...(task.status === 'completed' ? { result: task.result } : {}),
    };
  }

  #sweep() {
    const now = Date.now();
    for (const [id, task] of this.#tasks) {
      if (now > task.createdAt + this.ttlMs) {
        clearTimeout(task.timer);
        this.#tasks.delete(id);
      }
    }
  }
}

export const reportTaskDefinition: Tool = {
  name: REPORT_TASK_TOOL,
  title: 'Build sales report',
  description:
    'Builds the yearly sales report (units and revenue per product) as a task: about 20 seconds, asking once which currency to use. Requires a client that supports the io.modelcontextprotocol/tasks extension; the result arrives through tasks/get. Cancellable with tasks/cancel.',
  inputSchema: {
    type: 'object',
    properties: {
      year: { type: 'integer', title: 'Year', description: 'The sales year, 2020–2026.', minimum: 2020, maximum: 2026, default: 2026 },
    },
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, idempotentHint: false, openWorldHint: false },
};
