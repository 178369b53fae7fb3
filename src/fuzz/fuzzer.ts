// Fuzzing one tool (issue 84): fast-check generates its arguments from the schema
// (./schemaArbitrary.ts), each call is judged (./fuzzRules.ts), and the first input that breaks a
// rule is shrunk by fast-check to the smallest one that still breaks *that* rule — then the run goes
// on for the other rules with the runs left. One call at a time; bounded by runs, by a deadline and
// by a budget of calls spent shrinking; stopped for good by a crash. The same seed makes the same
// inputs, so the same server gives the same findings. Framework-free: the CLI and the page give it
// a way to call (through the call session's gate) and the page's validator.
import fc from 'fast-check';
import { argumentsArbitrary, invalidArgumentsArbitrary, type Args } from './schemaArbitrary.ts';
import { FUZZ_RULES, judgeCall, type FuzzRule, type Observation } from './fuzzRules.ts';

export interface FuzzFinding {
  tool: string;
  rule: FuzzRule;
  title: string;
  cite: string;
  /** The smallest arguments found that still break the rule. */
  args: Args;
  /** Whether the arguments met the tool's schema (false: made with --invalid, `broken` says how). */
  valid: boolean;
  broken?: string;
  /** What the server did. */
  detail: string;
  /** The seed of the fast-check run that found it, and the run's number in it (1-based). */
  seed: number;
  run: number;
  shrinks: number;
}

export interface ToolFuzz {
  tool: string;
  calls: number;
  findings: FuzzFinding[];
  /** Why the tool's run ended before its runs were spent (a crash, the deadline, a stop). */
  ended?: string;
}

export interface FuzzOptions {
  tool: { name: string; inputSchema: unknown };
  /** Sends one call and observes it (never throws). */
  call: (args: Args) => Promise<Observation>;
  /** The page's validator: whether arguments meet the tool's inputSchema. */
  valid: (args: Args) => boolean;
  /** Generated inputs per mode (valid; and invalid with `invalid`). */
  runs: number;
  seed: number;
  invalid: boolean;
  /** Epoch ms after which no call starts. */
  deadline: number;
  /** Calls spent shrinking one finding, at most (a hang costs a whole time limit each). */
  shrinkBudget?: number;
  /**
   * The server is started again after it stops (the CLI's stdio bridge): a crash can be shrunk. Without
   * it every later call fails alike, so a crash or a dropped connection is kept as first seen.
   */
  restartable?: boolean;
  stopped?: () => boolean;
  onCall?: (calls: number, findings: number) => void;
  /** Every answered call (a sample for the stateless check). */
  onObserved?: (args: Args, valid: boolean, observed: Observation) => void;
}

/** Shrinking a crash or a hang costs a restart or a whole time limit per try: fewer tries. */
const SHRINK_BUDGET: Partial<Record<FuzzRule, number>> = { hang: 6, crash: 20 };

export async function fuzzTool(options: FuzzOptions): Promise<ToolFuzz> {
  const { tool } = options;
  const findings: FuzzFinding[] = [];
  const known = new Set<FuzzRule>();
  let calls = 0;
  let ended: string | undefined;
  const over = () => {
    if (options.stopped?.()) ended ??= 'stopped';
    else if (Date.now() >= options.deadline) ended ??= 'the time limit was reached';
    return ended !== undefined;
  };
  for (const valid of options.invalid ? [true, false] : [true]) {
    let left = options.runs;
    for (let round = 0; left > 0 && !over(); round++) {
      const seed = (options.seed + round * 7919 + (valid ? 0 : 104729)) | 0;
      let target: FuzzRule | undefined;
      let shrinkCalls = 0;
      let last: { args: Args; detail: string; broken?: string } | undefined;
      const arbitrary: fc.Arbitrary<{ args: Args; broken?: string } | undefined> = valid
        ? argumentsArbitrary(tool.inputSchema).map((args) => ({ args }))
        : invalidArgumentsArbitrary(tool.inputSchema).map((made) => (made ? { args: made.args, broken: made.what } : undefined));
      const property = fc.asyncProperty(arbitrary, async (input) => {
        // An input this mode cannot use (the mapping missed the schema, or nothing to break) is skipped.
        if (!input || options.valid(input.args) !== valid) return fc.pre(false);
        if (over()) return true;
        if (target) {
          const stops = target === 'crash' || target === 'transport';
          const budget = stops && !options.restartable ? 0 : (options.shrinkBudget ?? SHRINK_BUDGET[target] ?? 60);
          if (shrinkCalls >= budget) return true;
          shrinkCalls++;
        }
        calls++;
        const observed = await options.call(input.args);
        options.onObserved?.(input.args, valid, observed);
        const judged = judgeCall(valid, observed);
        options.onCall?.(calls, findings.length);
        if (!judged || known.has(judged.rule) || (target && judged.rule !== target)) return true;
        target ??= judged.rule;
        last = { args: input.args, detail: judged.detail, ...(input.broken ? { broken: input.broken } : {}) };
        return false;
      });
      const before = calls;
      const details = await fc.check(property, { seed, numRuns: left, maxSkipsPerRun: 20, endOnFailure: false });
      if (details.failed && !target && calls === before) ended ??= `no ${valid ? 'valid' : 'refused'} input could be made from its schema`;
      if (!details.failed || !target || !last) break;
      known.add(target);
      findings.push({
        tool: tool.name,
        rule: target,
        ...FUZZ_RULES[target],
        args: last.args,
        valid,
        ...(last.broken ? { broken: last.broken } : {}),
        detail: last.detail,
        seed,
        run: details.numRuns,
        shrinks: details.numShrinks,
      });
      left -= details.numRuns;
      if (target === 'crash') {
        ended = 'the server stopped (a crash ends a tool’s run)';
        break;
      }
    }
    if (ended) break;
  }
  return { tool: tool.name, calls, findings, ...(ended ? { ended } : {}) };
}
