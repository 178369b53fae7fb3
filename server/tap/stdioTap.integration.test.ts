// Issue 82's proof over stdio: the official SDK client, as a host runs a server, spawns
// `toolscope tap --out f -- <server-everything's stdio command>` (through a tee that keeps the
// bytes the server read and wrote) and does what a host does: initialize, tools/list, a call with
// progress, an elicitation round trip, a cancel. Every answer equals the same client's talking to
// the server directly; the bytes the server read are the bytes the client wrote; the tap's stdout
// is the server's bytes alone; the cassette holds each exchange in both directions; the page's
// event stream shows a call made after it opened; `toolscope mock f --stdio` answers the same;
// nothing outlives the client's close.
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { Client, serializeMessage, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCassette } from '../../src/mcp/recording/cassette.ts';
import { isWireLine, messagesOfLine, type WireLine } from '../../src/mcp/recording/wireLog.ts';
import { stdioServers } from '../testing/testServers.ts';
import { own } from '../../src/mcp/guards.ts';
import { processGone } from '../testing/processGone.ts';

const BIN = fileURLToPath(new URL('../../bin/toolscope.mjs', import.meta.url));
const TEE = fileURLToPath(new URL('../testing/teeChild.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'toolscope-tap-'));
const out = join(dir, 'host.cassette.jsonl');
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.allSettled(closers.map((close) => close()));
});

/** A host's client: it answers elicitation (declining, as a person may) — the round trip is what counts. */
function hostClient() {
  const client = new Client({ name: 'tap-test-host', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler('elicitation/create', () => Promise.resolve({ action: 'decline' as const }));
  return client;
}

/** What a host does, and what it got back (results without what differs run to run). */
async function hostSession(client: Client) {
  const tools = (await client.listTools()).tools.map((tool) => tool.name).sort();
  const progress: number[] = [];
  const long = await client.callTool(
    { name: 'trigger-long-running-operation', arguments: { duration: 0.3, steps: 3 } },
    { onprogress: (event) => progress.push(event.progress) },
  );
  const elicited = await client.callTool({ name: 'trigger-elicitation-request', arguments: {} });
  const abort = new AbortController();
  const cancelled = await client
    .callTool(
      { name: 'trigger-long-running-operation', arguments: { duration: 3, steps: 3 } },
      { signal: abort.signal, onprogress: () => abort.abort('the host gave up') },
    )
    .then(
      () => 'answered',
      (error: unknown) => String(error),
    );
  const echo = await client.callTool({ name: 'echo', arguments: { message: 'tap ✓ ünïcode "quotes" \\ back' } });
  return { tools, progress, long, elicited, cancelled, echo };
}

describe('toolscope tap over stdio, driven by the official client as a host', () => {
  it('passes every byte on, records both directions, shows it live, and leaves nothing behind', async () => {
    const [command = '', ...args] = stdioServers.everything();
    const direct = hostClient();
    await direct.connect(new StdioClientTransport({ command, args, stderr: 'pipe' }));
    closers.push(() => direct.close());
    const expected = await hostSession(direct);
    await direct.close();

    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'tap', '--out', out, '--', process.execPath, TEE, dir, '--', command, ...args],
      stderr: 'pipe',
    });
    const written: string[] = [];
    const send = transport.send.bind(transport);
    transport.send = (message: JSONRPCMessage) => {
      written.push(serializeMessage(message));
      return send(message);
    };
    // Every byte of the tap's stdout, from the first (its process exists once start() is called).
    const tapOut: Buffer[] = [];
    const start = transport.start.bind(transport);
    transport.start = () => {
      const started = start();
      (transport as unknown as { _process: ChildProcess })._process.stdout?.on('data', (chunk: Buffer) => tapOut.push(chunk));
      return started;
    };
    let tapStderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (tapStderr += chunk.toString()));
    const tapped = hostClient();
    await tapped.connect(transport);
    closers.push(() => tapped.close());
    const tapProcess = (transport as unknown as { _process: ChildProcess })._process;

    // The page's link, beside the cassette: its event stream, opened before the calls.
    await expect.poll(() => existsSync(`${out}.link`), { timeout: 10_000 }).toBe(true);
    const link = readFileSync(`${out}.link`, 'utf8').trim();
    expect(tapStderr).toContain(`watch it live at ${link}`);
    const token = new URL(link).searchParams.get('tap') ?? '';
    expect((await fetch(new URL('/tap/events?token=wrong', link))).status).toBe(403);
    const events = await fetch(new URL(`/tap/events?token=${token}`, link));
    const seen: { at: number; text: string }[] = [];
    const reader = events.body!.getReader();
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        seen.push({ at: Date.now(), text: new TextDecoder().decode(value) });
      }
    })().catch(() => undefined);

    const actual = await hostSession(tapped);
    // How many progress notifications a client handles before the result is the server's and the
    // SDK's race (it varies run to run, tapped or not): that some came is what counts.
    expect({ ...actual, progress: [] }).toEqual({ ...expected, progress: [] });
    expect(actual.progress.length).toBeGreaterThan(0);
    expect(actual.cancelled).toContain('the host gave up');

    // A call made after the page opened reaches it within a second.
    const before = Date.now();
    await tapped.callTool({ name: 'echo', arguments: { message: 'live-marker-82' } });
    await expect
      .poll(() => seen.some((chunk) => chunk.text.includes('live-marker-82') && chunk.at - before < 1000), { timeout: 2000 })
      .toBe(true);
    await reader.cancel();

    const pids = JSON.parse(readFileSync(join(dir, 'pids.json'), 'utf8')) as { tee: number; server: number };
    const tapPid = tapProcess.pid!;
    // The host closes the tap's stdin and waits for it to go (the SDK's close would kill it 2 s later).
    const closed = new Promise((resolve) => tapProcess.once('close', resolve));
    tapProcess.stdin?.end();
    await closed;
    await tapped.close();

    // Byte for byte: what the server read is what the client wrote; what the tap printed is what the server wrote.
    expect(readFileSync(join(dir, 'stdin.bin'), 'utf8')).toBe(written.join(''));
    expect(Buffer.concat(tapOut).equals(readFileSync(join(dir, 'stdout.bin')))).toBe(true);
    // Nothing outlives the host's close.
    await expect.poll(() => [tapPid, pids.tee, pids.server].every(processGone), { timeout: 10_000 }).toBe(true);
    expect(existsSync(`${out}.link`)).toBe(false);

    // The cassette: both directions, in order, each line timed; the server's own request and its answer.
    const cassette = parseCassette(readFileSync(out, 'utf8'));
    if ('error' in cassette) throw new Error(cassette.error);
    expect(cassette.tap?.transport).toBe('stdio');
    expect(cassette.header.era).toBe('legacy');
    const wire = (cassette.wire ?? []).filter(isWireLine);
    const methods = (from: WireLine['from']) =>
      wire.filter((line) => line.from === from).flatMap((line) => messagesOfLine(line).map((message) => own(message, 'method')));
    expect(methods('client')).toEqual(
      expect.arrayContaining(['initialize', 'notifications/initialized', 'tools/list', 'tools/call', 'notifications/cancelled']),
    );
    expect(methods('server')).toEqual(expect.arrayContaining(['notifications/progress', 'elicitation/create']));
    const elicitId = wire.flatMap(messagesOfLine).find((message) => own(message, 'method') === 'elicitation/create')?.id;
    const answer = wire.find(
      (line) => line.from === 'client' && messagesOfLine(line).some((message) => message.id === elicitId && 'result' in message),
    );
    expect(answer).toBeDefined();
    expect(wire.every((line, index) => index === 0 || line.at >= wire[index - 1]!.at - 5)).toBe(true);
    // The client wrote as many lines as the cassette holds from it.
    expect(wire.filter((line) => line.from === 'client' && line.stderr === undefined).length).toBe(written.length);
    expect(cassette.exchanges.filter((exchange) => exchange.method === 'tools/call').length).toBeGreaterThanOrEqual(4);
    await expect.poll(() => tapStderr, { timeout: 5000 }).toMatch(/toolscope tap: \d+ lines in .*; no findings\./);

    // The mock serves the tapped session back to the same client the same.
    const mocked = hostClient();
    await mocked.connect(
      new StdioClientTransport({ command: process.execPath, args: [BIN, 'mock', out, '--stdio', '--stop-after', '60'], stderr: 'pipe' }),
    );
    closers.push(() => mocked.close());
    expect((await mocked.listTools()).tools.map((tool) => tool.name).sort()).toEqual(expected.tools);
    expect(await mocked.callTool({ name: 'echo', arguments: { message: 'tap ✓ ünïcode "quotes" \\ back' } })).toEqual(expected.echo);
    await mocked.close();
  }, 90_000);
});
