// `toolscope lock` and `toolscope report --lock` on server-everything (others' code), through the
// real command line: two locks are the same bytes; a lockfile from an "earlier release" (the live
// definitions with the changes a release makes, digested as lock does) names each change by its
// JSON path and says whether it can break a caller; --lock-fail decides the exit status.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockText, lockTools, type Lockfile } from '../../src/report/lockfile.ts';
import { startEverything, type RunningServer } from '../testing/testServers.ts';

const BIN = fileURLToPath(new URL('../../bin/toolscope.mjs', import.meta.url));

function toolscope(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

interface JsonFinding {
  rule: string;
  severity: string;
  tool?: string;
  message: string;
}

let server: RunningServer;
let dir: string;
let live: Lockfile;
beforeAll(async () => {
  server = await startEverything();
  dir = mkdtempSync(join(tmpdir(), 'toolscope-lock-'));
}, 60_000);
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The live lock with a release's worth of changes undone: what an earlier release served. */
async function earlier(change: (tools: Map<string, Record<string, unknown>>) => void): Promise<string> {
  const tools = new Map(Object.entries(structuredClone(live.tools)).map(([name, entry]) => [name, entry.definition]));
  change(tools);
  const file = join(dir, `earlier-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, lockText(await lockTools(live.server, [...tools.values()])));
  return file;
}

const schema = (tool: Record<string, unknown> | undefined) => tool?.inputSchema as Record<string, Record<string, Record<string, unknown>>>;

describe('toolscope lock', () => {
  it('writes every tool with its SEP-2636 digest, the same bytes twice', async () => {
    const [a, b] = [join(dir, 'a.json'), join(dir, 'b.json')];
    expect((await toolscope(['lock', '--out', a, server.url])).code).toBe(0);
    const second = await toolscope(['lock', '--out', b, server.url]);
    expect(second.code).toBe(0);
    expect(second.stderr).toContain('Locked 15 tools of mcp-servers/everything');
    expect(readFileSync(b, 'utf8')).toBe(readFileSync(a, 'utf8'));
    live = JSON.parse(readFileSync(a, 'utf8')) as Lockfile;
    expect(live.tools.echo?.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(live.tools.echo?.definition.name).toBe('echo');
    // A report against its own lock finds nothing drifted.
    const same = await toolscope(['report', '--lock', a, server.url]);
    expect(same.code).toBe(0);
    expect((JSON.parse(same.stdout) as { findings: JsonFinding[] }).findings.filter((f) => f.rule.startsWith('lock-'))).toEqual([]);
  }, 60_000);

  it('names each drift since an earlier release, by JSON path, and fails on what breaks callers', async () => {
    const file = await earlier((tools) => {
      // Since then: echo's description reworded; get-resource-links' count widened (5 → 10);
      // get-sum's b became required; get-tiny-image added; retired-tool removed.
      const echo = tools.get('echo');
      if (echo) echo.description = 'Echo';
      const links = schema(tools.get('get-resource-links'));
      if (links?.properties?.count) links.properties.count.maximum = 5;
      const sum = tools.get('get-sum')?.inputSchema as { required: string[] } | undefined;
      if (sum) sum.required = ['a'];
      tools.delete('get-tiny-image');
      tools.set('retired-tool', { name: 'retired-tool', description: 'Gone since.', inputSchema: { type: 'object' } });
    });
    const run = await toolscope(['report', '--lock', file, server.url]);
    expect(run.code).toBe(1);
    const drift = (JSON.parse(run.stdout) as { findings: JsonFinding[] }).findings
      .filter((finding) => finding.rule.startsWith('lock-'))
      .map((finding) => [finding.rule, finding.severity, finding.tool, finding.message]);
    expect(drift).toEqual(
      expect.arrayContaining([
        ['lock-tool-removed', 'error', 'retired-tool', expect.stringContaining('no longer served')],
        [
          'lock-tool-changed',
          'error',
          'get-sum',
          expect.stringContaining('get-sum.inputSchema.required: ["a"] → ["a","b"] (breaks callers: a new required argument: b)'),
        ],
        ['lock-tool-changed', 'warning', 'echo', expect.stringContaining('echo.description: "Echo" → "Echoes back the input string"')],
        [
          'lock-tool-changed',
          'warning',
          'get-resource-links',
          expect.stringContaining('get-resource-links.inputSchema.properties.count.maximum: 5 → 10'),
        ],
        ['lock-tool-added', 'warning', 'get-tiny-image', expect.stringContaining('not in the lockfile')],
      ]),
    );
    expect(drift).toHaveLength(5);
    // --lock-fail none: said, not failed; any: every drift fails.
    expect((await toolscope(['report', '--lock', file, '--lock-fail', 'none', server.url])).code).toBe(0);
    const any = await toolscope(['report', '--lock', file, '--lock-fail', 'any', server.url]);
    expect(any.code).toBe(1);
    expect(
      (JSON.parse(any.stdout) as { findings: JsonFinding[] }).findings.filter(
        (f) => f.rule === 'lock-tool-changed' && f.severity === 'error',
      ),
    ).toHaveLength(3);
  }, 60_000);

  it('passes (exit 0) on changes no caller can trip over, under the default --lock-fail breaking', async () => {
    const file = await earlier((tools) => {
      const echo = tools.get('echo');
      if (echo) echo.description = 'Echo';
      const links = schema(tools.get('get-resource-links'));
      if (links?.properties?.count) links.properties.count.maximum = 5;
    });
    const run = await toolscope(['report', '--lock', file, server.url]);
    expect(run.code).toBe(0);
    expect(
      (JSON.parse(run.stdout) as { findings: JsonFinding[] }).findings.filter((f) => f.rule.startsWith('lock-')).map((f) => f.severity),
    ).toEqual(['warning', 'warning']);
  }, 60_000);

  it('refuses a lockfile edited by hand (its digest no longer matches) and bad options, exit 2', async () => {
    const edited = readFileSync(join(dir, 'a.json'), 'utf8').replace('Echoes back the input string', 'Echoes back anything');
    writeFileSync(join(dir, 'edited.json'), edited);
    const run = await toolscope(['report', '--lock', join(dir, 'edited.json'), server.url]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('tools["echo"]: its digest does not match its definition');
    expect((await toolscope(['report', '--lock', join(dir, 'a.json'), '--lock-fail', 'sometimes', server.url])).stderr).toContain(
      '--lock-fail sometimes: use one of breaking, any, none',
    );
    expect((await toolscope(['lock', server.url])).stderr).toContain('lock needs --out FILE');
    expect((await toolscope(['lock', '--out', 'x.json', '--format', 'json', server.url])).stderr).toContain(
      '--format is not a lock option',
    );
  }, 60_000);
});
