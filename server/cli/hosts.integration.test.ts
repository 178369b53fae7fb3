// `toolscope hosts --config FILE` through the real command line, on real servers: the demo with 130
// extra tools (over VS Code's 128, Windsurf's 50, Cursor's 40), server-everything (others' code) and
// the load fixture — both offering `echo` (a collision for hosts that do not prefix) — the fixture
// under a 45-character config key, so that key + purge_everything is 61 characters (over Cursor's
// 60) and mcp__<key>__purge_everything is 68 (over Claude Code's 64). Exit codes 0, 1 and 2.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostView } from '../../src/report/hosts.ts';
import { startLoadServer, type LoadServer } from '../testing/loadServer.ts';
import { startDemoServer, startEverything, type RunningServer } from '../testing/testServers.ts';

const BIN = fileURLToPath(new URL('../../bin/toolscope.mjs', import.meta.url));
const LONG_KEY = 'inventory-and-catalog-service-for-eu-region-a'; // 45 characters

function hosts(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, 'hosts', ...args], { encoding: 'utf8', timeout: 90_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let demo: RunningServer;
let everything: RunningServer;
let load: LoadServer;
let dir: string;
const config = (servers: Record<string, unknown>) => {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ mcpServers: servers }));
  return file;
};
beforeAll(async () => {
  [demo, everything, load] = await Promise.all([startDemoServer({ extraTools: 130 }), startEverything(), startLoadServer()]);
  dir = mkdtempSync(join(tmpdir(), 'toolscope-hosts-'));
}, 60_000);
afterAll(async () => {
  await Promise.all([demo.stop(), everything.stop(), load.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('toolscope hosts', () => {
  it('the set as each host sees it: names, the planted long name, the collision, the caps — exit 1', async () => {
    const file = config({ shop: { url: demo.url }, everything: { url: everything.url }, [LONG_KEY]: { type: 'http', url: load.url } });
    const { code, stdout, stderr } = await hosts(['--config', file]);
    expect(code, stderr).toBe(1);
    const { servers, hosts: views } = JSON.parse(stdout) as { servers: { key: string; tools: number }[]; hosts: HostView[] };
    expect(servers.map((server) => server.key)).toEqual(['shop', 'everything', LONG_KEY]);
    const view = (id: string) => views.find((candidate) => candidate.host === id) as HostView;

    const claude = view('claude-code');
    expect(claude.tools.find((tool) => tool.server === 'everything' && tool.tool === 'echo')?.modelName).toBe('mcp__everything__echo');
    // mcp__ + 45 + __ + purge_everything = 68.
    expect(claude.tools.find((tool) => tool.server === LONG_KEY && tool.tool === 'purge_everything')).toEqual(
      expect.objectContaining({ fate: 'dropped', why: expect.stringContaining('68 characters') }),
    );
    // The demo's generated tools are named bulk.tool_N: the dot is refused by the model API.
    expect(claude.findings.filter((finding) => finding.rule === 'host-name-characters')).toHaveLength(130);

    const cursor = view('cursor');
    expect(cursor.findings).toContainEqual(
      expect.objectContaining({
        rule: 'host-name-too-long',
        server: LONG_KEY,
        tool: 'purge_everything',
        message: expect.stringContaining('61 characters, over 60'),
      }),
    );
    expect(cursor.findings).toContainEqual(
      expect.objectContaining({ rule: 'host-collision', tool: 'echo', message: expect.stringContaining(`everything, ${LONG_KEY}`) }),
    );
    expect(cursor.findings).toContainEqual(expect.objectContaining({ rule: 'host-cap' }));
    expect(cursor.sent).toBe(40);

    const vscode = view('vscode');
    expect(vscode.tools.find((tool) => tool.server === 'shop' && tool.tool === 'search_catalog')?.modelName).toBe(
      'mcp_toolscope_demo_shop_search_catalog',
    );
    // Without the 130 dotted names the set is under VS Code's 128 (the cap itself: hosts.test.ts).
    expect(vscode.findings.filter((finding) => finding.rule === 'host-name-characters')).toHaveLength(130);
    expect(vscode.findings.some((finding) => finding.rule === 'host-cap')).toBe(false);
    expect(view('windsurf').sent).toBe(50);
    expect(view('chatgpt').findings.map((finding) => finding.rule)).toEqual(['host-one-server', 'host-collision']);
  });

  it('one server whose names every host takes as they are: exit 0; --host and markdown', async () => {
    const file = config({ load: { url: load.url } });
    const json = await hosts(['--config', file]);
    expect(json.code, json.stderr).toBe(0);
    const markdown = await hosts(['--config', file, '--host', 'claude-code', '--format', 'markdown']);
    expect(markdown.code).toBe(0);
    expect(markdown.stdout).toContain('## Claude Code');
    expect(markdown.stdout).toContain('| load | steady | mcp__load__steady | renamed |');
    expect(markdown.stdout).not.toContain('## Cursor');
  });

  it('--queries over every server: server/tool by config key or server name; a miss names what came first — exit 1; JUnit and SARIF', async () => {
    const file = config({ shop: { url: demo.url }, load: { url: load.url } });
    const queries = join(dir, 'queries.json');
    writeFileSync(
      queries,
      JSON.stringify([
        { query: 'search the catalog for products', expect: 'shop/search_catalog' },
        { query: 'search the catalog for products', expect: 'toolscope-demo/search_catalog' },
        { query: 'echo a message back', expect: 'echo' },
        { query: 'search the catalog for products', expect: 'load/echo', top: 1 },
      ]),
    );
    const json = await hosts(['--config', file, '--host', 'claude-code', '--queries', queries]);
    expect(json.code, json.stderr).toBe(1);
    expect(json.stderr).toContain('queries: 3 met, 1 missed');
    const parsed = JSON.parse(json.stdout) as {
      hosts: (HostView & { tokens: number })[];
      queries: { expect: string; met: boolean; rank?: number }[];
      queryFindings: { message: string }[];
    };
    expect(parsed.queries.map((outcome) => [outcome.expect, outcome.met, outcome.rank])).toEqual([
      ['shop/search_catalog', true, 1],
      ['toolscope-demo/search_catalog', true, 1],
      ['echo', true, 1],
      ['load/echo', false, undefined],
    ]);
    expect(parsed.queryFindings[0]?.message).toMatch(/load\/echo is not found at all; found first: shop\/search_catalog/);
    // The definitions' tokens of what the host sends (o200k), more than zero and less than the bytes.
    expect(parsed.hosts[0]?.tokens).toBeGreaterThan(100);

    const junit = await hosts(['--config', file, '--host', 'claude-code', '--host', 'cursor', '--queries', queries, '--format', 'junit']);
    // Two hosts (each fails: the demo's 130 dotted names, Cursor's cap) and four queries (one missed).
    expect(junit.stdout).toMatch(/<testsuites name="toolscope hosts" tests="6" failures="3">/);
    expect(junit.stdout).toContain('<testcase classname="toolscope.hosts" name="Claude Code">');
    const sarif = await hosts(['--config', file, '--queries', queries, '--format', 'sarif']);
    const log = JSON.parse(sarif.stdout) as { version: string; runs: { results: { ruleId: string; level: string }[] }[] };
    expect(log.version).toBe('2.1.0');
    // ChatGPT takes one server at a time; the missed query is an error.
    expect(log.runs[0]?.results.map((result) => `${result.ruleId}:${result.level}`)).toEqual(
      expect.arrayContaining(['host-one-server:warning', 'query-expectation:error']),
    );
    const unreadable = await hosts(['--config', file, '--queries', join(dir, 'missing.json')]);
    expect(unreadable.code).toBe(2);
    expect(unreadable.stderr).toMatch(/--queries .*missing\.json/);
  });

  it('exit 2 when an entry cannot be reached, and on a usage error', async () => {
    const file = config({ load: { url: load.url }, gone: { url: 'http://127.0.0.1:9/mcp' } });
    const unreachable = await hosts(['--config', file, '--timeout', '5']);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toMatch(/gone: could not be listed/);
    expect((await hosts(['--config', file, '--host', 'emacs'])).stderr).toMatch(/--host emacs: use one of vscode/);
    expect((await hosts(['--config', file, '--format', 'html'])).stderr).toMatch(/--format html: use json, markdown, junit, sarif/);
    expect((await hosts([])).code).toBe(2);
  });
});
