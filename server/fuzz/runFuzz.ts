// `toolscope fuzz` on a connected server (issue 84): every tool listed (all pages); the gate decided
// for every tool to fuzz before the first call — read-only tools only, unless --allow-writes (and
// --allow-destructive for one that may destroy), the same reading as `toolscope test`
// (../suite/runSuite.ts) — then the call session's gate for the run (CallSession.gateFuzz); each tool
// fuzzed in turn (src/fuzz/fuzzer.ts), one call at a time. A stdio server that stops is started again
// before the next call, so a crash is shrunk on a live server and the next tool runs.
import type { McpConnection } from '../../src/mcp/connection.ts';
import type { McpTool } from '../../src/mcp/tools.ts';
import { fuzzTool, type FuzzFinding, type ToolFuzz } from '../../src/fuzz/fuzzer.ts';
import { FUZZ_RULES, judgeCall, type Observation } from '../../src/fuzz/fuzzRules.ts';
import { observeCall, type FuzzSend } from '../../src/fuzz/fuzzCall.ts';
import type { Args } from '../../src/fuzz/schemaArbitrary.ts';
import { DEFAULT_SAFETY } from '../../src/session/safety.ts';
import { validateAgainst } from '../../src/schema/validate.ts';
import { unattendedSession } from '../../src/workspace/unattended.ts';
import { gateOf, listAll, type Permissions } from '../suite/runSuite.ts';
import type { Finding } from '../../src/report/findings.ts';

export interface FuzzPlan {
  tools: string[];
  /** Tools never called (--skip): one that prints what it must not, one too slow to fuzz. */
  skip: string[];
  runs: number;
  seed: number;
  invalid: boolean;
  timeMs: number;
  callTimeoutMs: number;
  permissions: Permissions;
}

export interface FuzzRun {
  server: { name: string; version?: string; protocolVersion: string; era: string };
  seed: number;
  runs: number;
  invalid: boolean;
  tools: ToolFuzz[];
  /** Tools not fuzzed, each with why (the flag it needs, or no such tool). */
  skipped: string[];
}

/** A tool's own seed, from the run's and its name: `--tool NAME --seed S` replays one tool alone, whatever the others. */
export function toolSeed(seed: number, name: string): number {
  let hash = seed | 0;
  for (const char of name) hash = (Math.imul(hash, 31) + (char.codePointAt(0) ?? 0)) | 0;
  return hash;
}

const isValid = (schema: unknown, value: unknown) => validateAgainst(schema, value).status !== 'invalid';

/** The tools to fuzz and the only way to call them — or why nothing may run (a tool named with --tool that the flags refuse). */
async function gateRun(
  connection: McpConnection,
  tools: readonly McpTool[],
  plan: FuzzPlan,
): Promise<{ fuzzed: McpTool[]; skipped: string[]; send: FuzzSend } | { refused: string }> {
  const named = plan.tools.length ? plan.tools : tools.map((tool) => tool.name);
  const chosen = named.filter((name) => !plan.skip.includes(name));
  const skipped: string[] = named.filter((name) => plan.skip.includes(name)).map((name) => `${name}: left out (--skip)`);
  const fuzzed: McpTool[] = [];
  for (const name of chosen) {
    const tool = tools.find((candidate) => candidate.name === name);
    if (!tool) {
      skipped.push(`${name}: the server lists no such tool`);
      continue;
    }
    const gate = gateOf(tool, plan.permissions);
    if (gate) skipped.push(`${name}: ${gate.why} — run with --allow-${gate.needs}`);
    else if (tool.unusable) skipped.push(`${name}: ${tool.unusable}`);
    else fuzzed.push(tool);
  }
  // A tool asked for by name that the flags refuse stops the run before any call; the whole list skips it, said.
  const refusedNamed = skipped.filter((line) => !line.endsWith('(--skip)'));
  if (plan.tools.length && refusedNamed.length) return { refused: refusedNamed.join('\n') };
  const session = unattendedSession(connection, plan.permissions.allowWrites || plan.permissions.allowDestructive, {
    ...DEFAULT_SAFETY,
    timeoutSeconds: plan.callTimeoutMs / 1000,
  });
  session.setTools([...tools], false);
  const gated = await session.gateFuzz(
    fuzzed.map((tool) => tool.name),
    'Confirm fuzzing',
  );
  return 'refused' in gated ? gated : { fuzzed, skipped, send: gated.send };
}

/**
 * One call at a time, observed; a stdio server that stopped is started again before the next call
 * (so a crash is shrunk, and replayed, on a live server). `restart` exists only for Toolscope's own
 * bridge, whose word that the process is gone is believed.
 */
function callerFor(send: FuzzSend, plan: FuzzPlan, restart: (() => Promise<void>) | undefined) {
  let down = false;
  return {
    call: async (tool: McpTool, args: Args): Promise<Observation> => {
      if (down && restart) {
        await restart();
        down = false;
      }
      const observed = await observeCall(send, tool, args, plan.callTimeoutMs, validateAgainst, restart !== undefined);
      if (observed.kind === 'crash') down = true;
      return observed;
    },
    /** After a tool: the server up again for the next. */
    settle: async () => {
      if (down && restart) await restart();
      down = false;
    },
  };
}

/** Each finding of a report sent again, through the same gate, and judged again. */
export async function replayFuzz(
  connection: McpConnection,
  tools: readonly McpTool[],
  plan: FuzzPlan,
  findings: readonly FuzzFinding[],
  restart: (() => Promise<void>) | undefined,
): Promise<{ lines: string[]; reproduced: number } | { refused: string }> {
  const gated = await gateRun(connection, tools, { ...plan, tools: [...new Set(findings.map((finding) => finding.tool))] });
  if ('refused' in gated) return gated;
  const { call } = callerFor(gated.send, plan, restart);
  const lines: string[] = [];
  let reproduced = 0;
  for (const finding of findings) {
    const tool = gated.fuzzed.find((candidate) => candidate.name === finding.tool);
    if (!tool) continue;
    const judged = judgeCall(finding.valid, await call(tool, finding.args));
    const again = judged?.rule === finding.rule;
    if (again) reproduced++;
    lines.push(
      `${again ? '✗ reproduced' : '✓ not reproduced'}: ${finding.tool} ${finding.rule} with ${JSON.stringify(finding.args).slice(0, 300)}${judged && !again ? ` (now: ${judged.rule})` : ''}`,
    );
  }
  return { lines, reproduced };
}

export async function runFuzz(
  connection: McpConnection,
  tools: readonly McpTool[],
  plan: FuzzPlan,
  restart: (() => Promise<void>) | undefined,
  onProgress: (line: string) => void,
  /** A fresh connection made as this one was (the stateless check on a 2026-07-28 server). */
  again?: () => Promise<McpConnection>,
): Promise<FuzzRun | { refused: string }> {
  const gated = await gateRun(connection, tools, plan);
  if ('refused' in gated) return gated;
  const { fuzzed, skipped } = gated;
  const deadline = Date.now() + plan.timeMs;
  const results: ToolFuzz[] = [];
  const { call, settle } = callerFor(gated.send, plan, restart);
  const samples = new Map<string, { args: Args; kind: Observation['kind'] }[]>();
  for (const tool of fuzzed) {
    onProgress(`fuzz: ${tool.name}…`);
    const kept: { args: Args; kind: Observation['kind'] }[] = [];
    samples.set(tool.name, kept);
    const result = await fuzzTool({
      onObserved: (args, valid, observed) => {
        if (valid && kept.length < STATELESS_SAMPLES && ['ok', 'tool-error', 'protocol-error'].includes(observed.kind))
          kept.push({ args, kind: observed.kind });
      },
      tool,
      call: (args) => call(tool, args),
      valid: (args) => isValid(tool.inputSchema, args),
      runs: plan.runs,
      seed: toolSeed(plan.seed, tool.name),
      invalid: plan.invalid,
      deadline,
      restartable: restart !== undefined,
    });
    results.push(result);
    onProgress(`fuzz: ${tool.name}: ${result.calls} calls, ${result.findings.length} finding${result.findings.length === 1 ? '' : 's'}`);
    // A server over HTTP that stopped answering: the rest cannot be fuzzed.
    if (result.findings.some((finding) => finding.rule === 'crash' || finding.rule === 'transport') && !restart) break;
    await settle();
  }
  if (connection.era === 'modern' && again && Date.now() < deadline) await statelessCheck(again, tools, plan, results, samples);
  return {
    server: {
      name: connection.server.name,
      ...(connection.server.version ? { version: connection.server.version } : {}),
      protocolVersion: connection.protocolVersion,
      era: connection.era,
    },
    seed: plan.seed,
    runs: plan.runs,
    invalid: plan.invalid,
    tools: results,
    skipped,
  };
}

/** Valid inputs per tool sent again on a fresh connection (2026-07-28). */
const STATELESS_SAMPLES = 3;

/**
 * The stateless check (2026-07-28): a few valid inputs of each tool sent again on a fresh
 * connection, through its own gate; an answer of another kind (a success where there was an error,
 * or the reverse) is a finding. Only the kind is compared: a tool's text may move (a time, an id).
 */
async function statelessCheck(
  again: () => Promise<McpConnection>,
  tools: readonly McpTool[],
  plan: FuzzPlan,
  results: ToolFuzz[],
  samples: ReadonlyMap<string, readonly { args: Args; kind: Observation['kind'] }[]>,
) {
  const fresh = await again();
  try {
    const gated = await gateRun(fresh, tools, { ...plan, tools: [...samples.keys()].filter((name) => samples.get(name)?.length) });
    if ('refused' in gated) return;
    const { call } = callerFor(gated.send, plan, undefined);
    for (const result of results) {
      const tool = gated.fuzzed.find((candidate) => candidate.name === result.tool);
      for (const sample of (tool && samples.get(result.tool)) ?? []) {
        if (!tool || result.findings.some((finding) => finding.rule === 'stateless')) break;
        const observed = await call(tool, sample.args);
        result.calls++;
        if (observed.kind === sample.kind) continue;
        result.findings.push({
          tool: result.tool,
          rule: 'stateless',
          ...FUZZ_RULES.stateless,
          args: sample.args,
          valid: true,
          detail: `${sample.kind} on the first connection, ${observed.kind} on a fresh one`,
          seed: toolSeed(plan.seed, result.tool),
          run: 0,
          shrinks: 0,
        });
      }
    }
  } finally {
    await fresh.close().catch(() => undefined);
  }
}

export const findingsOf = (run: FuzzRun): FuzzFinding[] => run.tools.flatMap((tool) => tool.findings);

/** `report --fuzz N`'s seed: the same report twice makes the same inputs. */
export const REPORT_FUZZ_SEED = 2026;

/**
 * `report --fuzz N`: N valid inputs for each read-only tool (never a tool that may change data: no
 * flag allows it here), each finding as an info finding of the report's `fuzz` rule — info until the
 * rules are judged for precision on real servers (npm run fuzz:real), so the score does not move.
 */
export async function fuzzFindings(
  connection: McpConnection,
  runs: number,
  restart: (() => Promise<void>) | undefined,
): Promise<Finding[]> {
  const listed = await listAll(connection);
  if ('stop' in listed) return [];
  const plan: FuzzPlan = {
    tools: [],
    skip: [],
    runs,
    seed: REPORT_FUZZ_SEED,
    invalid: false,
    timeMs: 120_000,
    callTimeoutMs: 10_000,
    permissions: { allowWrites: false, allowDestructive: false },
  };
  const run = await runFuzz(connection, listed.tools, plan, restart, () => undefined);
  if ('refused' in run) return [];
  return findingsOf(run).map((finding) => ({
    rule: 'fuzz',
    severity: 'info',
    tool: finding.tool,
    message: `${finding.title} (${finding.rule}): ${JSON.stringify(finding.args).slice(0, 200)} → ${finding.detail.slice(0, 200)} — seed ${run.seed}, run ${finding.run}`,
    fix: `${finding.cite}. Re-run: npx toolscope fuzz --tool ${finding.tool} --seed ${run.seed} --runs ${runs} <server>`,
  }));
}
