// The call session in Node — no React, no DOM — against real servers: server-everything (written
// by others) for calls, progress, cancel and tasks; our app-bait server for MCP App calls. Each
// entrance is driven as the page drives it, and the snapshot is read as React reads it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppBaitServer } from '../../server/testing/appBait.ts';
import { startEverything, type RunningServer } from '../../server/testing/testServers.ts';
import { McpConnection } from '../mcp/connection.ts';
import type { PendingTask } from '../mcp/tasks/tasks.ts';
import type { McpTool } from '../mcp/tools.ts';
import { TrafficRecorder } from '../mcp/recording/traffic.ts';
import { unsafeIntegers } from '../schema/numbers.ts';
import { validateAgainst } from '../schema/validate.ts';
import { CallSession, LINK_ARGUMENTS, type SessionMemory, type SessionSnapshot } from './callSession.ts';
import { KEEP_PER_TOOL } from './runs.ts';
import { DEFAULT_SAFETY, type SafetySettings } from './safety.ts';

const checks = () => Promise.resolve({ validateAgainst, unsafeIntegers: (value: unknown) => unsafeIntegers(value) });

/** The session's memory as a Map (IndexedDB's own tests are src/storage's). */
function memory(): SessionMemory & { tasks: Map<string, PendingTask>; marked: number[] } {
  const tasks = new Map<string, PendingTask>();
  const marked: number[] = [];
  return {
    tasks,
    marked,
    keepTask: (task) => Promise.resolve(void tasks.set(task.taskId, { ...task, key: task.taskId, server: 's' })),
    dropTask: (taskId) => Promise.resolve(tasks.delete(taskId)),
    pendingTasks: () => Promise.resolve([...tasks.values()]),
    markSavedRun: (id) => Promise.resolve(void marked.push(id)),
  };
}

/** Resolves with the first snapshot `test` accepts (the session publishes every change). */
function until(session: CallSession, test: (snapshot: SessionSnapshot) => boolean, ms = 20_000): Promise<SessionSnapshot> {
  return new Promise((resolve, reject) => {
    if (test(session.getSnapshot())) return resolve(session.getSnapshot());
    const timer = setTimeout(() => reject(new Error(`not reached in ${ms} ms: ${JSON.stringify(session.getSnapshot().runs)}`)), ms);
    const stop = session.subscribe(() => {
      if (!test(session.getSnapshot())) return;
      clearTimeout(timer);
      stop();
      resolve(session.getSnapshot());
    });
  });
}

/** Answers the next confirmation question, once it is asked. */
async function answerNext(session: CallSession, confirmed: boolean) {
  const { pending } = await until(session, (snapshot) => snapshot.pending !== undefined);
  session.answer(confirmed);
  return pending;
}

describe('the call session on server-everything', () => {
  let everything: RunningServer;
  let connection: McpConnection;
  let recorder: TrafficRecorder;
  let tools: McpTool[];
  beforeAll(async () => {
    everything = await startEverything();
    recorder = new TrafficRecorder();
    connection = await McpConnection.connect({ url: everything.url, fetch: recorder.fetch });
    tools = (await connection.listToolsPage()).tools;
  }, 30_000);
  afterAll(async () => {
    await connection?.close();
    await everything?.stop();
  });

  const session = (extra: { safety?: SafetySettings; memory?: SessionMemory; linkTool?: string } = {}) => {
    const made = new CallSession({
      connection,
      safety: () => extra.safety ?? DEFAULT_SAFETY,
      loadChecks: checks,
      memory: extra.memory ?? memory(),
    });
    if (extra.linkTool) made.linkOpened(extra.linkTool);
    made.setTools(tools, false);
    return made;
  };
  const named = (name: string) => tools.find((tool) => tool.name === name) as McpTool;
  const sent = (name: string) =>
    recorder.getSnapshot().filter((entry) => entry.requestBody?.includes('"tools/call"') && entry.requestBody.includes(`"name":"${name}"`))
      .length;

  it('the form: checked arguments are sent as a run; broken ones are not sent, and the tool says why', async () => {
    const calls = session();
    const before = sent('echo');
    expect(await calls.request(named('echo'), { message: 'hi' }, { origin: 'form' })).toBe('call');
    const done = await until(calls, (snapshot) => snapshot.runs[0]?.state.status === 'done');
    expect(done.runs[0]).toMatchObject({ tool: 'echo', state: { status: 'done', args: { message: 'hi' } } });
    expect(await calls.request(named('echo'), { message: 5 }, { origin: 'form' })).toBe('invalid');
    expect(calls.getSnapshot().notices.get('echo')).toMatchObject({ kind: 'invalid', message: expect.stringContaining('/message') });
    expect(sent('echo') - before).toBe(1);
    // "Send anyway": the same arguments, unchecked — the server's own validation answers.
    expect(await calls.request(named('echo'), { message: 5 }, { origin: 'form', unchecked: true })).toBe('call');
    const answered = await until(calls, (snapshot) => snapshot.runs.length === 2 && snapshot.runs[1]?.state.status !== 'running');
    expect(answered.runs[1]?.state.args).toEqual({ message: 5 });
    expect(sent('echo') - before).toBe(2);
  });

  it('a link’s arguments ask first, once: declined sends nothing; confirmed, the next call goes straight out', async () => {
    const calls = session({ linkTool: 'echo' });
    const before = sent('echo');
    const declined = calls.request(named('echo'), { message: 'from a link' }, { origin: 'form' });
    expect((await answerNext(calls, false))?.items[0]?.reason).toBe(LINK_ARGUMENTS);
    expect(await declined).toBe('declined');
    expect(calls.getSnapshot().linkPending).toBe('echo');
    const confirmed = calls.request(named('echo'), { message: 'from a link' }, { origin: 'form' });
    await answerNext(calls, true);
    expect(await confirmed).toBe('confirm');
    expect(calls.getSnapshot().linkPending).toBeUndefined();
    expect(await calls.request(named('echo'), { message: 'mine now' }, { origin: 'form' })).toBe('call');
    await until(calls, (snapshot) => snapshot.runs.filter((run) => run.state.status === 'done').length === 2);
    expect(sent('echo') - before).toBe(2);
  });

  it('Replay asked while the list loads waits for the tool, then goes through the same checks', async () => {
    const calls = session();
    calls.setTools([], true);
    calls.requestByName('echo', { message: 'replayed' }, 'replay');
    calls.requestByName('echo', { message: 'replayed' }, 'replay');
    expect(calls.getSnapshot().runs).toHaveLength(0);
    calls.setTools(tools, false);
    const done = await until(calls, (snapshot) => snapshot.runs[0]?.state.status === 'done');
    expect(done.runs).toHaveLength(1);
    // A tool the finished list does not have is not called.
    calls.requestByName('no_such_tool', {}, 'run-last');
    expect(calls.getSnapshot().runs).toHaveLength(1);
  });

  it('cancel stops a call while its progress comes in: its run ends cancelled', async () => {
    const calls = session();
    await calls.request(named('trigger-long-running-operation'), { duration: 5, steps: 50 }, { origin: 'form' });
    const running = await until(calls, (snapshot) => snapshot.runs[0]?.state.status === 'running' && !!snapshot.runs[0].state.progress);
    const id = running.runs[0]?.id ?? -1;
    calls.cancel(id);
    const ended = await until(calls, (snapshot) => snapshot.runs[0]?.state.status === 'failed');
    expect(ended.runs[0]?.state).toMatchObject({ status: 'failed', failure: { kind: 'cancelled' } });
  }, 30_000);

  it(`keeps the last ${KEEP_PER_TOOL} runs of a tool; a running one is never dropped`, async () => {
    const calls = session();
    for (let index = 0; index < KEEP_PER_TOOL + 3; index++)
      await calls.request(named('echo'), { message: `call ${index}` }, { origin: 'form' });
    // Sent side by side, all were running as each began: none was dropped.
    const settled = await until(calls, (snapshot) => snapshot.runs.every((run) => run.state.status === 'done'));
    expect(settled.runs).toHaveLength(KEEP_PER_TOOL + 3);
    // The next call drops the oldest finished ones down to the bound.
    await calls.request(named('echo'), { message: 'one more' }, { origin: 'form' });
    const bounded = calls.getSnapshot().runs;
    expect(bounded).toHaveLength(KEEP_PER_TOOL);
    expect(bounded[0]?.state.args).toEqual({ message: 'call 4' });
    expect(bounded.at(-1)?.state).toMatchObject({ status: 'running', args: { message: 'one more' } });
    await until(calls, (snapshot) => snapshot.runs.every((run) => run.state.status === 'done'));
  });

  it('a required-task tool runs as a task to its end; it is kept while it runs and dropped once ended', async () => {
    const kept = memory();
    const calls = session({ memory: kept });
    const tool = named('simulate-research-query');
    expect(calls.taskMode(tool)).toEqual({ support: 'required' });
    await calls.request(tool, { topic: 'tides' }, { origin: 'form' });
    await until(calls, (snapshot) => snapshot.runs[0]?.state.task !== undefined);
    expect([...kept.tasks.values()][0]).toMatchObject({ tool: 'simulate-research-query', args: { topic: 'tides' }, era: 'legacy' });
    const ended = await until(calls, (snapshot) => snapshot.runs[0]?.state.status === 'done', 30_000);
    expect(ended.runs[0]?.state.task).toMatchObject({ end: 'completed' });
    expect(kept.tasks.size).toBe(0);
  }, 40_000);

  it('a task kept before a reload is followed again by a new session, and Cancel task asks the server', async () => {
    const kept = memory();
    const first = session({ memory: kept });
    await first.request(named('simulate-research-query'), { topic: 'moons' }, { origin: 'form' });
    await until(first, (snapshot) => snapshot.runs[0]?.state.task !== undefined);
    // The page reloads: a new session (same server) finds the task in its memory and follows it.
    const second = session({ memory: kept });
    await second.resume();
    const resumed = await until(second, (snapshot) => snapshot.runs[0]?.state.task?.resumed === true);
    second.cancel(resumed.runs[0]?.id ?? -1);
    const ended = await until(second, (snapshot) => snapshot.runs[0]?.state.status !== 'running', 30_000);
    expect(ended.runs[0]?.state.task?.end).toBe('cancelled');
    expect(recorder.getSnapshot().some((entry) => entry.requestBody?.includes('"tasks/cancel"'))).toBe(true);
    first.cancel(first.getSnapshot().runs[0]?.id ?? -1);
  }, 40_000);

  it('Run all: a saved call that still fits passes; one whose arguments no longer match is not sent; an imported one asks and is then marked', async () => {
    const kept = memory();
    const calls = session({ memory: kept });
    const expected = (await connection.callTool('echo', { message: 'hi' })).raw;
    const before = sent('echo');
    const running = calls.runSaved([
      { id: 1, name: 'echo hi', tool: 'echo', args: { message: 'hi' }, expected },
      { id: 2, name: 'echo number', tool: 'echo', args: { message: 5 }, expected },
      { id: 3, name: 'imported', tool: 'echo', args: { message: 'hi' }, expected, imported: true },
    ]);
    const question = await answerNext(calls, true);
    expect(question?.items.map((item) => item.label)).toEqual(['imported']);
    expect(await running).toBe(true);
    const { verdicts } = calls.getSnapshot();
    expect(verdicts.get(1)).toMatchObject({ status: 'pass' });
    expect(verdicts.get(2)).toMatchObject({ status: 'not sent', message: expect.stringContaining("no longer match the tool's schema") });
    expect(verdicts.get(3)).toMatchObject({ status: 'pass' });
    expect(sent('echo') - before).toBe(2);
    await until(calls, () => kept.marked.length > 0);
    expect(kept.marked).toEqual([3]);
  });
});

describe('the call session: an MCP App’s own calls (app-bait server)', () => {
  let bait: RunningServer;
  let connection: McpConnection;
  let calls: CallSession;
  beforeAll(async () => {
    bait = await startAppBaitServer();
    connection = await McpConnection.connect({ url: bait.url });
    calls = new CallSession({ connection, safety: () => DEFAULT_SAFETY, loadChecks: checks, memory: memory() });
    calls.setTools((await connection.listToolsPage()).tools, false);
  }, 30_000);
  afterAll(async () => {
    await connection?.close();
    await bait?.stop();
  });

  it('refuses a model-only tool and a tool the server does not list, without sending anything', async () => {
    expect(await calls.requestFromApp('model_only', {})).toEqual({
      refused: `Refused: model_only's _meta.ui.visibility is ["model"], without "app" — an app may not call it.`,
    });
    expect(await calls.requestFromApp('nope', {})).toEqual({ refused: 'Refused: this server lists no tool named nope.' });
    expect(calls.getSnapshot().runs).toHaveLength(0);
  });

  it('a destructive app tool asks the person, naming the app; declined is said to the app; confirmed runs as the app’s run', async () => {
    const declined = calls.requestFromApp('wipe_panel', { confirm: true });
    expect((await answerNext(calls, false))?.title).toBe('Confirm call to wipe_panel (asked by an MCP App)');
    expect(await declined).toEqual({ refused: 'The person declined this call.' });
    const confirmed = calls.requestFromApp('wipe_panel', { confirm: true });
    await answerNext(calls, true);
    expect(await confirmed).toHaveProperty('result');
    expect(calls.getSnapshot().runs[0]).toMatchObject({ tool: 'wipe_panel', origin: 'app', state: { status: 'done' } });
  });

  it('arguments that break the schema are not sent, and read-only mode refuses', async () => {
    expect(await calls.requestFromApp('wipe_panel', { confirm: 'yes' })).toMatchObject({ refused: expect.stringMatching(/^Not sent — /) });
    const readOnly = new CallSession({
      connection,
      safety: () => ({ ...DEFAULT_SAFETY, readOnlyMode: true }),
      loadChecks: checks,
      memory: memory(),
    });
    readOnly.setTools((await connection.listToolsPage()).tools, false);
    expect(await readOnly.requestFromApp('wipe_panel', { confirm: true })).toMatchObject({ refused: expect.stringMatching(/^Refused: /) });
    // An app's own tool refused in read-only mode reads "Refused: " once (the host shows the gate's sentence).
    const wipe = (await connection.listToolsPage()).tools.find((tool) => tool.name === 'wipe_panel')!;
    const gated = await readOnly.gateAppTool(wipe, { confirm: true });
    expect(gated).toMatchObject({ refused: expect.stringMatching(/^Refused: (?!Refused)/) });
  });
});
