// `npm run e2e:mock [spec…]`: Toolscope's own e2e on a mock of the demo (issue 65). The given specs
// (by default the demo-driven ones below) run twice in headless Chromium: first with the tests'
// demo MCP URL pointing at `toolscope record --listen` in front of the demo, which records all
// they do; then — the proxy stopped, its cassette written — at `toolscope mock` of that cassette
// (e2e/fixtures/global-setup.ts: E2E_DEMO_RECORD / E2E_DEMO_MOCK). Prints each test that passes
// live but not on the mock with its first line of error, and the counts; exits 1 if any did.
// What a cassette cannot hold by design (notifications the server pushes: progress, elicitation,
// a stream it cuts; the time) makes some tests differ: those are printed, not hidden.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const DEFAULT_SPECS = ['e2e/forms.spec.ts', 'e2e/layout.spec.ts', 'e2e/workspace.spec.ts', 'e2e/history.spec.ts'];

interface Outcome {
  status: string;
  error: string;
}

interface Suite {
  suites?: Suite[];
  specs?: { file: string; line: number; title: string; tests: { status: string; results?: { error?: { message?: string } }[] }[] }[];
}

/** Each test's outcome ("expected", "unexpected", "flaky", "skipped") and its first error line. */
function outcomes(report: Suite, into = new Map<string, Outcome>()): Map<string, Outcome> {
  for (const suite of report.suites ?? []) outcomes(suite, into);
  for (const spec of report.specs ?? [])
    for (const test of spec.tests) {
      const message = test.results?.find((result) => result.error)?.error?.message ?? '';
      const error = stripVTControlCharacters(message).split('\n').find(Boolean) ?? '';
      into.set(`${spec.file}:${spec.line} ${spec.title}`, { status: test.status, error });
    }
  return into;
}

function pass(label: string, env: Record<string, string>, specs: string[], work: string): Map<string, Outcome> {
  const json = join(work, `${label}.json`);
  const started = performance.now();
  spawnSync('npx', ['tsx', 'scripts/run-e2e.mjs', '--reporter=dot,json', ...specs], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: json },
  });
  const seen = outcomes(JSON.parse(readFileSync(json, 'utf8')) as Suite);
  const passed = [...seen.values()].filter((outcome) => outcome.status === 'expected' || outcome.status === 'flaky').length;
  console.log(`\n${label}: ${passed} of ${seen.size} tests pass (${Math.round((performance.now() - started) / 1000)} s)`);
  return seen;
}

const specs = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_SPECS;
const work = mkdtempSync(join(tmpdir(), 'toolscope-e2e-mock-'));
const cassette = join(work, 'demo.jsonl');
let regressions = 0;
try {
  const live = pass('live, through the recording proxy', { E2E_DEMO_RECORD: cassette }, specs, work);
  const lines = readFileSync(cassette, 'utf8').trim().split('\n').length - 1;
  console.log(`cassette: ${lines} exchanges`);
  const mock = pass('on the mock of that recording', { E2E_DEMO_MOCK: cassette }, specs, work);
  for (const [test, outcome] of live) {
    const ok = (status?: string) => status === 'expected' || status === 'flaky';
    if (!ok(outcome.status)) console.log(`live failed (the demo's, not the mock's): ${test}: ${outcome.error}`);
    else if (!ok(mock.get(test)?.status)) {
      regressions++;
      console.log(`passes live, not on the mock: ${test}: ${mock.get(test)?.error ?? 'not run'}`);
    }
  }
  console.log(`${regressions} test(s) pass live but not on the mock.`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(regressions ? 1 : 0);
