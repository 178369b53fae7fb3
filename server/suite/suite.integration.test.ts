// Issue 83's first proof: `toolscope test` against the demo, through the CLI as CI runs it — the
// chained suite passes (a basket made, its id saved and used); a wrong literal fails naming its
// JSONPath, expected and actual; a breached maxMs fails; a tool that may change data without the
// flag exits 2 having sent no call (counted on the wire by a tap between them); an unknown matcher
// exits 2 before anything is sent; JUnit and TAP parse with well-kept parsers; on GitHub Actions each
// failure is an `::error` line and the summary is written.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SaxesParser } from 'saxes';
import { Parser } from 'tap-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWireLine, messagesOfLine } from '../../src/mcp/recording/wireLog.ts';
import { runToolscope } from '../testing/runToolscope.ts';
import { startDemoServer, stdioServers, type RunningServer } from '../testing/testServers.ts';
import { listenHttpTap } from '../tap/httpTap.ts';
import { TapRecorder } from '../tap/tapRecorder.ts';
import { parseCassette } from '../../src/mcp/recording/cassette.ts';

const dir = mkdtempSync(join(tmpdir(), 'toolscope-test-'));
let demo: RunningServer;
beforeAll(async () => {
  demo = await startDemoServer();
}, 30_000);
afterAll(async () => {
  await demo.stop();
});

const suiteFile = (name: string, suite: unknown) => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(suite));
  return file;
};

const chained = {
  tests: [
    {
      name: 'a basket',
      tool: 'create_basket',
      arguments: {},
      expect: { outcome: 'ok' },
      save: { basket: '$.structuredContent.basket_id' },
    },
    {
      name: 'add a cable',
      tool: 'add_item',
      arguments: { basket_id: '${basket}', product_id: 'prd_cab_001', quantity: 2 },
      expect: {
        outcome: 'ok',
        maxMs: 2000,
        structuredContent: { '$.lines': { length: 1 }, '$.lines[0].product_id': { matches: '^prd_cab' } },
        schema: { type: 'object', required: ['lines', 'total'] },
      },
    },
  ],
};

/** The calls a run sent, counted on the wire by a tap between the CLI and the demo. */
async function sentThroughTap(args: (url: string) => string[]) {
  const out = join(dir, `tap-${Date.now()}.jsonl`);
  const recorder = new TapRecorder(out, { transport: 'http', target: demo.url, startedAt: Date.now() });
  const tap = await listenHttpTap({ url: demo.url, headers: {} }, recorder, 0);
  try {
    const outcome = await runToolscope(args(tap.url));
    return { ...outcome, calls: callsIn(out) };
  } finally {
    await tap.close();
    recorder.close();
  }
}

function callsIn(file: string) {
  const cassette = parseCassette(readFileSync(file, 'utf8'));
  if ('error' in cassette) return 0; // no handshake at all: nothing was sent
  return (cassette.wire ?? [])
    .filter(isWireLine)
    .flatMap(messagesOfLine)
    .filter((message) => message.method === 'tools/call').length;
}

describe('toolscope test', () => {
  it('runs the chained suite green: the saved basket id reaches the next call', async () => {
    const { code, stdout, stderr } = await runToolscope(['test', suiteFile('chained.json', chained), '--allow-writes', demo.url]);
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/✓ a basket \(create_basket, \d+ ms\)\n✓ add a cable \(add_item, \d+ ms\)\n2 passed, 0 failed/);
  }, 60_000);

  it('a wrong literal fails naming its path, expected and actual; a breached maxMs fails; exit 1', async () => {
    const wrong = structuredClone(chained);
    (wrong.tests[1]!.expect.structuredContent as Record<string, unknown>)['$.lines[0].product_id'] = 'prd_lamp_001';
    wrong.tests[0]!.expect = { outcome: 'ok', maxMs: 0.001 } as never;
    const { code, stdout } = await runToolscope(['test', suiteFile('wrong.json', wrong), '--allow-writes', demo.url]);
    expect(code).toBe(1);
    expect(stdout).toContain('ms: expected at most 0.001 ms, got');
    expect(stdout).toContain('$.lines[0].product_id: expected "prd_lamp_001", got "prd_cab_001"');
    expect(stdout).toContain('0 passed, 2 failed');
  }, 60_000);

  it('a tool that may change data, without its flag: exit 2 and no call reached the server', async () => {
    const { code, stderr, calls } = await sentThroughTap((url) => ['test', suiteFile('gate.json', chained), url]);
    expect(code).toBe(2);
    expect(stderr).toContain(
      'Not run: create_basket: not marked read-only (readOnlyHint), so it may change data — run with --allow-writes',
    );
    expect(calls).toBe(0);
    const destroys = { tests: [{ name: 'gone', tool: 'delete_basket', arguments: { basket_id: 'bsk_x' } }] };
    const refused = await sentThroughTap((url) => ['test', suiteFile('destroy.json', destroys), '--allow-writes', url]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/Not run: delete_basket: .* — run with --allow-destructive/);
    expect(refused.calls).toBe(0);
  }, 60_000);

  it('an unknown matcher exits 2 before anything is sent, naming its place', async () => {
    const bad = { tests: [{ name: 'x', tool: 'search_catalog', expect: { structuredContent: { '$.products': { lenght: 1 } } } }] };
    const { code, stderr, calls } = await sentThroughTap((url) => ['test', suiteFile('bad.json', bad), url]);
    expect(code).toBe(2);
    expect(stderr).toContain('tests.0.expect.structuredContent.$.products has an unknown key "lenght" (not a matcher');
    expect(calls).toBe(0);
  }, 60_000);

  it('JUnit and TAP parse; on GitHub Actions each failure is an ::error line and the summary is written', async () => {
    const mixed = {
      tests: [
        ...chained.tests,
        {
          name: 'search',
          tool: 'search_catalog',
          arguments: { query: 'usb cable' },
          expect: { structuredContent: { '$.products[0].id': 'prd_nope' } },
        },
      ],
    };
    const file = suiteFile('mixed.json', mixed);
    const junit = await runToolscope(['test', file, '--allow-writes', '--format', 'junit', demo.url]);
    expect(junit.code).toBe(1);
    const cases: { name: string; failed: boolean }[] = [];
    const xml = new SaxesParser();
    xml.on('opentag', (tag) => {
      if (tag.name === 'testcase') cases.push({ name: String(tag.attributes.name), failed: false });
      if (tag.name === 'failure') cases.at(-1)!.failed = true;
    });
    xml.write(junit.stdout).close();
    expect(cases).toEqual([
      { name: 'a basket', failed: false },
      { name: 'add a cable', failed: false },
      { name: 'search', failed: true },
    ]);

    const tap = await runToolscope(['test', file, '--allow-writes', '--format', 'tap', demo.url]);
    const results = await new Promise<{ count: number; pass: number; fail: number; failures: { name: string }[] }>((resolve) => {
      const parser = new Parser((final) => resolve(final as never));
      parser.end(tap.stdout);
    });
    expect(results).toMatchObject({ count: 3, pass: 2, fail: 1 });
    expect(results.failures[0]?.name).toBe('search');

    const summary = join(dir, 'summary.md');
    const github = await runToolscope(['test', file, '--allow-writes', demo.url], { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary });
    expect(github.stderr).toContain('::error title=toolscope test%3A search::$.products[0].id: expected "prd_nope", got "prd_cab_001"');
    expect(readFileSync(summary, 'utf8')).toContain(
      '| search | search_catalog | failed: $.products[0].id: expected "prd_nope", got "prd_cab_001" |',
    );
  }, 90_000);

  it('a snapshot: written the first run, matched the next, failed with the paths that changed, rewritten with --update', async () => {
    const snapshotSuite = (query: string) => ({
      tests: [
        {
          name: 'a basket',
          tool: 'create_basket',
          expect: { snapshot: { ignore: ['$.structuredContent.basket_id', '$.structuredContent.expires_at', '$.content'] } },
        },
        { name: 'search', tool: 'search_catalog', arguments: { query }, expect: { snapshot: true } },
      ],
    });
    const file = suiteFile('snap.json', snapshotSuite('usb cable'));
    const first = await runToolscope(['test', file, '--allow-writes', demo.url]);
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toContain('✓ search (search_catalog');
    expect(first.stdout).toContain('— snapshot written');
    const kept = JSON.parse(readFileSync(join(dir, '__snapshots__', 'snap.snap.json'), 'utf8')) as Record<
      string,
      { structuredContent?: Record<string, unknown> }
    >;
    expect(kept['a basket']?.structuredContent?.basket_id).toBe('<ignored>');
    expect(JSON.stringify(kept)).not.toContain('"_meta"');

    const second = await runToolscope(['test', file, '--allow-writes', demo.url]);
    expect(second.code, second.stdout).toBe(0);
    expect(second.stdout).not.toContain('snapshot written');

    // The demo answers another query otherwise: the snapshot fails, naming what changed.
    suiteFile('snap.json', snapshotSuite('hdmi'));
    const changed = await runToolscope(['test', file, '--allow-writes', demo.url]);
    expect(changed.code).toBe(1);
    expect(changed.stdout).toContain('✗ search (search_catalog');
    expect(changed.stdout).toContain('snapshot $.structuredContent.products[0].id: expected "prd_cab_001", got "prd_cab_002"');

    const updated = await runToolscope(['test', file, '--allow-writes', '--update', demo.url]);
    expect(updated.code).toBe(0);
    expect(updated.stdout).toContain('— snapshot updated');
    expect((await runToolscope(['test', file, '--allow-writes', demo.url])).code).toBe(0);
  }, 120_000);

  it('an answer nested 100,000 levels deep (a stdio server) fails its test with the refusal and its size; the next test runs', async () => {
    const deep = {
      tests: [
        { name: 'deep', tool: 'deep' },
        { name: 'small', tool: 'small' },
      ],
    };
    const server = fileURLToPath(new URL('../testing/hugeStdio.mjs', import.meta.url));
    const { code, stdout } = await runToolscope([
      'test',
      suiteFile('deep.json', deep),
      '--allow-destructive',
      '--',
      process.execPath,
      server,
    ]);
    expect(code).toBe(1);
    expect(stdout).toContain("Refused: the server's message nests more than 1,000 levels deep (586.0 KB); Toolscope does not read it.");
    expect(stdout).toMatch(/✓ small \(small, \d+ ms\)\n1 passed, 1 failed/);
  }, 60_000);

  it('--era both runs the suite once per era and reports each: the demo over HTTP, a dual-era stdio server sharing one snapshot', async () => {
    const { code, stdout, stderr } = await runToolscope([
      'test',
      suiteFile('both.json', chained),
      '--allow-writes',
      '--era',
      'both',
      '--format',
      'json',
      demo.url,
    ]);
    expect(code, stderr).toBe(0);
    const report = JSON.parse(stdout) as { runs: { server: { protocolVersion: string; era: string }; passed: number; failed: number }[] };
    expect(report.runs.map((run) => [run.server.era, run.server.protocolVersion, run.passed, run.failed])).toEqual([
      ['legacy', '2025-11-25', 2, 0],
      ['modern', '2026-07-28', 2, 0],
    ]);

    const echo = { tests: [{ name: 'echo', tool: 'echo', arguments: { message: 'both ✓' }, expect: { snapshot: true } }] };
    const dual = await runToolscope([
      'test',
      suiteFile('dual.json', echo),
      '--allow-destructive',
      '--era',
      'both',
      '--',
      ...stdioServers.dualEra(),
    ]);
    expect(dual.code, dual.stdout + dual.stderr).toBe(0);
    // The 2025 run writes the snapshot; the 2026 run (its result has resultType, the protocol's own) matches it.
    expect(dual.stdout).toMatch(
      /Testing dual-era 1\.0\.0 \(2025-11-25\)\n✓ echo \(echo, \d+ ms\) — snapshot written\n1 passed, 0 failed\n\nTesting dual-era 1\.0\.0 \(2026-07-28\)\n✓ echo \(echo, \d+ ms\)\n1 passed, 0 failed/,
    );
  }, 120_000);
});
