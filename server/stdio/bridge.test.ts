// The stdio bridge against real stdio servers written by others (server-everything, stdio mode)
// and small node scripts for what a real server should never do (flood, crash).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { stdioServers } from '../testing/testServers.ts';
import { stdioStopOf } from '../../src/mcp/wire/stdioStop.ts';
import { StdioBridge } from './bridge.ts';
import { StdioChild, describeExit, type ChildState } from './child.ts';
import { childEnvironment } from './env.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function launch([command = '', ...args]: string[], options: ConstructorParameters<typeof StdioChild>[1] = {}) {
  const child = new StdioChild({ command, args, env: childEnvironment() }, options);
  cleanups.push(() => child.stop(500));
  return child;
}

function until(child: StdioChild, done: (state: ChildState) => boolean): Promise<ChildState> {
  return new Promise((resolve) => {
    if (done(child.state)) return resolve(child.state);
    const stop = child.onState((state) => {
      if (!done(state)) return;
      stop();
      resolve(state);
    });
  });
}

async function connect(bridge: StdioBridge, name: string, mode: 'auto' | 'legacy' = 'auto'): Promise<Client> {
  const client = new Client({ name, version: '1' }, { versionNegotiation: { mode } });
  const fetch = (input: string | URL | Request, init?: RequestInit) => bridge.handle(new Request(input, init));
  await client.connect(new StreamableHTTPClientTransport(new URL('http://stdio.test/mcp'), { fetch }));
  cleanups.push(() => client.close());
  return client;
}

const text = (result: Awaited<ReturnType<Client['callTool']>>) =>
  (result.content as { type: string; text?: string }[]).map((block) => block.text ?? '').join('');

describe('StdioBridge on server-everything (stdio)', () => {
  it('two clients share one child: lists, calls and progress reach the right one', async () => {
    const child = launch(stdioServers.everything());
    const bridge = new StdioBridge(child);
    cleanups.push(() => bridge.close());
    child.start();
    const [first, second] = [await connect(bridge, 'first'), await connect(bridge, 'second')];
    const pid = child.state.status === 'running' ? child.state.pid : undefined;
    expect(pid).toBeGreaterThan(0);

    const [listA, listB] = await Promise.all([first.listTools(), second.listTools()]);
    expect(listA.tools.map((tool) => tool.name)).toContain('echo');
    expect(listB.tools.length).toBe(listA.tools.length);

    const progressA: number[] = [];
    const progressB: number[] = [];
    const [slowA, slowB, echo] = await Promise.all([
      first.callTool(
        { name: 'trigger-long-running-operation', arguments: { duration: 0.3, steps: 3 } },
        { onprogress: (p) => progressA.push(p.progress) },
      ),
      second.callTool(
        { name: 'trigger-long-running-operation', arguments: { duration: 0.2, steps: 2 } },
        { onprogress: (p) => progressB.push(p.progress) },
      ),
      second.callTool({ name: 'echo', arguments: { message: 'héllo ✓' } }),
    ]);
    expect(text(slowA)).toContain('Steps: 3');
    expect(text(slowB)).toContain('Steps: 2');
    expect(progressA).toEqual([1, 2, 3]);
    expect(progressB).toEqual([1, 2]);
    expect(text(echo)).toBe('Echo: héllo ✓');
    // Both clients, one process.
    expect(child.generation).toBe(1);
    expect(child.state).toMatchObject({ status: 'running', pid });
  });

  it('a restart keeps the clients’ sessions (initialize replayed); a call in flight when the child goes gets an error that says so', async () => {
    const child = launch(stdioServers.everything());
    const bridge = new StdioBridge(child);
    cleanups.push(() => bridge.close());
    child.start();
    const client = await connect(bridge, 'survivor');
    const before = (await client.listTools()).tools.length;

    await child.restart();
    expect(child.generation).toBe(2);
    expect((await client.listTools()).tools.length).toBe(before);
    expect(text(await client.callTool({ name: 'echo', arguments: { message: 'again' } }))).toBe('Echo: again');

    const inFlight = client.callTool({ name: 'trigger-long-running-operation', arguments: { duration: 20, steps: 2 } });
    const settled = inFlight.then(
      () => ({ message: 'answered', data: undefined }),
      (error: Error & { data?: unknown }) => ({ message: error.message, data: error.data }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await child.stop();
    const answer = await settled;
    expect(answer.message).toMatch(/killed by SIGTERM|exit/);
    expect(describeExit(child.state)).toBe('killed by SIGTERM');
    // The error is the bridge's, and says so: the page reads it as "Server stopped", not as the server's own error.
    expect(stdioStopOf(answer.data)).toBe('killed by SIGTERM');
    // A call while the child is gone gets the same word at once.
    const late = await client.callTool({ name: 'echo', arguments: { message: 'x' } }).catch((error: Error & { data?: unknown }) => error);
    expect(late instanceof Error ? stdioStopOf(late.data) : 'answered').toBe('killed by SIGTERM');
  });
});

describe('StdioBridge on a server of either era', () => {
  it('what the child speaks is what the client gets: 2026-07-28, or 2025 (a restart when the child cannot serve both)', async () => {
    const child = launch(stdioServers.dualEra());
    const bridge = new StdioBridge(child);
    cleanups.push(() => bridge.close());
    child.start();
    const modern = await connect(bridge, 'modern');
    expect(modern.getProtocolEra()).toBe('modern');
    expect(modern.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(text(await modern.callTool({ name: 'echo', arguments: { message: 'new' } }))).toBe('new');

    // This child pins its era on the first message: a 2025 client restarts it (and the console says so).
    const legacy = await connect(bridge, 'legacy', 'legacy');
    expect(legacy.getProtocolEra()).toBe('legacy');
    expect(text(await legacy.callTool({ name: 'echo', arguments: { message: 'old' } }))).toBe('old');
    expect(child.generation).toBe(2);
    expect(child.lines().map((line) => line.text)).toContainEqual(
      expect.stringMatching(/^The server refused an initialize after serving another client/),
    );
  });
});

describe('StdioChild', () => {
  it('passes argv as given, without a shell', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolscope-argv-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const marker = join(dir, 'pwned');
    const hostile = [`$(touch ${marker})`, `; touch ${marker}`, `\`touch ${marker}\``, '*', '"\'\\'];
    const child = launch([process.execPath, '-e', 'console.log(JSON.stringify(process.argv.slice(1)))', ...hostile]);
    const message = new Promise((resolve) => child.onMessage(resolve));
    child.start();
    expect(await message).toEqual(hostile);
    await until(child, (state) => state.status === 'exited');
    expect(existsSync(marker)).toBe(false);
  });

  it('drops an oversized stdout message and non-JSON lines (said in the console) and keeps reading', async () => {
    const script = `
      process.stdout.write('x'.repeat(3 * 1024 * 1024) + '\\n');
      process.stdout.write('a log line on stdout\\n');
      process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'after' }) + '\\n');`;
    const child = launch([process.execPath, '-e', script], { maxMessageBytes: 1024 * 1024 });
    const messages: unknown[] = [];
    child.onMessage((message) => messages.push(message));
    child.start();
    await until(child, (state) => state.status === 'exited');
    expect(messages).toEqual([{ jsonrpc: '2.0', method: 'after' }]);
    const notes = child.lines().map((line) => line.text);
    expect(notes).toContain("Dropped a message over 1048576 bytes from the server's stdout.");
    expect(notes).toContain('stdout, not JSON-RPC (write logs to stderr): a log line on stdout');
  });

  it('keeps only the last lines of stderr, each with its time, and cuts a line that never ends', async () => {
    const script = `
      for (let i = 1; i <= 300; i++) console.error('line ' + i);
      process.stderr.write('y'.repeat(50000));`;
    const child = launch([process.execPath, '-e', script], { maxConsoleLines: 100, maxLineChars: 1000 });
    child.start();
    await until(child, (state) => state.status === 'exited');
    const lines = child.lines();
    expect(lines).toHaveLength(100);
    expect(lines.every((line) => line.text.length <= 1000 + 40 && line.time > 0)).toBe(true);
    expect(lines.map((line) => line.text)).toContain('line 300');
    expect(lines.map((line) => line.text)).not.toContain('line 150');
    expect(lines.at(-1)?.text).toBe('The server exited with code 0.');
  });

  it('a child that crashes says its exit code and last words; a restart brings it back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolscope-crash-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const crashFile = join(dir, 'crash');
    writeFileSync(crashFile, '');
    const child = launch(stdioServers.crashing(crashFile));
    const bridge = new StdioBridge(child);
    cleanups.push(() => bridge.close());
    child.start();
    const state = await until(child, (candidate) => candidate.status === 'exited');
    expect(describeExit(state)).toBe('exit 3');
    expect(child.lines().map((line) => line.text)).toEqual(['boom', 'The server exited with code 3.']);

    rmSync(crashFile);
    child.start();
    const client = await connect(bridge, 'after-crash');
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('echo');
  });

  it('a command that does not exist fails to start, with the reason', async () => {
    const child = launch(['toolscope-no-such-command-here']);
    child.start();
    const state = await until(child, (candidate) => candidate.status === 'failed');
    expect(describeExit(state)).toMatch(/^could not start: spawn toolscope-no-such-command-here ENOENT/);
  });
});

describe('childEnvironment', () => {
  it('inherits only the minimal set, with the user’s values over it', () => {
    process.env.TOOLSCOPE_TEST_SECRET = 'do-not-leak';
    cleanups.push(() => void delete process.env.TOOLSCOPE_TEST_SECRET);
    const env = childEnvironment({ A: 'from-file', B: 'file' }, { A: 'from-flag' });
    expect(env.PATH).toBe(process.env.PATH);
    expect(env.A).toBe('from-flag');
    expect(env.B).toBe('file');
    expect(env.TOOLSCOPE_TEST_SECRET).toBeUndefined();
  });
});
