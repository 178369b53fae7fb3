// `toolscope mcp` through the official SDK client over stdio, as a coding agent uses it: connect
// to the demo, list, call a read-only tool, a destructive one refused, the report; a host beyond
// loopback refused; a configured stdio entry (server-everything) run by name, and nothing the agent
// sends reaching a spawn. Toolscope's own report on toolscope mcp: no warning, no error.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { startDemoServer, stdioServers, type RunningServer } from '../testing/testServers.ts';

const BIN = fileURLToPath(new URL('../../bin/toolscope.mjs', import.meta.url));

async function agent(args: string[], env: Record<string, string> = {}) {
  const client = new Client({ name: 'agent-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', ...args],
      env: { ...(process.env as Record<string, string>), ...env },
      stderr: 'pipe',
    }),
  );
  return client;
}

type Structured = Record<string, unknown> & { outcome?: string; message?: string };
async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  return { isError: result.isError === true, data: (result.structuredContent ?? {}) as Structured };
}

describe('toolscope mcp', () => {
  let demo: RunningServer;
  let work: string;
  let config: string;
  beforeAll(async () => {
    demo = await startDemoServer();
    work = mkdtempSync(join(tmpdir(), 'toolscope-agent-'));
    const [command = '', ...args] = stdioServers.everything();
    config = join(work, 'mcp.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { everything: { command, args }, demo: { type: 'http', url: demo.url } } }));
  });
  afterAll(async () => {
    await demo.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('connects to the demo, lists, calls a read-only tool, refuses a destructive one, reports, shows traffic', async () => {
    const client = await agent([], { TOOLSCOPE_BEARER: 'tok_secret_from_env_123' });
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['connect', 'list_tools', 'call_tool', 'report', 'traffic']);
      expect((await call(client, 'connect', { target: demo.url })).data).toMatchObject({
        outcome: 'connected',
        server: { name: 'toolscope-demo' },
        protocolVersion: '2026-07-28',
        offersSkills: true,
      });
      const listed = await call(client, 'list_tools');
      expect(listed.data.total).toBeGreaterThanOrEqual(29);
      expect(listed.data.nextCursor).toBeUndefined();
      const search = await call(client, 'call_tool', { name: 'search_catalog', arguments: { query: 'cable' } });
      expect(search.data.outcome).toBe('success');
      expect(search.data.text).toContain('USB-C');
      // Arguments that break the schema are not sent; a destructive tool is refused without --allow-destructive.
      const invalid = await call(client, 'call_tool', { name: 'search_catalog', arguments: { limit: 500 } });
      expect(invalid).toMatchObject({ isError: true, data: { outcome: 'not-sent', word: 'Not sent' } });
      expect(invalid.data.message).toMatch(/^Not sent — \d argument problems?: .*limit/);
      const purge = await call(client, 'call_tool', { name: 'purge_catalog_cache', arguments: {} });
      expect(purge).toMatchObject({ isError: true, data: { outcome: 'not-sent' } });
      expect(purge.data.message).toContain('--allow-destructive');
      // The same call session as the page: a result that breaks its outputSchema is not a success.
      const legacy = await call(client, 'call_tool', { name: 'lookup_legacy_price', arguments: { product_id: 'prd_aud_001' } });
      expect(legacy.data).toMatchObject({ outcome: 'invalid-output', word: 'Invalid output' });
      expect(legacy.data.outputProblem).toMatch(/price/);
      const report = await call(client, 'report');
      expect(report.data.score).toBeTypeOf('number');
      expect(report.data.findings).toEqual(expect.arrayContaining([expect.objectContaining({ rule: 'skill-tool-missing' })]));
      const traffic = await call(client, 'traffic', { last: 5 });
      const exchanges = traffic.data.exchanges as { sent: string[] }[];
      expect(exchanges.length).toBe(5);
      expect(JSON.stringify(traffic.data)).not.toContain('tok_secret_from_env_123');
    } finally {
      await client.close();
    }
  }, 60_000);

  it('refuses a host beyond loopback without --allow-host, a non-http scheme, and an unknown entry; nothing reaches a spawn', async () => {
    const client = await agent(['--config', config]);
    try {
      const outside = await call(client, 'connect', { target: 'http://mcp.example.com/mcp' });
      expect(outside).toMatchObject({ isError: true, data: { outcome: 'refused' } });
      expect(outside.data.message).toContain('--allow-host mcp.example.com');
      const marker = join(work, 'pwned');
      for (const hostile of [
        `$(touch ${marker})`,
        `; touch ${marker}`,
        `file:///etc/passwd`,
        `everything; touch ${marker}`,
        `node -e "require('fs').writeFileSync('${marker}','x')"`,
        `../${'a'.repeat(300)}`,
      ]) {
        const refused = await call(client, 'connect', { target: hostile });
        expect(refused.data.outcome, hostile).toBe('refused');
      }
      expect(readdirSync(work)).toEqual(['mcp.json']);
      // The configured stdio entry runs by its name, as the file gives it.
      const everything = await call(client, 'connect', { target: 'everything' });
      expect(everything.data).toMatchObject({ outcome: 'connected', era: 'legacy' });
      const echo = await call(client, 'call_tool', { name: 'echo', arguments: { message: 'hi from the agent' } });
      expect(echo.data.text).toContain('hi from the agent');
    } finally {
      await client.close();
    }
  }, 60_000);

  it('with --allow-host, that host is reachable (refused only by the network, not by policy)', async () => {
    const client = await agent(['--allow-host', 'mcp.invalid']);
    try {
      const attempt = await call(client, 'connect', { target: 'http://mcp.invalid/mcp' });
      expect(attempt.data.outcome).toBe('failed');
    } finally {
      await client.close();
    }
  }, 60_000);

  it('Toolscope’s own report on toolscope mcp: no warning, no error; the skill it serves is clean', async () => {
    const client = await agent([]);
    try {
      // The report runs through the CLI on another toolscope mcp, as a server author's CI would.
      const { spawnSync } = await import('node:child_process');
      // Both eras, with the active checks (arguments that break a schema: -32602 on 2026-07-28, a tool error on 2025-11-25).
      for (const era of [[], ['--era', 'legacy']]) {
        const run = spawnSync(process.execPath, [BIN, 'report', '--active', ...era, '--', process.execPath, BIN, 'mcp'], {
          encoding: 'utf8',
          timeout: 60_000,
        });
        const report = JSON.parse(run.stdout) as { score: number; findings: { rule: string; severity: string; message: string }[] };
        expect(report.findings.filter((finding) => finding.severity !== 'info')).toEqual([]);
        expect(run.status).toBe(0);
        expect(report.findings.some((finding) => finding.rule === 'skill-token-cost')).toBe(true);
      }
      // Its own arguments checked as the revision in use says: 2026-07-28 a protocol error, 2025 a tool error.
      const bad = client.callTool({ name: 'traffic', arguments: { last: 500 } });
      if ((client.getNegotiatedProtocolVersion() ?? '') >= '2026-07-28') await expect(bad).rejects.toThrow(/Invalid arguments/);
      else await expect(bad).resolves.toMatchObject({ isError: true, content: [{ text: expect.stringContaining('<=50') }] });
    } finally {
      await client.close();
    }
  }, 90_000);
});
