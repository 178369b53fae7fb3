// `npm run conformance:mock`: does a mock stand in for the server it was recorded from? The official
// conformance suite's server scenarios (each revision's required ones, 2026-07-28 and 2025-11-25)
// run against the demo through `toolscope record --listen` (the recording proxy), then — the proxy
// stopped, its cassette written — against `toolscope mock` serving that cassette. Prints one table;
// exits 1 when a scenario that passed live fails on the mock (the demo's own failures are its own:
// it has none of the suite's test_* tools and prompts). The suite acts as a client here: nothing
// of it listens, and every server it reaches is ours, on 127.0.0.1.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCliServer, startDemoServer } from '../server/testing/testServers.ts';
import { NODE, SUITE, countChecks, installSuite, scenariosOf, table } from './conformanceSuite.ts';

const VERSIONS = ['2026-07-28', '2025-11-25'];
/** A scenario that has not finished by then has failed (the suite's own timeouts are shorter). */
const SCENARIO_TIMEOUT_MS = 120_000;

interface Outcome {
  pass: boolean;
  passed: number;
  total: number;
  failed: string[];
}

function runScenario(url: string, version: string, scenario: string, work: string): Promise<Outcome> {
  const dir = mkdtempSync(join(work, 'run-'));
  return new Promise((done) => {
    const child = spawn(NODE, [SUITE, 'server', '--url', url, '--scenario', scenario, '--spec-version', version, '-o', dir], {
      stdio: 'ignore',
      timeout: SCENARIO_TIMEOUT_MS,
    });
    child.on('close', (code) => {
      const { passed, total, failed } = countChecks(dir);
      done({ pass: code === 0 && failed.length === 0 && total > 0, passed, total, failed });
    });
  });
}

const shown = (outcome: Outcome) => `${outcome.pass ? 'pass' : 'fail'} ${outcome.passed}/${outcome.total}`;

installSuite();
const work = mkdtempSync(join(tmpdir(), 'toolscope-conformance-mock-'));
const demo = await startDemoServer();
const lines: string[][] = [];
let regressions = 0;
try {
  for (const version of VERSIONS) {
    const scenarios = scenariosOf(version, 'server').filter((scenario) => scenario.scored);
    if (!scenarios.length) throw new Error(`The suite lists no server scenarios for ${version}.`);
    const cassette = join(work, `demo-${version}.jsonl`);
    const era = version === '2025-11-25' ? ['--era', 'legacy'] : [];
    const proxy = await startCliServer(['record', '--out', cassette, '--listen', '0', '--stop-after', '1800', ...era, demo.url]);
    const live = new Map<string, Outcome>();
    for (const { name } of scenarios) {
      live.set(name, await runScenario(proxy.url, version, name, work));
      process.stderr.write(live.get(name)?.pass ? '.' : 'f');
    }
    const recorded = await proxy.stopped();
    process.stderr.write('\n');
    if (recorded.code !== 0) throw new Error(`The recording proxy wrote no cassette for ${version}:\n${recorded.printed}`);
    const mock = await startCliServer(['mock', cassette, '--stop-after', '1800']);
    try {
      for (const { name } of scenarios) {
        const before = live.get(name) as Outcome;
        const after = await runScenario(mock.url, version, name, work);
        process.stderr.write(after.pass ? '.' : 'f');
        const regressed = before.pass && !after.pass;
        if (regressed) regressions++;
        const note = regressed
          ? `the mock fails what the demo passed: ${after.failed.join(', ') || 'no checks'}`
          : !before.pass && after.pass
            ? 'passes on the mock only'
            : before.passed !== after.passed || before.total !== after.total
              ? `checks differ: ${after.failed.join(', ')}`
              : '';
        lines.push([version, name, shown(before), shown(after), note.slice(0, 200)]);
      }
    } finally {
      await mock.stop();
      process.stderr.write('\n');
    }
  }
} finally {
  await demo.stop();
  rmSync(work, { recursive: true, force: true });
}

console.log(table(['version', 'scenario', 'live (through the proxy)', 'mock of the recording', 'note'], lines));
for (const version of VERSIONS) {
  const mine = lines.filter((line) => line[0] === version);
  const livePassed = mine.filter((line) => line[2]?.startsWith('pass')).length;
  const mockPassed = mine.filter((line) => line[2]?.startsWith('pass') && line[3]?.startsWith('pass')).length;
  console.log(`${version}: ${livePassed} of ${mine.length} pass live; the mock passes ${mockPassed} of those ${livePassed}.`);
}
process.exit(regressions ? 1 : 0);
