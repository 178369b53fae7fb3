// The plan `toolscope load --export artillery` writes, run by Artillery itself (loadtest/: Artillery
// and the Node >= 22 it needs, a package of its own, installed here on first use with
// PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1): its count of requests against what the server counted, its
// ensure checks, and each era's shape — the 2026 wire (stateless), a 2025 server with sessions
// (server-everything: each virtual user initializes and keeps its Mcp-Session-Id), and the demo.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoadServer, type LoadServer } from '../testing/loadServer.ts';
import { startDemoServer, startEverything, type RunningServer } from '../testing/testServers.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HOME = join(ROOT, 'loadtest');
const NODE = join(HOME, 'node_modules/.bin/node');
const ARTILLERY = join(HOME, 'node_modules/artillery/bin/run');
const BIN = join(ROOT, 'bin/toolscope.mjs');

type Run = { code: number; stdout: string; stderr: string };
const run = (command: string, args: string[], env: Record<string, string> = {}): Promise<Run> =>
  new Promise((resolve) => {
    execFile(command, args, { encoding: 'utf8', timeout: 120_000, env: { ...process.env, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

let dir: string;
beforeAll(() => {
  if (!existsSync(ARTILLERY) || !existsSync(NODE)) {
    const installed = spawnSync('npm', ['ci', '--prefix', HOME, '--no-audit', '--no-fund', '--loglevel=error'], {
      stdio: 'inherit',
      env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
    });
    if (installed.status !== 0) throw new Error('Could not install loadtest/ (npm ci --prefix loadtest).');
  }
  dir = mkdtempSync(join(tmpdir(), 'toolscope-artillery-'));
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Exports the plan, runs it with Artillery; Artillery's aggregate counters and its exit status. */
async function exportAndRun(url: string, args: string[]) {
  const plan = join(dir, `plan-${Math.random().toString(36).slice(2)}.yml`);
  const exported = await run(process.execPath, [BIN, 'load', ...args, '--export', 'artillery', '--output', plan, url]);
  expect(exported.code, exported.stderr).toBe(0);
  const report = `${plan}.json`;
  const artillery = await run(NODE, [ARTILLERY, 'run', '--output', report, plan], { ARTILLERY_DISABLE_TELEMETRY: 'true' });
  const counters = (JSON.parse(readFileSync(report, 'utf8')) as { aggregate: { counters: Record<string, number> } }).aggregate.counters;
  return { exported, artillery, counters };
}

describe('the exported plan, run by Artillery', () => {
  let server: LoadServer;
  beforeAll(async () => {
    server = await startLoadServer(5);
  });
  afterAll(() => server.stop());

  it('2026 wire, closed loop: Artillery sends what the plan says, and the server counts the same', async () => {
    const { exported, artillery, counters } = await exportAndRun(server.url, [
      '--tool',
      'echo',
      '--args',
      '{"message":"hi"}',
      '--requests',
      '30',
      '--concurrency',
      '4',
      '--budget',
      'p95<2s',
    ]);
    expect(exported.stderr).toMatch(/= 32 tools\/call requests/);
    expect(artillery.code, artillery.stdout).toBe(0);
    expect(artillery.stdout).toMatch(/ok: http\.response_time\.p95 < 2000/);
    expect(counters['http.requests']).toBe(32);
    expect(counters['http.codes.200']).toBe(32);
    expect(server.calls.get('echo')).toBe(32);
  }, 120_000);

  it('a breached budget fails Artillery too', async () => {
    const { artillery } = await exportAndRun(server.url, [
      '--tool',
      'echo',
      '--args',
      '{"message":"x"}',
      '--requests',
      '4',
      '--budget',
      'p95<0ms',
    ]);
    expect(artillery.code).not.toBe(0);
    expect(artillery.stdout).toMatch(/fail: http\.response_time\.p95 < 0/);
  }, 120_000);
});

describe('the exported plan on others’ servers and the demo', () => {
  let everything: RunningServer;
  let demo: RunningServer;
  beforeAll(async () => {
    [everything, demo] = await Promise.all([startEverything(), startDemoServer({ rateLimit: { calls: 10_000, windowMs: 10_000 } })]);
  }, 60_000);
  afterAll(() => Promise.all([everything.stop(), demo.stop()]));

  it('server-everything (2025, sessions): each user initializes and keeps its session; every call answered', async () => {
    const { exported, artillery, counters } = await exportAndRun(everything.url, [
      '--tool',
      'echo',
      '--args',
      '{"message":"hi"}',
      '--requests',
      '20',
      '--rate',
      '10',
      '--concurrency',
      '4',
    ]);
    expect(exported.stderr).toMatch(/10 users a second for 2 s/);
    expect(artillery.code, artillery.stdout).toBe(0);
    // 20 users: initialize, initialized, the call.
    expect(counters['vusers.created']).toBe(20);
    expect(counters['vusers.failed']).toBe(0);
    expect(counters['http.requests']).toBe(60);
  }, 120_000);

  it('the demo (2026): search_catalog under the plan, every request a 200', async () => {
    const { artillery, counters } = await exportAndRun(demo.url, [
      '--tool',
      'search_catalog',
      '--args',
      '{"query":"lamp"}',
      '--requests',
      '24',
      '--concurrency',
      '3',
    ]);
    expect(artillery.code, artillery.stdout).toBe(0);
    expect(counters['http.codes.200']).toBe(24);
  }, 120_000);
});
