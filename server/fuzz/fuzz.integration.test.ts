// Issue 84's proof, through the CLI as CI runs it, against a stdio server with planted bugs
// (../testing/fuzzTarget.mjs): each bug found and shrunk — -32603 on an empty string, the process
// exiting on a number above 1e9, a hang past 10,000 characters, an outputSchema broken by a negative
// number, a missing required field accepted (only with --invalid) — the destructive tool never
// called without its flag (the server's own count), the same seed giving the same findings, a
// replay re-running them, JUnit parsed by saxes, SARIF 2.1.0 in shape.
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { runToolscope } from '../testing/runToolscope.ts';
import { startRaw2026Server } from '../testing/raw2026.ts';

const TARGET = fileURLToPath(new URL('../testing/fuzzTarget.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'toolscope-fuzz-'));

interface Report {
  findings: { tool: string; rule: string; args: Record<string, unknown>; valid: boolean; seed: number; run: number; detail: string }[];
  tools: { tool: string; calls: number }[];
  skipped: string[];
}

async function fuzz(args: string[], name: string) {
  const counts = join(dir, `${name}.counts.json`);
  const outcome = await runToolscope(
    ['fuzz', '--seed', '7', '--call-timeout', '1', '--env', `FUZZ_COUNTS=${counts}`, ...args, '--', process.execPath, TARGET],
    {},
    120_000,
  );
  return { ...outcome, counts: existsSync(counts) ? (JSON.parse(readFileSync(counts, 'utf8')) as Record<string, number>) : {} };
}

const byTool = (report: Report) => Object.fromEntries(report.findings.map((finding) => [`${finding.tool} ${finding.rule}`, finding.args]));

describe('toolscope fuzz', () => {
  it('finds and shrinks each planted bug; the destructive tool is never called; the same seed finds the same', async () => {
    const first = await fuzz(['--invalid', '--format', 'json'], 'first');
    expect(first.code, first.stderr).toBe(1);
    const report = JSON.parse(first.stdout) as Report;
    const found = byTool(report);
    expect(found['lookup error-on-valid']).toEqual({ name: '' });
    expect(Number(found['compute crash']?.n)).toBeGreaterThan(1e9);
    expect(String(found['slow_echo hang']?.text).length).toBeGreaterThan(10_000);
    expect(Number(found['stats output-schema']?.n)).toBeLessThan(0);
    expect(found['create_user accepted-invalid']).not.toHaveProperty('name');
    expect(found['open_file leak']).toMatchObject({ path: expect.stringContaining('..') as unknown });
    // A crash ends its tool's run, the server is started again, and the next tools run.
    // (the runs until the crash, and at most 20 tries to shrink it, each on a server started again)
    expect(report.tools.find((tool) => tool.tool === 'compute')?.calls).toBeLessThan(40);
    expect(report.tools.find((tool) => tool.tool === 'echo')?.calls).toBeGreaterThan(100);
    // The destructive tool: refused before the first call, and the server's own count says 0.
    expect(report.skipped).toEqual(['drop_table: it may destroy data (destructiveHint is not false) — run with --allow-destructive']);
    expect(first.counts.drop_table).toBeUndefined();
    expect(first.counts.echo).toBeGreaterThan(100);

    const second = await fuzz(['--invalid', '--format', 'json'], 'second');
    expect(byTool(JSON.parse(second.stdout) as Report)).toEqual(found);

    // Without --invalid the missing required field is never sent: that bug is not found.
    const valid = JSON.parse((await fuzz(['--format', 'json', '--tool', 'create_user'], 'valid')).stdout) as Report;
    expect(valid.findings).toEqual([]);

    // --replay sends each finding again and judges it again.
    const file = join(dir, 'report.json');
    writeFileSync(file, first.stdout);
    const replay = await fuzz(['--replay', file], 'replay');
    expect(replay.code).toBe(1);
    expect(replay.stdout).toContain('✗ reproduced: lookup error-on-valid with {"name":""}');
    expect(replay.stdout).toContain('✗ reproduced: compute crash');
    expect(replay.stdout.match(/✗ reproduced/g)?.length).toBe(report.findings.length);
    expect(replay.counts.lookup).toBe(report.findings.filter((finding) => finding.tool === 'lookup').length);
  }, 240_000);

  it('a destructive tool asked for by name without its flag: exit 2, no call; the text names the re-run; JUnit and SARIF', async () => {
    const refused = await fuzz(['--tool', 'drop_table'], 'refused');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('drop_table: it may destroy data (destructiveHint is not false) — run with --allow-destructive');
    expect(refused.counts).toEqual({});
    const skipped = await fuzz(['--tool', 'echo', '--skip', 'echo'], 'skipped');
    expect(skipped.code).toBe(0);
    expect(skipped.stdout).toContain('Not fuzzed: echo: left out (--skip)');
    expect(skipped.counts).toEqual({});

    const text = await fuzz(['--tool', 'lookup', '--runs', '40'], 'text');
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('error-on-valid: A JSON-RPC error for arguments the schema accepts');
    expect(text.stdout).toContain('arguments: {"name":""}');
    expect(text.stdout).toContain(`re-run: npx toolscope fuzz --tool lookup --seed 7 --runs 40 -- ${process.execPath} ${TARGET}`);

    const junit = await fuzz(['--tool', 'lookup', '--tool', 'echo', '--format', 'junit'], 'junit');
    const cases: { name: string; failed: boolean }[] = [];
    const xml = new SaxesParser();
    xml.on('opentag', (tag) => {
      if (tag.name === 'testcase') cases.push({ name: String(tag.attributes.name), failed: false });
      if (tag.name === 'failure') cases.at(-1)!.failed = true;
    });
    xml.write(junit.stdout).close();
    expect(cases).toEqual([
      { name: 'fuzz lookup', failed: true },
      { name: 'fuzz echo', failed: false },
    ]);

    const sarif = JSON.parse((await fuzz(['--tool', 'lookup', '--tool', 'stats', '--format', 'sarif'], 'sarif')).stdout) as {
      version: string;
      runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string; ruleIndex: number; locations: unknown[] }[] }[];
    };
    expect(sarif.version).toBe('2.1.0');
    const [run] = sarif.runs;
    expect(run?.results.map((result) => result.ruleId).sort()).toEqual(['error-on-valid', 'output-schema']);
    for (const result of run?.results ?? []) expect(run?.tool.driver.rules[result.ruleIndex]?.id).toBe(result.ruleId);
  }, 180_000);

  it('report --fuzz N: info findings of their own rule (the score unmoved), read-only tools only', async () => {
    const counts = join(dir, 'report.counts.json');
    const report = async (extra: string[]) =>
      JSON.parse(
        (
          await runToolscope(
            ['report', ...extra, '--format', 'json', '--env', `FUZZ_COUNTS=${counts}`, '--', process.execPath, TARGET],
            {},
            120_000,
          )
        ).stdout,
      ) as { score: number; findings: { rule: string; severity: string; tool?: string; message: string }[] };
    const plain = await report([]);
    const fuzzed = await report(['--fuzz', '30']);
    expect(fuzzed.score).toBe(plain.score);
    const found = fuzzed.findings.filter((finding) => finding.rule === 'fuzz');
    expect(found.every((finding) => finding.severity === 'info')).toBe(true);
    expect(found.find((finding) => finding.tool === 'lookup')?.message).toContain('(error-on-valid): {"name":""} → -32603: Internal error');
    expect((JSON.parse(readFileSync(counts, 'utf8')) as Record<string, number>).drop_table).toBeUndefined();
  }, 180_000);

  it('a 2026-07-28 server whose answers depend on earlier calls: the same arguments answered otherwise on a fresh connection', async () => {
    // Stateful where the revision says every request stands alone: after 20 calls, every call fails.
    let calls = 0;
    const server = await startRaw2026Server((method) => {
      if (method === 'tools/list')
        return {
          result: {
            tools: [
              {
                name: 'remember',
                inputSchema: { type: 'object', properties: { key: { type: 'string' } } },
                annotations: { readOnlyHint: true },
              },
            ],
            resultType: 'complete',
            ttlMs: 0,
            cacheScope: 'private',
          },
        };
      if (method !== 'tools/call') return undefined;
      calls++;
      return {
        result: { content: [{ type: 'text', text: calls > 20 ? 'session expired' : 'ok' }], isError: calls > 20, resultType: 'complete' },
      };
    });
    try {
      const outcome = await runToolscope(['fuzz', '--runs', '20', '--seed', '3', '--format', 'json', server.url], {}, 120_000);
      const report = JSON.parse(outcome.stdout) as Report;
      expect(report.findings.map((finding) => [finding.tool, finding.rule, finding.detail])).toEqual([
        ['remember', 'stateless', 'ok on the first connection, tool-error on a fresh one'],
      ]);
      expect(outcome.code).toBe(1);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
