// The workspace model against real servers (the demo and server-everything, written by others): a
// call on A keeps running while B is on screen and settles in A's own runs; each server has its one
// call session; removing a server stops it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, startEverything, type RunningServer } from '../../server/testing/testServers.ts';
import { McpConnection } from '../mcp/connection.ts';
import { walkPages } from '../mcp/pagination.ts';
import { mergePages } from '../mcp/pageMerge.ts';
import { unattendedDeps } from './unattended.ts';
import { openServer, type ServerSession } from './serverSession.ts';
import { Workspace } from './workspace.ts';

const open = (url: string) =>
  openServer(url, {
    connect: async (target: string) => {
      const connection = await McpConnection.connect({ url: target });
      return { connection, authContext: connection.authContext };
    },
    calls: (connection) => unattendedDeps(connection),
  });

async function listed(server: ServerSession) {
  const { tools } = mergePages((await walkPages((cursor) => server.connection.listToolsPage(cursor))).pages);
  server.calls.setTools(tools, false);
  return tools;
}

describe('Workspace', () => {
  let demo: RunningServer;
  let everything: RunningServer;
  beforeAll(async () => {
    [demo, everything] = await Promise.all([startDemoServer(), startEverything()]);
  });
  afterAll(async () => {
    await Promise.all([demo.stop(), everything.stop()]);
  });

  it('a call on A settles in A’s runs while B is on screen', async () => {
    const remembered: (readonly string[])[] = [];
    const workspace = new Workspace({ remember: (urls) => remembered.push(urls) });
    const a = workspace.add(await open(demo.url));
    const job = (await listed(a)).find((tool) => tool.name === 'compile_annual_report')!;
    // The call starts on A (asked, when its hints make the gate ask, and confirmed).
    const asked = a.calls.request(job, { duration_s: 1.5, interval_ms: 300 }, { origin: 'form' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (a.calls.getSnapshot().pending) a.calls.answer(true);
    await asked;
    await expect.poll(() => workspace.getSnapshot().running.get(a.url)).toBe(1);

    // B comes on screen; A stays in the set, its call still running.
    const b = workspace.add(await open(everything.url));
    expect(workspace.getSnapshot().shown).toBe(b);
    expect(workspace.getSnapshot().servers).toEqual([a, b]);
    expect(a.calls.getSnapshot().runs[0]?.state.status).toBe('running');
    const echo = (await listed(b)).find((tool) => tool.name === 'echo')!;
    await b.calls.request(echo, { message: 'on screen' }, { origin: 'form' });
    await expect.poll(() => b.calls.getSnapshot().runs[0]?.state.status).toBe('done');

    // A's call ends off screen, in A's own runs (not B's), and the set says nothing runs any more.
    await expect.poll(() => a.calls.getSnapshot().runs[0]?.state.status, { timeout: 10_000 }).toBe('done');
    expect(a.calls.getSnapshot().runs).toHaveLength(1);
    expect(b.calls.getSnapshot().runs.map((run) => run.tool)).toEqual(['echo']);
    expect(workspace.getSnapshot().running.size).toBe(0);

    // Back to A: the same session, its result there.
    expect(workspace.show(a.url)).toBe(a);
    expect(workspace.getSnapshot().shown?.calls.getSnapshot().runs[0]?.tool).toBe('compile_annual_report');
    expect(workspace.getSnapshot().labels.size).toBe(2);
    expect(remembered.at(-1)).toEqual([a.url, b.url]);

    // Removing B stops it (its connection refuses further calls); A stays, and nothing is on screen
    // until one is shown.
    workspace.show(b.url);
    workspace.remove(b.url);
    expect(workspace.getSnapshot().servers).toEqual([a]);
    expect(workspace.getSnapshot().shown).toBeUndefined();
    await expect(b.connection.listToolsPage()).rejects.toThrow();
    workspace.remove(a.url);
    await expect(a.connection.listToolsPage()).rejects.toThrow();
  }, 30_000);

  it('keeps one session per server: a second of the same URL replaces and stops the first', async () => {
    const workspace = new Workspace();
    const first = workspace.add(await open(demo.url));
    expect(workspace.add(first)).toBe(first);
    expect(workspace.getSnapshot().servers).toEqual([first]);
    const second = workspace.add(await open(demo.url));
    expect(workspace.getSnapshot().servers).toEqual([second]);
    await expect(first.connection.listToolsPage()).rejects.toThrow();
    workspace.remove(demo.url);
  });
});
