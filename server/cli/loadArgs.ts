// What `toolscope load` was asked (from argv alone, unit-tested in args.test.ts): the mix — each
// --tool NAME with the --args JSON and --weight N that follow it — how long and how hard, the
// budgets, the output, and whether the plan is run here or exported for Artillery.
import { errorMessage } from '../../src/lib/errorMessage.ts';
import { parseBudget, type Budget } from '../../src/session/loadBudget.ts';
import { LOAD_LIMITS, type LoadCall } from '../../src/session/loadTest.ts';
import { UsageError, parsePositive, type LOAD_OPTIONS } from './cliOptions.ts';

/** What parseArgs's tokens say of an option (the order options came in). */
type Token = { kind: string; name?: string; value?: string };

export const LOAD_TEST_FORMATS = ['text', 'json', 'junit', 'markdown'] as const;
export type LoadTestFormat = (typeof LOAD_TEST_FORMATS)[number];

export interface LoadTestPlan {
  calls: LoadCall[];
  requests?: number;
  durationMs?: number;
  concurrency: number;
  rate?: number;
  warmup: number;
  budgets: Budget[];
  format: LoadTestFormat;
  output?: string;
  allowDestructive: boolean;
  /** N fresh connections each make the first call once; their answers are compared. */
  stateless?: number;
  /** Write the plan for another engine instead of running it (to --output). */
  export?: 'artillery';
}

function mixOf(tokens: readonly Token[]): LoadCall[] {
  const calls: (Omit<LoadCall, 'weight'> & { weight?: number; given: boolean })[] = [];
  for (const token of tokens) {
    if (token.kind !== 'option' || token.value === undefined) continue;
    if (token.name === 'tool') {
      calls.push({ tool: token.value, args: {}, given: false });
      continue;
    }
    if (token.name !== 'args' && token.name !== 'weight') continue;
    const last = calls.at(-1);
    if (!last) throw new UsageError(`--${token.name} before any --tool: give each as --tool NAME --args JSON --weight N.`);
    if (token.name === 'weight') {
      if (last.weight !== undefined) throw new UsageError(`--weight given twice for ${last.tool}.`);
      const weight = Number(token.value);
      if (!Number.isInteger(weight) || weight < 1 || weight > 1000)
        throw new UsageError(`--weight ${token.value} for ${last.tool}: expected a whole number from 1 to 1000.`);
      last.weight = weight;
      continue;
    }
    if (last.given) throw new UsageError(`--args given twice for ${last.tool}.`);
    let args: unknown;
    try {
      args = JSON.parse(token.value);
    } catch (error) {
      throw new UsageError(`--args for ${last.tool}: not JSON (${errorMessage(error)}).`);
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args))
      throw new UsageError(`--args for ${last.tool}: expected a JSON object.`);
    last.args = args as Record<string, unknown>;
    last.given = true;
  }
  if (!calls.length) throw new UsageError('load needs --tool NAME (the tool to call; more --tool for a mix).');
  return calls.map(({ tool, args, weight }) => ({ tool, args, weight: weight ?? 1 }));
}

const whole = (option: string, text: unknown, fallback: number, max: number) => {
  const value = parsePositive(option, text, fallback, max);
  if (!Number.isInteger(value)) throw new UsageError(`--${option} ${String(text)}: expected a whole number.`);
  return value;
};

export function loadTestPlan(values: Partial<Record<keyof typeof LOAD_OPTIONS, unknown>>, tokens: readonly Token[]): LoadTestPlan {
  const calls = mixOf(tokens);
  if (values.requests !== undefined && values.duration !== undefined)
    throw new UsageError('--requests and --duration: the run is bounded by one of them, not both.');
  const format = typeof values.format === 'string' ? values.format : 'text';
  const known = LOAD_TEST_FORMATS.find((candidate) => candidate === format);
  if (!known) throw new UsageError(`--format ${format}: use one of ${LOAD_TEST_FORMATS.join(', ')}.`);
  const budgets = (Array.isArray(values.budget) ? values.budget : []).map((text: unknown) => {
    const budget = parseBudget(String(text));
    if ('error' in budget) throw new UsageError(`--budget ${budget.error}`);
    if (budget.tool !== undefined && !calls.some((call) => call.tool === budget.tool))
      throw new UsageError(`--budget ${budget.text}: ${budget.tool} is not a --tool of this run.`);
    return budget;
  });
  if (values.export !== undefined && values.export !== 'artillery')
    throw new UsageError(`--export ${typeof values.export === 'string' ? values.export : ''}: the one engine is artillery.`);
  if (values.export !== undefined && typeof values.output !== 'string')
    throw new UsageError('--export artillery needs --output FILE (e.g. --output plan.yml).');
  if (values.export !== undefined && values.stateless !== undefined)
    throw new UsageError('--stateless runs here: it is not part of an exported plan.');
  const rate = values.rate === undefined ? undefined : parsePositive('rate', values.rate, 1, LOAD_LIMITS.rate);
  return {
    calls,
    ...(values.duration !== undefined
      ? { durationMs: parsePositive('duration', values.duration, 10, LOAD_LIMITS.durationSeconds) * 1000 }
      : { requests: whole('requests', values.requests, 100, LOAD_LIMITS.requests) }),
    concurrency: whole('concurrency', values.concurrency, 1, LOAD_LIMITS.concurrency),
    ...(rate !== undefined ? { rate } : {}),
    warmup: values.warmup === '0' ? 0 : whole('warmup', values.warmup, 0, LOAD_LIMITS.warmup),
    budgets,
    format: known,
    ...(typeof values.output === 'string' ? { output: values.output } : {}),
    allowDestructive: values['allow-destructive'] === true,
    ...(values.stateless !== undefined ? { stateless: whole('stateless', values.stateless, 2, 100) } : {}),
    ...(values.export === 'artillery' ? { export: 'artillery' as const } : {}),
  };
}
