// History in Node — no React, no DOM — fed the runs of a real call session on server-everything
// (written by others), kept in IndexedDB (fake-indexeddb): recorded once, bounded, compared,
// copied without secrets, and earlier calls' handles offered to a new page.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEverything, type RunningServer } from '../../../../server/testing/testServers.ts';
import { McpConnection } from '../../../mcp/connection.ts';
import type { McpTool } from '../../../mcp/tools.ts';
import { validateAgainst } from '../../../schema/validate.ts';
import { unsafeIntegers } from '../../../schema/numbers.ts';
import { CallSession } from '../../../session/callSession.ts';
import { DEFAULT_SAFETY } from '../../../session/safety.ts';
import * as callStore from '../../../storage/callStore.ts';
import { serverKey } from '../../../lib/serverKey.ts';
import { CallHistory, type HistorySnapshot, type HistoryStore } from './callHistory.ts';

function until(history: CallHistory, test: (snapshot: HistorySnapshot) => boolean, ms = 10_000): Promise<HistorySnapshot> {
  return new Promise((resolve, reject) => {
    if (test(history.getSnapshot())) return resolve(history.getSnapshot());
    const timer = setTimeout(() => reject(new Error(`not reached in ${ms} ms: ${JSON.stringify(history.getSnapshot().entries)}`)), ms);
    const stop = history.subscribe(() => {
      if (!test(history.getSnapshot())) return;
      clearTimeout(timer);
      stop();
      resolve(history.getSnapshot());
    });
  });
}

describe('History of a session on server-everything', () => {
  let everything: RunningServer;
  let connection: McpConnection;
  let tools: McpTool[];
  beforeAll(async () => {
    everything = await startEverything();
    connection = await McpConnection.connect({ url: everything.url, bearerToken: 'tok-secret-123' });
    tools = (await connection.listToolsPage()).tools;
  }, 30_000);
  afterAll(async () => {
    await connection?.close();
    await everything?.stop();
  });

  const named = (name: string) => tools.find((tool) => tool.name === name) as McpTool;
  const history = (extra: { store?: HistoryStore; now?: () => number } = {}) =>
    new CallHistory({ connection, tools: () => tools, pageHref: () => 'http://127.0.0.1:5173/', ...extra });
  async function session(calls: [string, Record<string, unknown>][]) {
    const made = new CallSession({
      connection,
      safety: () => DEFAULT_SAFETY,
      loadChecks: () => Promise.resolve({ validateAgainst, unsafeIntegers: (value: unknown) => unsafeIntegers(value) }),
      memory: {
        keepTask: () => Promise.resolve(),
        dropTask: () => Promise.resolve(),
        pendingTasks: () => Promise.resolve([]),
        markSavedRun: () => Promise.resolve(),
      },
    });
    made.setTools(tools, false);
    for (const [name, args] of calls) await made.request(named(name), args, { origin: 'form' });
    await new Promise<void>((resolve) => {
      const done = () => made.getSnapshot().runs.every((run) => run.state.status !== 'running');
      if (done()) return resolve();
      const stop = made.subscribe(() => done() && (stop(), resolve()));
    });
    return made.getSnapshot().runs;
  }

  it('records each finished run once (newest first), with its outcome and without secret arguments', async () => {
    await callStore.clearServer(serverKey(everything.url));
    const kept = history();
    await kept.load();
    const runs = await session([
      ['echo', { message: 'first', api_key: 'k-1' }],
      ['get-structured-content', { location: 'Chicago' }],
    ]);
    await Promise.all(kept.observe(runs));
    // Shown again (a re-render): nothing is recorded twice.
    await Promise.all(kept.observe(runs));
    const { entries } = await until(kept, (snapshot) => snapshot.entries.length >= 2);
    expect(entries.map((entry) => [entry.tool, entry.outcome])).toEqual([
      ['get-structured-content', 'ok'],
      ['echo', 'ok'],
    ]);
    expect(entries[1]?.args).toEqual({ message: 'first' });
    expect(entries[1]?.droppedArgs).toEqual(['api_key']);
    // A second page of the same server reads them back, and offers the structured result's values.
    const later = history({ now: () => Date.now() + 1_000 });
    await later.load();
    expect(later.getSnapshot().entries.map((entry) => entry.id)).toEqual(entries.map((entry) => entry.id));
    expect(later.getSnapshot().historySources).toEqual([
      expect.objectContaining({
        tool: 'get-structured-content',
        structuredContent: expect.objectContaining({ humidity: expect.any(Number) }),
      }),
    ]);
  });

  it('compares a call with the previous one of its tool, or says there is none', async () => {
    const kept = history();
    await kept.load();
    const runs = await session([
      ['echo', { message: 'one' }],
      ['echo', { message: 'two' }],
    ]);
    await Promise.all(kept.observe(runs));
    const [newest, older] = kept.getSnapshot().entries;
    await kept.compare(newest!);
    expect(kept.getSnapshot().comparison?.diff.same).toBe(false);
    expect(kept.getSnapshot().comparison?.title).toMatch(/^echo at .* → echo at /);
    // Compare with previous, inside this session: run against run, no storage read.
    const previous = kept.previousOf(runs[1]!, runs);
    expect((await previous!()).title).toBe(`echo: run ${runs[0]!.id} → run ${runs[1]!.id}`);
    kept.closeComparison();
    await kept.clear();
    await kept.compare(older!);
    expect(kept.getSnapshot().entries).toEqual([]);
    expect(kept.getSnapshot().note).toBe('No earlier call of echo to compare with: call it again, or pick two calls.');
  });

  it('a copy never carries the connection’s token, even pasted into an argument', () => {
    const copied = history().copyCall('echo', { message: 'tok-secret-123', password: 'p' }, 'curl');
    expect(copied.text).not.toContain('tok-secret-123');
    expect(copied.text).toContain('"name":"echo"');
    expect(copied.notes.join(' ')).toContain('password');
  });

  it('past the bound, says how many old calls were dropped; a store that fails says this call was not kept', async () => {
    const dropping: HistoryStore = {
      ...callStore,
      addEntry: async (...args) => ({ ...(await callStore.addEntry(...args)), dropped: 2 }),
    };
    const kept = history({ store: dropping });
    await kept.load();
    await Promise.all(kept.observe(await session([['echo', { message: 'x' }]])));
    expect(kept.getSnapshot().note).toBe('History keeps 500 calls and 200 MB per server: the 2 oldest calls were dropped.');
    const broken = history({ store: { ...callStore, addEntry: () => Promise.reject(new Error('QuotaExceededError')) } });
    await broken.load();
    await Promise.all(broken.observe(await session([['echo', { message: 'y' }]])));
    expect(broken.getSnapshot().note).toBe('This call was not kept in History: QuotaExceededError');
  });

  it('with results not kept, the entry is recorded and its result is not', async () => {
    const kept = history();
    kept.setKeepResults(false);
    await kept.load();
    await Promise.all(kept.observe(await session([['echo', { message: 'no result' }]])));
    const [entry] = kept.getSnapshot().entries;
    expect(entry?.resultKept).toBe(false);
    expect((await callStore.readResult(entry!.id))?.result).toBeUndefined();
  });
});
