// Issue 82's bounds: a 100 MB answer and a line that is not JSON go through `toolscope tap` over
// stdio — passed on whole, byte for byte in count — while the tap's own memory stays bounded
// (its peak resident size measured, and printed), the session goes on, and the cassette keeps the
// huge answer as its size and head, the stray line as its text. A signal to the tap stops the
// server at once; the tap exits with its status.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCassette } from '../../src/mcp/recording/cassette.ts';
import { hostFindings } from '../../src/mcp/recording/hostFindings.ts';
import { isWireLine } from '../../src/mcp/recording/wireLog.ts';
import { processGone } from '../testing/processGone.ts';

const BIN = fileURLToPath(new URL('../../bin/toolscope.mjs', import.meta.url));
const SERVER = fileURLToPath(new URL('../testing/hugeStdio.mjs', import.meta.url));
const peakMb = (pid: number) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

describe('toolscope tap, bounded', () => {
  it('passes a 100 MB answer and a non-JSON line on without its memory growing past a bound', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'toolscope-tap-bounds-')), 'huge.cassette.jsonl');
    const tap = spawn(process.execPath, [BIN, 'tap', '--out', out, '--no-page', '--', process.execPath, SERVER], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // The host side: reads lines, keeping only their sizes and the short ones.
    const answers: { bytes: number; text?: string }[] = [];
    let partial = 0;
    let head = '';
    const waiters: (() => void)[] = [];
    tap.stdout.on('data', (chunk: Buffer) => {
      let start = 0;
      for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, start)) {
        const piece = chunk.subarray(start, index);
        const bytes = partial + piece.length;
        if (head.length < 4096) head += piece.toString('utf8', 0, Math.min(piece.length, 4096));
        answers.push({ bytes, ...(bytes < 4096 ? { text: head } : {}) });
        partial = 0;
        head = '';
        start = index + 1;
        waiters.shift()?.();
      }
      const rest = chunk.subarray(start);
      partial += rest.length;
      if (head.length < 4096) head += rest.toString('utf8', 0, Math.min(rest.length, 4096));
    });
    const answered = (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => (answers.length >= count ? resolve() : waiters.push(check));
        check();
      });
    const write = (message: unknown) => tap.stdin.write(`${JSON.stringify(message)}\n`);

    write({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw-host', version: '1' } },
    });
    await answered(1);
    write({ jsonrpc: '2.0', method: 'notifications/initialized' });
    write({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    await answered(2);
    const before = rssMb(tap.pid!);
    write({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'huge', arguments: { mb: 100 } } });
    await answered(4);
    write({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'small', arguments: {} } });
    await answered(5);
    const peak = peakMb(tap.pid!);
    tap.stdin.end();
    const code = await new Promise<number | null>((resolve) => tap.once('close', resolve));

    expect(answers[2]?.text).toBe('Debug: building a huge answer (this line is not JSON-RPC)');
    expect(answers[3]?.bytes).toBeGreaterThan(100 * 1024 * 1024);
    expect(answers[4]?.text).toContain('"ok"');
    expect(code).toBe(0);
    console.log(`tap's memory: ${before.toFixed(0)} MB resident before the 100 MB answer, ${peak.toFixed(0)} MB at its peak`);
    // The answer is 100 MB: a tap that held it (or its copy as a string) would pass 200 MB more.
    expect(peak - before).toBeLessThan(64);

    const cassette = parseCassette(readFileSync(out, 'utf8'));
    if ('error' in cassette) throw new Error(cassette.error);
    const wire = (cassette.wire ?? []).filter(isWireLine);
    expect(wire.find((line) => line.omitted)?.bytes).toBe(answers[3]?.bytes);
    expect(wire.find((line) => line.text?.startsWith('Debug:') && !line.omitted)?.from).toBe('server');
    // The huge answer still answers its request (its id read from its last characters): only the stray line is a finding.
    expect(hostFindings(wire, { ended: true }).map((finding) => finding.rule)).toEqual(['not-json']);
    expect(
      cassette.exchanges.map((exchange) => `${exchange.method} ${typeof exchange.params.name === 'string' ? exchange.params.name : ''}`),
    ).toEqual(['tools/list ', 'tools/call small']);
  }, 120_000);

  it('passes a message nested 100,000 levels deep on byte for byte, keeps its ends, and goes on (no stack overflow)', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'toolscope-tap-deep-')), 'deep.cassette.jsonl');
    const tap = spawn(process.execPath, [BIN, 'tap', '--out', out, '--no-page', '--', process.execPath, SERVER], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    tap.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    const lines = () => stdout.split('\n').slice(0, -1);
    const write = (message: unknown) => tap.stdin.write(`${JSON.stringify(message)}\n`);
    write({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw-host', version: '1' } },
    });
    write({ jsonrpc: '2.0', method: 'notifications/initialized' });
    write({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'deep', arguments: { levels: 100_000 } } });
    write({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'small', arguments: {} } });
    await expect.poll(() => lines().length, { timeout: 20_000 }).toBe(3);
    tap.stdin.end();
    const code = await new Promise<number | null>((resolve) => tap.once('close', resolve));

    const nested = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    expect(lines()[1]).toBe(`{"jsonrpc":"2.0","id":2,"result":{"content":[],"structuredContent":${nested}}}`);
    expect(lines()[2]).toContain('"ok"');
    expect(code).toBe(0);
    const cassette = parseCassette(readFileSync(out, 'utf8'));
    if ('error' in cassette) throw new Error(cassette.error);
    const deep = (cassette.wire ?? []).filter(isWireLine).find((line) => line.nested);
    expect(deep).toMatchObject({ from: 'server', omitted: true, bytes: Buffer.byteLength(lines()[1] ?? '') });
    expect(deep?.text?.length).toBe(8192);
    // It still answers its request (its id read from its first characters): nothing is left unanswered.
    expect(hostFindings((cassette.wire ?? []).filter(isWireLine), { ended: true })).toEqual([]);
  }, 60_000);

  it('a signal to the tap stops the server at once, and the tap exits with the server’s status', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolscope-tap-signal-'));
    const tee = fileURLToPath(new URL('../testing/teeChild.mjs', import.meta.url));
    const tap = spawn(
      process.execPath,
      [BIN, 'tap', '--out', join(dir, 'f.jsonl'), '--no-page', '--', process.execPath, tee, dir, '--', process.execPath, SERVER],
      {
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    tap.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'h', version: '1' } } })}\n`,
    );
    await new Promise((resolve) => tap.stdout.once('data', resolve));
    const pids = JSON.parse(readFileSync(join(dir, 'pids.json'), 'utf8')) as { tee: number; server: number };
    const closed = new Promise<number | null>((resolve) => tap.once('close', resolve));
    tap.kill('SIGTERM');
    // The tee (the tap's child) dies of the SIGTERM passed on: 128 + 15.
    expect(await closed).toBe(143);
    await expect.poll(() => processGone(pids.tee) && processGone(pids.server), { timeout: 10_000 }).toBe(true);
  }, 60_000);
});
