// `toolscope load` through the real command line, against a server with a known pace and failure
// schedule (server/testing/loadServer.ts, on the official SDK): the split of outcomes exact and equal
// to what the server counted, the percentiles within a tolerance of its fixed delay, budgets that
// exit 1 naming the breach, the gate refusing before any call, the mix's weights exact, timeouts
// told apart, --stateless, and the exported Artillery plan. Then server-everything's echo (others' code).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoadServer, type LoadServer } from '../testing/loadServer.ts';
import { startEverything, type RunningServer } from '../testing/testServers.ts';

const BIN = fileURLToPath(new URL('../../bin/toolscope.mjs', import.meta.url));
const DELAY_MS = 20;

function toolscope(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, 'load', ...args], { encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

interface LoadTestJson {
  server: { name: string; era: string };
  summary: {
    all: { calls: number; outcomes: Record<string, number>; p50: number; p95: number; p99: number; max: number; rps: number };
    tools: { tool: string; calls: number; outcomes: Record<string, number> }[];
    warmup: { calls: number; failed: number };
  };
  budgets: { budget: string; met: boolean; measured: string }[];
  stateless?: { connections: number; distinct: number; finding: boolean };
}

let server: LoadServer;
let dir: string;
beforeAll(async () => {
  server = await startLoadServer(DELAY_MS);
  dir = mkdtempSync(join(tmpdir(), 'toolscope-load-'));
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

const served = (tool: string) => server.calls.get(tool) ?? 0;

describe('toolscope load', () => {
  it('counts every outcome on its own channel, exactly as the server saw them, with percentiles near the fixed delay', async () => {
    const before = served('steady');
    const { code, stdout } = await toolscope([
      '--tool',
      'steady',
      '--requests',
      '100',
      '--concurrency',
      '4',
      '--warmup',
      '10',
      '--format',
      'json',
      server.url,
    ]);
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as LoadTestJson;
    // The warm-up's 10 calls reached the server (and were the schedule's first 10) but are not counted.
    expect(served('steady') - before).toBe(110);
    expect(result.summary.warmup.calls).toBe(10);
    expect(result.summary.all.calls).toBe(100);
    // Counts 11…110 of the schedule: every 10th a JSON-RPC error, every other 5th an isError result.
    expect(result.summary.all.outcomes).toEqual({ ok: 80, 'tool-error': 10, 'protocol-error': 10, 'transport-error': 0, timeout: 0 });
    expect(result.summary.all.p50).toBeGreaterThanOrEqual(DELAY_MS);
    expect(result.summary.all.p50).toBeLessThan(DELAY_MS + 40);
    expect(result.summary.all.max).toBeGreaterThanOrEqual(result.summary.all.p99);
    expect(result.summary.all.rps).toBeGreaterThan(0);
  });

  it('exits 1 on a breached budget and names it with its figure; JUnit has one testcase per budget', async () => {
    const output = join(dir, 'load.xml');
    const { code, stderr } = await toolscope([
      '--tool',
      'steady',
      '--requests',
      '20',
      '--budget',
      'p95<5s',
      '--budget',
      'errors<1%',
      '--budget',
      'tool-errors<=10%',
      '--format',
      'junit',
      '--output',
      output,
      server.url,
    ]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/Budget breached: errors<1% — breached: errors was 10 % \(2 of 20\)/);
    const xml = readFileSync(output, 'utf8');
    expect(xml.match(/<testcase /g)).toHaveLength(3);
    expect(xml.match(/<failure /g)).toHaveLength(1);
    expect(xml).toContain('name="errors&lt;1%"');
  });

  it('refuses a tool that may destroy data before any call, unless --allow-destructive', async () => {
    const refused = await toolscope(['--tool', 'purge_everything', '--requests', '5', server.url]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--allow-destructive/);
    expect(served('purge_everything')).toBe(0);
    const allowed = await toolscope(['--tool', 'purge_everything', '--requests', '5', '--allow-destructive', server.url]);
    expect(allowed.code).toBe(0);
    expect(served('purge_everything')).toBe(5);
  });

  it('checks the arguments against the schema before the run: nothing is sent', async () => {
    const { code, stderr } = await toolscope(['--tool', 'echo', '--args', JSON.stringify({ message: 'x'.repeat(101) }), server.url]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/Not sent — echo: 1 argument problem: \/message/);
    expect(served('echo')).toBe(0);
  });

  it('sends a weighted mix exactly, and says each tool apart', async () => {
    const before = { steady: served('steady'), echo: served('echo') };
    const { code, stdout } = await toolscope([
      '--tool',
      'steady',
      '--weight',
      '3',
      '--tool',
      'echo',
      '--args',
      '{"message":"hi"}',
      '--requests',
      '40',
      '--concurrency',
      '2',
      '--format',
      'json',
      server.url,
    ]);
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as LoadTestJson;
    expect(result.summary.tools.map((tool) => [tool.tool, tool.calls])).toEqual([
      ['steady', 30],
      ['echo', 10],
    ]);
    expect(served('steady') - before.steady).toBe(30);
    expect(served('echo') - before.echo).toBe(10);
  });

  it('counts a call over --timeout as a timeout, not a transport error', async () => {
    const { code, stdout } = await toolscope(['--tool', 'slow', '--requests', '2', '--timeout', '1', '--format', 'json', server.url]);
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as LoadTestJson;
    expect(result.summary.all.outcomes.timeout).toBe(2);
    expect(result.summary.all.outcomes['transport-error']).toBe(0);
  });

  it('--stateless: a 2026 server answering differently per connection is a finding; the same answer is not', async () => {
    const varies = await toolscope(['--tool', 'nonce', '--stateless', '3', '--requests', '1', '--format', 'json', server.url]);
    expect(varies.code).toBe(1);
    expect((JSON.parse(varies.stdout) as LoadTestJson).stateless).toEqual(
      expect.objectContaining({ connections: 3, distinct: 3, finding: true }),
    );
    const same = await toolscope([
      '--tool',
      'echo',
      '--args',
      '{"message":"same"}',
      '--stateless',
      '3',
      '--requests',
      '1',
      '--format',
      'json',
      server.url,
    ]);
    expect(same.code).toBe(0);
    expect((JSON.parse(same.stdout) as LoadTestJson).stateless).toEqual(expect.objectContaining({ distinct: 1, finding: false }));
  });

  it('--export artillery writes the plan (the era headers, the budgets as ensure checks) and calls nothing', async () => {
    const before = served('echo');
    const plan = join(dir, 'plan.yml');
    const { code, stderr } = await toolscope([
      '--tool',
      'echo',
      '--args',
      '{"message":"hi"}',
      '--requests',
      '30',
      '--concurrency',
      '4',
      '--budget',
      'p95<300ms',
      '--budget',
      'tool-errors<1%',
      '--export',
      'artillery',
      '--output',
      plan,
      server.url,
    ]);
    expect(code).toBe(0);
    expect(stderr).toMatch(/4 users × 8 rounds × 1 calls = 32 tools\/call requests \(30 asked/);
    const text = readFileSync(plan, 'utf8');
    expect(text).toContain('"MCP-Protocol-Version": "2026-07-28"');
    expect(text).toContain('"Mcp-Name": "echo"');
    expect(text).toContain('- "http.response_time.p95": 300');
    expect(text).toContain('# Not checked by Artillery: tool-errors<1%');
    expect(served('echo')).toBe(before);
  });

  it('usage errors exit 2 before connecting', async () => {
    expect((await toolscope(['--requests', '5', server.url])).stderr).toMatch(/load needs --tool NAME/);
    expect((await toolscope(['--tool', 'echo', '--budget', 'p95<fast', server.url])).code).toBe(2);
    expect((await toolscope(['--tool', 'echo', '--requests', '5', '--duration', '5', server.url])).stderr).toMatch(/not both/);
  });
});

describe('toolscope load on server-everything (others’ code)', () => {
  let everything: RunningServer;
  beforeAll(async () => {
    everything = await startEverything();
  }, 60_000);
  afterAll(() => everything.stop());

  it('loads echo at concurrency 10: every call ok', async () => {
    const { code, stdout } = await toolscope([
      '--tool',
      'echo',
      '--args',
      '{"message":"load"}',
      '--requests',
      '200',
      '--concurrency',
      '10',
      '--budget',
      'errors<1%',
      '--format',
      'json',
      everything.url,
    ]);
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as LoadTestJson;
    expect(result.summary.all.outcomes.ok).toBe(200);
    expect(result.budgets).toEqual([expect.objectContaining({ budget: 'errors<1%', met: true })]);
  });
});
