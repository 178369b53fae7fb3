// Runs a suite on a connected server (issue 83): every tool listed (all pages); then the trust gate
// for every tool the suite names, decided before the first call — a tool not trusted as read-only
// runs only with --allow-writes, one that may destroy (or whose hints contradict) only with
// --allow-destructive, the same reading of the hints as the page's gate (src/mcp/callGate.ts) —
// then each test in order through the one call session (src/workspace/unattended.ts: the page's
// argument checks and outcome words), its arguments filled from values earlier tests saved.
import type { McpConnection } from '../../src/mcp/connection.ts';
import { readOnlyDoubt, unattendedNeeds } from '../../src/mcp/callGate.ts';
import { mergePages } from '../../src/mcp/pageMerge.ts';
import { describeStop, walkPages } from '../../src/mcp/pagination.ts';
import type { McpTool } from '../../src/mcp/tools.ts';
import { DEFAULT_SAFETY, type SafetySettings } from '../../src/session/safety.ts';
import { unattendedSession } from '../../src/workspace/unattended.ts';
import { judge, select, type Failure } from './expectations.ts';
import { observeCall } from './observeCall.ts';
import type { Suite, SuiteTest } from './suiteFile.ts';
import { snapshotOf, type SnapshotFile } from './snapshots.ts';

export interface TestResult {
  name: string;
  tool: string;
  status: 'passed' | 'failed';
  ms?: number;
  failures: Failure[];
  /** Its snapshot: written (the first run), updated (--update), matched, or changed (a failure). */
  snapshot?: 'written' | 'updated' | 'matched' | 'changed';
}

export interface SuiteRun {
  server: { name: string; version?: string; protocolVersion: string; era: string };
  results: TestResult[];
}

export interface Permissions {
  allowWrites: boolean;
  allowDestructive: boolean;
}

/** Where the tests' snapshots are kept (../suite/snapshots.ts), and whether to rewrite them. */
export interface Snapshots {
  file: SnapshotFile;
  update: boolean;
}

/** Why a tool may not run with these permissions, and the permission it needs (undefined: it may run). */
export function gateOf(
  tool: Pick<McpTool, 'name' | 'annotations'>,
  permissions: Permissions,
): { needs: 'writes' | 'destructive'; why: string } | undefined {
  const need = unattendedNeeds(tool);
  if (need === 'writes' && !permissions.allowWrites && !permissions.allowDestructive)
    return { needs: 'writes', why: 'not marked read-only (readOnlyHint), so it may change data' };
  if (need === 'destructive' && !permissions.allowDestructive)
    return { needs: 'destructive', why: readOnlyDoubt(tool) ?? 'it may destroy data (destructiveHint is not false)' };
  return undefined;
}

/** The tools of the suite the flags do not allow, each with why (empty: all may run). */
export function refusedTools(suite: Suite, tools: readonly McpTool[], permissions: Permissions): string[] {
  const named = [...new Set(suite.tests.map((test) => test.tool))];
  return named.flatMap((name) => {
    const tool = tools.find((candidate) => candidate.name === name);
    const gate = tool && gateOf(tool, permissions);
    return gate ? [`${name}: ${gate.why} — run with --allow-${gate.needs}`] : [];
  });
}

const PLACEHOLDER = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** `value` with each ${name} filled from what earlier tests saved (a string that is only "${name}" takes the saved value whole). */
export function fill(value: unknown, saved: ReadonlyMap<string, unknown>, missing: Set<string>): unknown {
  if (typeof value === 'string') {
    const whole = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(value);
    if (whole?.[1] !== undefined) {
      if (!saved.has(whole[1])) missing.add(whole[1]);
      return saved.get(whole[1]);
    }
    return value.replace(PLACEHOLDER, (all, name: string) => {
      if (!saved.has(name)) missing.add(name);
      const found = saved.get(name);
      return typeof found === 'string' ? found : (JSON.stringify(found) ?? all);
    });
  }
  if (Array.isArray(value)) return value.map((item) => fill(item, saved, missing));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fill(inner, saved, missing)]));
  return value;
}

/** The server's tools, every page; or why they could not all be listed. */
export async function listAll(connection: McpConnection): Promise<{ tools: McpTool[] } | { stop: string }> {
  const walk = await walkPages((cursor) => connection.listToolsPage(cursor));
  const stop = describeStop(walk.stop);
  return stop ? { stop } : { tools: mergePages(walk.pages).tools };
}

/** Runs the suite's tests in order on a session whose gate has been decided (refusedTools gave none). */
export async function runTests(
  connection: McpConnection,
  suite: Suite,
  tools: readonly McpTool[],
  permissions: Permissions,
  snapshots?: Snapshots,
  /** The call settings (trace context, when the run carries it). */
  safety: SafetySettings = DEFAULT_SAFETY,
): Promise<SuiteRun> {
  // The gate was decided above for every tool the suite names: the session's one question is answered yes.
  const session = unattendedSession(connection, permissions.allowDestructive || permissions.allowWrites, safety);
  session.setTools([...tools], false);
  const saved = new Map<string, unknown>();
  const results: TestResult[] = [];
  for (const test of suite.tests) results.push(await runTest(session, test, saved, snapshots));
  snapshots?.file.save();
  return {
    server: {
      name: connection.server.name,
      ...(connection.server.version ? { version: connection.server.version } : {}),
      protocolVersion: connection.protocolVersion,
      era: connection.era,
    },
    results,
  };
}

async function runTest(
  session: ReturnType<typeof unattendedSession>,
  test: SuiteTest,
  saved: Map<string, unknown>,
  snapshots: Snapshots | undefined,
): Promise<TestResult> {
  const missing = new Set<string>();
  const args = fill(test.arguments ?? {}, saved, missing) as Record<string, unknown>;
  const failed = (failures: Failure[], ms?: number): TestResult => ({
    name: test.name,
    tool: test.tool,
    status: 'failed',
    ...(ms !== undefined ? { ms } : {}),
    failures,
  });
  if (missing.size)
    return failed(
      [...missing].map((name) => ({
        path: `\${${name}}`,
        expected: 'a value saved by an earlier test',
        actual: 'nothing saved under that name',
      })),
    );
  const done = await observeCall(session, test.tool, args, 'Not sent: the suite’s gate refused it.');
  if (!done.sent) return failed([{ path: 'outcome', expected: test.expect?.outcome ?? 'ok', actual: `not sent: ${done.refused}` }]);
  const { observed, raw } = done;
  const failures = judge(observed, test.expect);
  // A value is saved from any answer the call got (a test that failed on its time still made its basket);
  // a call that got none saves nothing, and a later test that needs the value says so.
  if (observed.result)
    for (const [name, path] of Object.entries(test.save ?? {})) {
      const selected = select(observed.result, path);
      if ('error' in selected || !selected.values.length)
        failures.push({
          path,
          expected: `a value to save as ${name}`,
          actual: 'error' in selected ? selected.error : 'no value at this path',
        });
      else saved.set(name, selected.values[0]);
    }
  const wanted = test.expect?.snapshot;
  let snapshot: TestResult['snapshot'];
  if (wanted && snapshots) {
    if (raw === undefined) failures.push({ path: 'snapshot', expected: 'a result to compare', actual: `none: ${observed.outcome}` });
    else {
      const ignore = typeof wanted === 'object' ? wanted.ignore : [];
      const checked = snapshots.file.check(test.name, snapshotOf(raw, ignore), snapshots.update);
      failures.push(...checked.failures);
      snapshot = checked.done;
    }
  }
  return {
    name: test.name,
    tool: test.tool,
    status: failures.length ? 'failed' : 'passed',
    ms: Math.round(observed.ms * 10) / 10,
    failures,
    ...(snapshot ? { snapshot } : {}),
  };
}
