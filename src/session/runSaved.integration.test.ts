// "Run all" against a real server written by others (server-everything over HTTP): saved calls
// go through the same checks and limits as the form. Both defects this fixes are here: a saved call
// whose arguments no longer match the schema is held back (it used to be sent unchecked), and
// the "Maximum total" limit applies (it used to be dropped, so a call with progress ran on).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEverything, type RunningServer } from '../../server/testing/testServers.ts';
import { McpConnection } from '../mcp/connection.ts';
import { describeFailure, failureOf } from '../mcp/errors.ts';
import { TrafficRecorder } from '../mcp/recording/traffic.ts';
import type { McpTool } from '../mcp/tools.ts';
import { validateAgainst } from '../schema/validate.ts';
import { unsafeIntegers } from '../schema/numbers.ts';
import { CallEntrance } from './callEntrance.ts';
import { runSaved, type RunSavedDeps, type RunState, type SavedToRun } from './runSaved.ts';
import { DEFAULT_SAFETY, type SafetySettings } from './safety.ts';

let server: RunningServer;
let connection: McpConnection;
let recorder: TrafficRecorder;
let tools: McpTool[];

beforeAll(async () => {
  server = await startEverything();
  recorder = new TrafficRecorder();
  connection = await McpConnection.connect({ url: server.url, fetch: recorder.fetch });
  tools = (await connection.listToolsPage()).tools;
}, 30_000);
afterAll(async () => {
  await connection?.close();
  await server?.stop();
});

function deps(safety: SafetySettings, states: Map<number, RunState>, answer = true): RunSavedDeps {
  const requests = new CallEntrance({
    send: () => undefined,
    safety: () => safety,
    loadChecks: () => Promise.resolve({ validateAgainst, unsafeIntegers: (value: unknown) => unsafeIntegers(value) }),
  });
  return {
    tools,
    decide: (tool, args, options) => requests.decide(tool, args, options),
    ask: (question) => {
      queueMicrotask(() => requests.answer(answer));
      return requests.ask(question);
    },
    call: async (tool, args, limits) => {
      try {
        return { result: (await connection.callTool(tool, args, limits)).raw };
      } catch (error) {
        return { failure: describeFailure(failureOf(error)) };
      }
    },
    onStart: () => states.clear(),
    onState: (id, state) => states.set(id, state),
  };
}

/** tools/call requests for echo that reached the wire. */
const echoCalls = (): number =>
  recorder.getSnapshot().filter((entry) => entry.requestBody?.includes('"tools/call"') && entry.requestBody.includes('"name":"echo"'))
    .length;

describe('runSaved on server-everything', () => {
  it('passes a call that still fits, and holds back one whose arguments no longer match the schema', async () => {
    const expected = (await connection.callTool('echo', { message: 'hi' })).raw;
    const calls: SavedToRun[] = [
      { id: 1, name: 'echo hi', tool: 'echo', args: { message: 'hi' }, expected },
      { id: 2, name: 'echo number', tool: 'echo', args: { message: 5 }, expected },
    ];
    const states = new Map<number, RunState>();
    const before = echoCalls();
    expect(await runSaved(calls, deps(DEFAULT_SAFETY, states))).toBe(true);
    expect(states.get(1)).toEqual({ status: 'pass' });
    expect(states.get(2)).toMatchObject({
      status: 'not sent',
      message: expect.stringMatching(/no longer match the tool's schema: 1 argument problem: \/message/) as unknown,
    });
    expect(echoCalls() - before).toBe(1);

    // "Send anyway" for that one: sent unchecked, and the server's own answer is the verdict.
    expect(await runSaved([calls[1]!], deps(DEFAULT_SAFETY, states), true)).toBe(true);
    expect(echoCalls() - before).toBe(2);
    expect(states.get(2)?.status).toBe('failed');
  });

  it('applies "Maximum total" as the form does: a 4 s operation is stopped at 1 s (it ran on before)', async () => {
    const operation = { id: 3, name: 'slow', tool: 'trigger-long-running-operation', args: { duration: 4, steps: 8 }, expected: {} };
    const states = new Map<number, RunState>();
    const started = Date.now();
    await runSaved([operation], deps({ ...DEFAULT_SAFETY, timeoutSeconds: 60, maxTotalSeconds: 1 }, states));
    expect(Date.now() - started).toBeLessThan(3500);
    expect(states.get(3)).toMatchObject({ status: 'failed', message: expect.stringContaining('maximum total time of 1 s') as unknown });
  }, 15_000);

  it('asks once for the calls that need it, and sends nothing when the person declines', async () => {
    const destructive = { ...tools.find((tool) => tool.name === 'echo')!, annotations: { destructiveHint: true } } as McpTool;
    const states = new Map<number, RunState>([[9, { status: 'pass' }]]);
    const before = echoCalls();
    const run = deps(DEFAULT_SAFETY, states, false);
    expect(
      await runSaved([{ id: 4, name: 'echo', tool: 'echo', args: { message: 'x' }, expected: {} }], { ...run, tools: [destructive] }),
    ).toBe(false);
    expect(echoCalls()).toBe(before);
    expect(states.get(9)).toEqual({ status: 'pass' });
  });
});
