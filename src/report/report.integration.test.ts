// The server report against real servers: the lint-bait server (one planted defect per rule,
// clean tools beside them), the demo server and server-everything — through the same
// McpConnection and rules the app and the CLI use, and through the CLI itself.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLEAN_TOOLS, PLANTED, startLintBaitServer } from '../../server/testing/lintBait.ts';
import { startDemoServer, startEverything, type RunningServer } from '../../server/testing/testServers.ts';
import { startMisbehavingServer } from '../../server/testing/misbehaving.ts';
import { McpConnection } from '../mcp/connection.ts';
import { failureOf } from '../mcp/errors.ts';
import type { CallRecord } from './callRules.ts';
import { collectReport } from './collect.ts';
import { reportDeps } from './deps.ts';
import { RULE_IDS, type RuleId } from './findings.ts';
import type { Report } from './report.ts';

const run = promisify(execFile);

async function call(connection: McpConnection, tool: string, args: Record<string, unknown> = {}): Promise<CallRecord> {
  try {
    return { tool, result: await connection.callTool(tool, args) };
  } catch (error) {
    return { tool, failure: failureOf(error) };
  }
}

describe('the server report on a server with one planted defect per rule', () => {
  let server: RunningServer;
  let report: Report;
  beforeAll(async () => {
    server = await startLintBaitServer();
    const connection = await McpConnection.connect({ url: server.url });
    const calls = [
      await call(connection, 'clean_search', { query: 'cable' }),
      await call(connection, 'clean_open'),
      await call(connection, 'clean_open'),
      await call(connection, 'wrong_output'),
      await call(connection, 'bare_error'),
      await call(connection, 'weak_handle'),
      await call(connection, 'weak_handle'),
    ];
    report = await collectReport(connection, reportDeps, { active: true, calls });
    await connection.close();
  });
  afterAll(() => server.stop());

  it.each(PLANTED)('finds %s on %s', (rule, tool) => {
    expect(report.findings.filter((finding) => finding.rule === rule && finding.tool === tool).length).toBeGreaterThan(0);
  });

  it('covers every rule but the tool-count cap, the endless listing, the MCP Apps, task, sign-in, server.json, Server Card, prompt, resource, lockfile and fuzz rules (their own tests), and each defect only where planted', () => {
    const found = new Set(report.findings.map((finding) => finding.rule));
    expect(
      RULE_IDS.filter(
        (rule) =>
          !found.has(rule) &&
          !rule.startsWith('app-') &&
          !rule.startsWith('task-') &&
          !rule.startsWith('serverjson-') &&
          !rule.startsWith('server-card-') &&
          !rule.startsWith('skill-') &&
          !rule.startsWith('deprecated-') &&
          !rule.startsWith('auth-') &&
          !/^(?:offers-|prompt-|resource-|template-|lock-)/.test(rule) &&
          rule !== 'query-expectation' &&
          // report --fuzz N: server/fuzz/fuzz.integration.test.ts
          rule !== 'fuzz',
      ),
    ).toEqual(['tool-count-host-cap', 'pagination-unbounded']);
    for (const finding of report.findings) {
      if (finding.tool === undefined) continue;
      const planted = PLANTED.filter(([, tool]) => tool === finding.tool).map(([rule]) => rule);
      expect(planted, `${finding.rule} on ${finding.tool}: ${finding.message}`).toContain(finding.rule);
    }
  });

  it('says nothing about the clean tools', () => {
    expect(report.findings.filter((finding) => CLEAN_TOOLS.some((tool) => tool === finding.tool))).toEqual([]);
  });

  it('scores the worst tool in: a planted error pulls the score far down', () => {
    expect(report.score).toBeLessThanOrEqual(69);
    expect(report.model.perTool[0]?.name).toBe('huge_tool');
    expect(report.model.totalTokens).toBeGreaterThan(1000);
  });
});

describe('the CLI (npx toolscope report)', () => {
  let demo: RunningServer;
  let everything: RunningServer;
  beforeAll(async () => {
    [demo, everything] = await Promise.all([startDemoServer(), startEverything()]);
  }, 30_000);
  afterAll(async () => {
    await Promise.all([demo.stop(), everything.stop()]);
  });

  const cli = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await run('npx', ['--no-install', 'toolscope', 'report', ...args], { encoding: 'utf8', timeout: 60_000 });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr };
    }
  };

  it('reports the demo server as JSON: the documented shape, a high score; exit 1 for its one planted error (a skill file’s digest)', async () => {
    const { code, stdout } = await cli(demo.url, '--active');
    expect(code).toBe(1);
    const json = JSON.parse(stdout) as {
      server: { name: string; protocolVersion: string };
      tools: number;
      score: number;
      findings: { rule: string; severity: string }[];
    };
    expect(json.findings.filter((finding) => finding.severity === 'error').map((finding) => finding.rule)).toEqual([
      'skill-digest-mismatch',
    ]);
    expect(Object.keys(json)).toEqual(['server', 'tools', 'score', 'tokens', 'findings']);
    expect(json.server).toMatchObject({ name: 'toolscope-demo', protocolVersion: '2026-07-28' });
    expect(json.tools).toBeGreaterThanOrEqual(27);
    // Any error caps the score at 69; the rest of the demo is clean enough to reach the cap.
    expect(json.score).toBe(69);
    expect(json.findings.every((finding) => RULE_IDS.includes(finding.rule as RuleId))).toBe(true);
  }, 90_000);

  it('--queries: a met expectation passes (exit 0, a JUnit case each); renamed, the tool is an error (exit 1)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolscope-queries-'));
    try {
      const file = join(dir, 'queries.json');
      writeFileSync(
        file,
        JSON.stringify([
          { query: 'add two numbers', expect: 'get-sum' },
          { query: '(?i)echo', expect: 'echo', mode: 'regex', top: 1 },
        ]),
      );
      const met = await cli(everything.url, '--queries', file, '--format', 'junit');
      expect(met.code).toBe(0);
      expect(met.stdout).toContain('name="query &quot;add two numbers&quot; (bm25) finds get-sum in the top 3"');
      writeFileSync(file, JSON.stringify([{ query: 'add two numbers', expect: 'get_sum' }]));
      const renamed = await cli(everything.url, '--queries', file);
      expect(renamed.code).toBe(1);
      const json = JSON.parse(renamed.stdout) as { findings: { rule: string; message: string }[]; queries: { met: boolean }[] };
      expect(json.queries).toEqual([expect.objectContaining({ expect: 'get_sum', met: false })]);
      expect(json.findings.filter((finding) => finding.rule === 'query-expectation').map((finding) => finding.message)).toEqual([
        'For "add two numbers" (bm25) the server lists no tool named get_sum.',
      ]);
      writeFileSync(file, '{"not": "a list"}');
      expect((await cli(everything.url, '--queries', file)).code).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('--profile: server-everything needs a person (exit 3) until the person confirms those items (exit 0); the bait server is not ready (exit 1)', async () => {
    const open = await cli(everything.url, '--profile', 'claude-directory');
    expect(open.code).toBe(3);
    const json = JSON.parse(open.stdout) as { readiness: { verdict: string; items: { id: string; status: string }[] } };
    expect(json.readiness.verdict).toBe('needs-person');
    const waiting = json.readiness.items.filter((item) => item.status === 'person').map((item) => item.id);
    expect(waiting).toEqual(['claude-tested-by-reviewers', 'claude-listing']);
    expect(open.stderr).toContain('claude-directory: Needs a person.');
    const confirmed = await cli(everything.url, '--profile', 'claude-directory', '--confirm', waiting.join(','), '--format', 'junit');
    expect(confirmed.code).toBe(0);
    expect(confirmed.stdout).toContain('classname="toolscope.readiness" name="claude-directory: Every tool has a title');
    const bait = await startLintBaitServer();
    try {
      const blocked = await cli(bait.url, '--profile', 'openai-apps', '--format', 'markdown');
      expect(blocked.code).toBe(1);
      expect(blocked.stdout).toContain('## Readiness: openai-apps — **Not ready**');
      expect(blocked.stdout).toMatch(/- \*\*not met\*\* · Descriptions do not steer the model/);
    } finally {
      await bait.stop();
    }
    expect((await cli(everything.url, '--profile', 'glama')).code).toBe(2);
    expect((await cli(everything.url, '--profile', 'openai-apps', '--confirm', 'no-such-item')).code).toBe(2);
  }, 120_000);

  it('reports server-everything in the other era, as SARIF and JUnit', async () => {
    const sarif = await cli(everything.url, '--format', 'sarif');
    expect(sarif.code).toBe(0);
    const log = JSON.parse(sarif.stdout) as { version: string; runs: { results: { ruleId: string; level: string }[] }[] };
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0]?.results.length).toBeGreaterThan(0);
    const junit = await cli(everything.url, '--format', 'junit');
    expect(junit.stdout).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="toolscope report" tests="\d+"/);
  }, 90_000);

  it('exits 1 when an error-severity finding exists, 2 when it cannot connect', async () => {
    const bait = await startLintBaitServer();
    try {
      const markdown = await cli(bait.url, '--format', 'markdown');
      expect(markdown.code).toBe(1);
      expect(markdown.stdout).toContain('`name-invalid`');
    } finally {
      await bait.stop();
    }
    const unreachable = await cli('http://127.0.0.1:9/mcp');
    expect(unreachable.code).toBe(2);
    // A listing that loops forever is an error finding (exit 1), not a quiet truncation.
    const looping = await startMisbehavingServer();
    try {
      const result = await cli(looping.url);
      expect(result.code).toBe(1);
      const json = JSON.parse(result.stdout) as { findings: { rule: string; severity: string }[] };
      expect(json.findings).toContainEqual(expect.objectContaining({ rule: 'pagination-unbounded', severity: 'error' }));
    } finally {
      await looping.stop();
    }
  }, 90_000);
});
