// `npm run conformance`: the official MCP conformance suite's client scenarios, for 2026-07-28
// and 2025-11-25, and those of the extensions Toolscope implements (Skills), against Toolscope's
// adapter (scripts/conformance-client.ts, built on src/mcp).
// The suite's fake servers listen on all interfaces, so everything runs inside a fresh network
// namespace with only loopback up: nothing is reachable from outside this machine. Where such a
// namespace cannot be made, nothing runs. The suite needs Node >= 22: conformance/ holds it and
// the suite as an npm package of their own (installed here on first use), so the app's scripts
// keep running on the machine's Node. Prints one table; exits 1 when a scenario fails, 2 when
// nothing could run in isolation (0 instead with --skip-if-unisolated, as `npm test` passes it).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { NODE, ROOT, SUITE, countChecks, installSuite, scenariosOf, suite, table } from './conformanceSuite.ts';

const VERSIONS = ['2026-07-28', '2025-11-25'];
const CONCURRENCY = 2;
// Extensions Toolscope implements: their client scenarios sit off the spec timeline (run with
// --force), reported under "extension" and failing the run like any other: Skills (SEP-2640) and
// the auth extensions — client credentials with a secret and with a private-key JWT (SEP-1046),
// DPoP (SEP-1932), workload identity (jwt-bearer) and enterprise-managed authorization (SEP-990),
// signed in by src/mcp/auth/machineAuth.ts. A revision's listing names them too; they run once, here.
const EXTENSION_SCENARIOS = [
  'auth/client-credentials-basic',
  'auth/client-credentials-jwt',
  'auth/dpop',
  'auth/dpop-nonce',
  'auth/wif-jwt-bearer',
  'auth/enterprise-managed-authorization',
  'sep-2640-client-no-prefetch',
  'sep-2640-client-verify-digest',
  'sep-2640-client-verify-size',
  'sep-2640-client-verify-frontmatter',
];
const EXTENSION = 'extension';

if (process.env.TOOLSCOPE_CONFORMANCE_ISOLATED !== '1') {
  installSuite();
  // Re-run this script inside its own network namespace (unprivileged via a user namespace when not root).
  const flags = process.getuid?.() === 0 ? ['-n'] : ['-rn'];
  const probe = spawnSync('unshare', [...flags, 'sh', '-c', 'ip link set lo up'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    const why = probe.error?.message ?? (probe.stderr.trim() || `exit ${probe.status}`);
    console.error(
      `Not run: could not make an isolated network namespace (unshare ${flags.join(' ')}, then ip link set lo up: ${why}). The suite's servers listen on all interfaces and must not be reachable from outside this machine.`,
    );
    process.exit(process.argv.includes('--skip-if-unisolated') ? 0 : 2);
  }
  const inner = spawnSync(
    'unshare',
    [...flags, 'sh', '-c', 'ip link set lo up && exec "$0" "$@"', process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    { stdio: 'inherit', env: { ...process.env, TOOLSCOPE_CONFORMANCE_ISOLATED: '1' } },
  );
  if (inner.status === null) process.exit(1);
  process.exit(inner.status);
}

// Inside: prove the isolation before starting anything.
const outside = Object.entries(networkInterfaces()).filter(([name]) => name !== 'lo');
if (outside.length) {
  console.error(`Not run: interfaces other than loopback are present (${outside.map(([name]) => name).join(', ')}).`);
  process.exit(2);
}

interface Row {
  version: string;
  scenario: string;
  outcome: 'pass' | 'fail' | 'not run';
  passed: number;
  total: number;
  note: string;
}

function runScenario(version: string, scenario: string, work: string): Promise<Row> {
  const dir = mkdtempSync(join(work, 'run-'));
  const command = `npm run --prefix ${ROOT} --silent conformance-client --`;
  const when = version === EXTENSION ? ['--force'] : ['--spec-version', version];
  return new Promise((done) => {
    const child = spawn(NODE, [SUITE, 'client', '--command', command, '--scenario', scenario, ...when, '-o', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      const { passed, total, failed } = countChecks(dir);
      const outcome = code === 0 && failed.length === 0 ? 'pass' : 'fail';
      const note = failed.length ? `failed: ${failed.join(', ')}` : outcome === 'fail' ? output.trim().split('\n').slice(-3).join(' ') : '';
      done({ version, scenario, outcome, passed, total, note: note.slice(0, 300) });
    });
  });
}

const work = mkdtempSync(join(tmpdir(), 'toolscope-conformance-'));
const rows: Row[] = [];
try {
  for (const version of VERSIONS) {
    const queue = scenariosOf(version, 'client');
    if (!queue.length) throw new Error(`The suite lists no client scenarios for ${version}.`);
    const pending = [...queue];
    const results: Row[] = [];
    const worker = async () => {
      for (let next = pending.shift(); next; next = pending.shift()) {
        if (next.extension) {
          // Run once, under "extension" below; one Toolscope does not implement is said so.
          if (!EXTENSION_SCENARIOS.includes(next.name))
            results.push({
              version,
              scenario: next.name,
              outcome: 'not run',
              passed: 0,
              total: 0,
              note: 'an extension Toolscope does not implement',
            });
          continue;
        }
        const row = await runScenario(version, next.name, work);
        if (!next.scored) row.note = `not scored for ${version}${row.note ? `; ${row.note}` : ''}`;
        results.push(row);
        process.stderr.write(`${row.outcome === 'pass' ? '.' : 'F'}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    process.stderr.write('\n');
    rows.push(...queue.map((item) => results.find((row) => row.scenario === item.name)).filter((row): row is Row => row !== undefined));
  }
  const listed = suite(['list', '--client']).stdout;
  for (const scenario of EXTENSION_SCENARIOS) {
    const row = listed.includes(`- ${scenario} `)
      ? await runScenario(EXTENSION, scenario, work)
      : { version: EXTENSION, scenario, outcome: 'fail' as const, passed: 0, total: 0, note: 'not in this version of the suite' };
    rows.push(row);
    process.stderr.write(`${row.outcome === 'pass' ? '.' : 'F'}`);
  }
  process.stderr.write('\n');
} finally {
  rmSync(work, { recursive: true, force: true });
}

const lines = rows.map((row) => [row.version, row.scenario, row.outcome, row.total ? `${row.passed}/${row.total}` : '–', row.note]);
console.log(table(['version', 'scenario', 'result', 'checks', 'note'], lines));
for (const version of [...VERSIONS, EXTENSION]) {
  const mine = rows.filter((row) => row.version === version);
  console.log(
    `${version}: ${mine.filter((row) => row.outcome === 'pass').length} passed, ${mine.filter((row) => row.outcome === 'fail').length} failed, ${mine.filter((row) => row.outcome === 'not run').length} not run`,
  );
}
process.exit(rows.some((row) => row.outcome === 'fail') ? 1 : 0);
