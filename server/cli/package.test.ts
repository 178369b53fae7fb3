// The installable package: `npm pack` (from a copy of the sources, so the clone's dist/ is not
// rebuilt under other suites), installed into an empty folder with production dependencies
// only, then `npx toolscope`, `npx toolscope -- <stdio server>`, `npx toolscope report -- …`, `npx toolscope tap` and `npx toolscope mcp`
// from there — Node alone, no tsx, no Vite, no TypeScript; and `toolscope/testing` from an author's
// own tests: docs/examples run with node:test and Vitest against the demo, type-checked by tsc; and
// the GitHub Action (action.yml): its steps run as a runner runs a composite action's bash steps —
// inputs into each step's env, the runner's variables set — with the packed tarball as its package.
import { execFileSync, spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, startToolscopeCli, stdioServers } from '../testing/testServers.ts';
import { packageRoot } from '../serveApp.ts';

const root = packageRoot();
const SOURCES = [
  'bin',
  'build',
  'public',
  'schemas',
  'server',
  'src',
  'types',
  'index.html',
  'oauth-callback.html',
  'package.json',
  'README.md',
  'tsconfig.json',
  'vite.config.ts',
  'vite.node.config.ts',
];
let work: string;
let installed: string;
let tarball: string;
const npx = ['npx', '--no-install', 'toolscope'];

/** A child's exit status and output — not spawnSync where a server answers from this process, whose loop must keep turning. */
function spawned(command: string, args: string[], options: SpawnOptions) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'toolscope-package-'));
  const source = join(work, 'source');
  mkdirSync(source);
  for (const entry of SOURCES) cpSync(join(root, entry), join(source, entry), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(source, 'node_modules'), 'dir');
  const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', work], {
    cwd: source,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  tarball = join(work, packed.trim().split('\n').at(-1) ?? '');
  installed = join(work, 'user');
  mkdirSync(installed);
  writeFileSync(join(installed, 'package.json'), '{ "name": "a-users-folder", "private": true }\n');
  execFileSync('npm', ['install', '--offline', '--omit=dev', '--no-audit', '--no-fund', tarball], { cwd: installed, stdio: 'ignore' });
}, 300_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the installed package', () => {
  it('holds the built page, the compiled server and the bin — no sources, no dependencies', () => {
    const size = statSync(tarball).size;
    console.log(`toolscope package: ${tarball.split('/').at(-1)} is ${(size / 1024 / 1024).toFixed(2)} MB`);
    expect(size).toBeLessThan(10 * 1024 * 1024);
    const listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(listing).toEqual(
      expect.arrayContaining([
        'package/bin/toolscope.mjs',
        'package/dist/index.html',
        'package/dist-node/toolscope.mjs',
        'package/dist-node/testing.mjs',
        'package/types/testing.d.ts',
        'package/schemas/toolscope-suite.schema.json',
        'package/README.md',
      ]),
    );
    expect(listing.filter((file) => /\.(ts|tsx|map)$/.test(file) && !file.endsWith('.d.ts'))).toEqual([]);
    // Only Toolscope itself was installed: the bundle needs nothing else.
    expect(readdirSync(join(installed, 'node_modules')).filter((entry) => !entry.startsWith('.'))).toEqual(['toolscope']);
    for (const absent of ['tsx', 'vite', 'typescript']) expect(existsSync(join(installed, 'node_modules', absent))).toBe(false);
  });

  it('npx toolscope --help, and a usage error is one line with exit 2', () => {
    const help = spawnSync(npx[0] ?? 'npx', [...npx.slice(1), '--help'], { cwd: installed, encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('toolscope [options] -- <command> [args…]');
    // `toolscope test` reads its suite's schema from the bundle: a suite that breaks it is said, exit 2.
    writeFileSync(join(installed, 'bad-suite.json'), '{"tests":[{"name":"x","tool":"t","expect":{"outcom":"ok"}}]}');
    const suite = spawnSync(npx[0] ?? 'npx', [...npx.slice(1), 'test', 'bad-suite.json', 'http://127.0.0.1:9/mcp'], {
      cwd: installed,
      encoding: 'utf8',
    });
    expect(suite.status).toBe(2);
    expect(suite.stderr).toContain('tests.0.expect has an unknown key "outcom"');
    const wrong = spawnSync(npx[0] ?? 'npx', [...npx.slice(1), '--frobnicate'], { cwd: installed, encoding: 'utf8' });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr.trim()).toBe('toolscope: unknown option --frobnicate (see toolscope --help).');
  });

  it('npx toolscope -- <a stdio server>: the page, and the bridge answering with the page’s token', async () => {
    const toolscope = await startToolscopeCli(['--', ...stdioServers.everything()], { launcher: npx, cwd: installed });
    try {
      const origin = toolscope.origin.replace(/\/$/, '');
      const page = await fetch(toolscope.link);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      const session = (await (await fetch(`${origin}/proxy/session`, { headers: { origin } })).json()) as {
        stdio: { path: string; token: string };
      };
      expect(toolscope.server).toBe(`${origin}${session.stdio.path}`);
      const answer = await fetch(toolscope.server, {
        method: 'POST',
        headers: {
          origin,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'x-toolscope-stdio-token': session.stdio.token,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'package-test', version: '1' } },
        }),
      });
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('"name":"mcp-servers/everything"');
    } finally {
      await toolscope.stop();
    }
  }, 60_000);

  it('npx toolscope: the demo server', async () => {
    const toolscope = await startToolscopeCli([], { launcher: npx, cwd: installed });
    try {
      expect(toolscope.server).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect((await fetch(toolscope.origin)).status).toBe(200);
    } finally {
      await toolscope.stop();
    }
  }, 60_000);

  it('npx toolscope report -- <a stdio server> --format json', () => {
    const report = spawnSync(npx[0] ?? 'npx', [...npx.slice(1), 'report', '--format', 'json', '--', ...stdioServers.everything()], {
      cwd: installed,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(report.stderr).not.toMatch(/Error|toolscope:/);
    expect([0, 1]).toContain(report.status);
    const parsed = JSON.parse(report.stdout) as { server: { name: string; protocolVersion: string }; tools: number; score: number };
    expect(parsed.server).toMatchObject({ name: 'mcp-servers/everything', protocolVersion: '2025-11-25' });
    expect(parsed.tools).toBeGreaterThan(10);
    expect(parsed.score).toBeGreaterThan(0);
  }, 90_000);

  it('npx toolscope tap: the report, as a host, through the installed tap — the server the same, the wire in its cassette', () => {
    const out = join(work, 'tapped.jsonl');
    const report = spawnSync(
      npx[0] ?? 'npx',
      [...npx.slice(1), 'report', '--format', 'json', '--', ...npx, 'tap', '--out', out, '--', ...stdioServers.everything()],
      { cwd: installed, encoding: 'utf8', timeout: 60_000 },
    );
    expect([0, 1]).toContain(report.status);
    expect((JSON.parse(report.stdout) as { server: { name: string } }).server.name).toBe('mcp-servers/everything');
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ cassette: 2, tap: { transport: 'stdio' } });
    expect(lines.filter((line) => line.includes('"method":"tools/list"')).length).toBeGreaterThan(0);
  }, 90_000);

  it('npx toolscope mcp: the agent server, reported on by npx toolscope report (Node alone)', () => {
    const report = spawnSync(npx[0] ?? 'npx', [...npx.slice(1), 'report', '--format', 'json', '--', ...npx, 'mcp'], {
      cwd: installed,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(report.status).toBe(0);
    const parsed = JSON.parse(report.stdout) as { server: { name: string }; tools: number; findings: { severity: string }[] };
    expect(parsed.server.name).toBe('toolscope');
    expect(parsed.tools).toBe(5);
    expect(parsed.findings.filter((finding) => finding.severity !== 'info')).toEqual([]);
  }, 90_000);

  it('toolscope/testing: the docs’ node:test example passes against the demo and fails on a wrong expectation; the Vitest example passes and type-checks', async () => {
    const demo = await startDemoServer();
    try {
      // An author's repository: the installed package, and their own test runner and types.
      const consumer = join(work, 'consumer');
      mkdirSync(join(consumer, 'node_modules', '@types'), { recursive: true });
      symlinkSync(join(installed, 'node_modules', 'toolscope'), join(consumer, 'node_modules', 'toolscope'), 'dir');
      symlinkSync(join(root, 'node_modules', 'vitest'), join(consumer, 'node_modules', 'vitest'), 'dir');
      symlinkSync(join(root, 'node_modules', '@types', 'node'), join(consumer, 'node_modules', '@types', 'node'), 'dir');
      writeFileSync(join(consumer, 'package.json'), '{ "name": "a-servers-tests", "private": true, "type": "module" }\n');
      for (const example of ['testing.node-test.mjs', 'testing.vitest.test.ts'])
        cpSync(join(root, 'docs', 'examples', example), join(consumer, example));
      // Not this run's own Vitest settings: the author's runner starts afresh.
      const env = {
        ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(VITEST|TEST$|NODE_OPTIONS$)/.test(key))),
        SERVER_URL: demo.url,
      };
      const run = (args: string[], more: Record<string, string> = {}) =>
        spawned(process.execPath, args, { cwd: consumer, env: { ...env, ...more }, timeout: 90_000 });

      const passing = await run(['--test', 'testing.node-test.mjs']);
      expect(passing.status, passing.stdout + passing.stderr).toBe(0);
      expect(passing.stdout).toContain('# pass 2');
      const failing = await run(['--test', 'testing.node-test.mjs'], { QUANTITY: '3' });
      expect(failing.status).toBe(1);
      expect(failing.stdout).toContain('not ok 1 - a basket takes a cable');
      expect(failing.stdout).toMatch(/expected: 2\s+actual: 3/);

      const vitest = await run([join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--root', consumer, 'testing.vitest.test.ts']);
      expect(vitest.status, vitest.stdout + vitest.stderr).toBe(0);
      expect(vitest.stdout).toMatch(/Tests\s+.*2 passed/);
      const wrong = await run([join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--root', consumer, 'testing.vitest.test.ts'], {
        EXPECTED_ID: 'prd_cab_999',
      });
      expect(wrong.status).toBe(1);

      // The package's types, checked (skipLibCheck off) with the example that uses them.
      writeFileSync(
        join(consumer, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            module: 'nodenext',
            moduleResolution: 'nodenext',
            target: 'es2022',
            lib: ['es2022', 'esnext.disposable'],
            types: ['node'],
            noEmit: true,
            skipLibCheck: false,
          },
          files: ['testing.vitest.test.ts', 'node_modules/toolscope/types/testing.d.ts'],
        }),
      );
      const tsc = await run([join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json']);
      expect(tsc.status, tsc.stdout).toBe(0);
    } finally {
      await demo.stop();
    }
  }, 240_000);

  it('the GitHub Action: its steps pass a green suite, a lock and a load budget, fail a wrong suite with annotations, and start a command in both eras', async () => {
    const demo = await startDemoServer();
    try {
      const action = parseYaml(readFileSync(join(root, 'action.yml'), 'utf8')) as {
        inputs: Record<string, { default?: string }>;
        runs: { using: string; steps: { name: string; shell: string; env: Record<string, string>; run: string }[] };
      };
      expect(action.runs.using).toBe('composite');
      const workspace = join(work, 'workspace');
      mkdirSync(workspace);
      writeFileSync(
        join(workspace, 'green.yaml'),
        'tests:\n  - name: finds the cable\n    tool: search_catalog\n    arguments: { query: usb cable }\n    expect:\n      structuredContent:\n        "$.products[0].id": prd_cab_001\n',
      );
      writeFileSync(
        join(workspace, 'red.json'),
        JSON.stringify({
          tests: [
            {
              name: 'wrong id',
              tool: 'search_catalog',
              arguments: { query: 'usb cable' },
              expect: { structuredContent: { '$.products[0].id': 'prd_nope' } },
            },
          ],
        }),
      );
      writeFileSync(
        join(workspace, 'echo.json'),
        JSON.stringify({ tests: [{ name: 'echo', tool: 'echo', arguments: { message: 'ci' } }] }),
      );
      // A lock of the dual-era server, and one that holds a tool the server no longer lists (a breaking drift).
      const dualEra = `${process.execPath} ${fileURLToPath(new URL('../testing/dualEra.mjs', import.meta.url))}`;
      const lock = await spawned(
        npx[0] ?? 'npx',
        [...npx.slice(1), 'lock', '--out', join(workspace, 'dual.lock.json'), '--', ...dualEra.split(' ')],
        {
          cwd: installed,
        },
      );
      expect(lock.status, lock.stdout + lock.stderr).toBe(0);
      expect(lock.stderr).toContain('Locked 1 tool of dual-era');
      const locked = JSON.parse(readFileSync(join(workspace, 'dual.lock.json'), 'utf8')) as { tools: Record<string, unknown> };
      writeFileSync(
        join(workspace, 'drifted.lock.json'),
        JSON.stringify({ ...locked, tools: { ...locked.tools, shout: locked.tools.echo } }),
      );

      /** Runs every step as the runner would: `${{ inputs.x }}` in env only (never in a script), bash, GITHUB_* set. */
      const runAction = async (inputs: Record<string, string>) => {
        const summary = join(workspace, `summary-${Date.now()}.md`);
        const steps: { name: string; status: number | null; stdout: string; stderr: string }[] = [];
        for (const step of action.runs.steps) {
          expect(step.shell).toBe('bash');
          expect(step.run, 'an input pasted into a script can inject commands').not.toContain('${{');
          const env = Object.fromEntries(
            Object.entries(step.env).map(([name, value]) => {
              const input = /^\$\{\{ inputs\.([a-z-]+) \}\}$/.exec(value)?.[1];
              if (!input) throw new Error(`${step.name}: ${name} is not an input`);
              return [name, inputs[input] ?? action.inputs[input]?.default ?? ''];
            }),
          );
          const outcome = await spawned('bash', ['-e', '-c', step.run], {
            cwd: workspace,
            env: {
              ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(VITEST|TEST$|NODE_OPTIONS$)/.test(key))),
              ...env,
              GITHUB_ACTIONS: 'true',
              GITHUB_ACTION_PATH: root,
              GITHUB_STEP_SUMMARY: summary,
              npm_config_offline: 'true',
            },
            timeout: 120_000,
          });
          steps.push({ name: step.name, ...outcome });
          if (outcome.status !== 0) break; // a failed step ends the job
        }
        return { steps, summary: existsSync(summary) ? readFileSync(summary, 'utf8') : '' };
      };

      const green = await runAction({
        toolscope: tarball,
        server: demo.url,
        suite: 'green.yaml',
        'load-tool': 'search_catalog',
        'load-arguments': '{"query":"usb"}',
        'load-budget': 'p95<5s errors<1%',
        'load-requests': '20',
      });
      expect(
        green.steps.map((step) => [step.name, step.status]),
        JSON.stringify(green.steps.at(-1)),
      ).toEqual([
        ['toolscope test', 0],
        ['toolscope report --lock', 0],
        ['toolscope load', 0],
      ]);
      expect(green.steps[0]?.stdout).toMatch(/✓ finds the cable \(search_catalog, \d+ ms\)/);
      expect(green.steps[1]?.stdout).toContain('no lock file given, no lock step');
      expect(green.steps[2]?.stdout).toMatch(/p95<5s/);
      expect(green.summary).toContain('| finds the cable | search_catalog | passed |');

      const red = await runAction({ toolscope: tarball, server: demo.url, suite: 'red.json' });
      expect(red.steps.map((step) => [step.name, step.status])).toEqual([['toolscope test', 1]]);
      expect(red.steps[0]?.stderr).toContain(
        '::error title=toolscope test%3A wrong id::$.products[0].id: expected "prd_nope", got "prd_cab_001"',
      );

      // A command (stdio), both eras, a lock that holds, a load on its one tool (not marked read-only: allowed).
      const stdio = await runAction({
        toolscope: tarball,
        command: dualEra,
        suite: 'echo.json',
        era: 'both',
        lock: 'dual.lock.json',
        'load-tool': 'echo',
        'load-arguments': '{"message":"ci"}',
        'load-requests': '20',
        'allow-destructive': 'true',
      });
      expect(
        stdio.steps.map((step) => step.status),
        JSON.stringify(stdio.steps.at(-1)),
      ).toEqual([0, 0, 0]);
      expect(stdio.steps[0]?.stdout).toMatch(/\(2025-11-25\)[\s\S]*✓ echo[\s\S]*\(2026-07-28\)[\s\S]*✓ echo/);

      const drifted = await runAction({ toolscope: tarball, command: dualEra, lock: 'drifted.lock.json' });
      expect(drifted.steps.map((step) => step.status)).toEqual([0, 1]);
      expect(drifted.steps[0]?.stdout).toContain('no suite given, no test step');
      expect(drifted.steps[1]?.stdout).toMatch(/shout/);
    } finally {
      await demo.stop();
    }
  }, 300_000);
});
