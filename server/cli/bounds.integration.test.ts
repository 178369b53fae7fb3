// Issue 79's bounds, through the real CLI and agent mode (the SDK's client over stdio, as an agent
// runs it): a 1 MB and a 10 MB description without a break, and a 20 MB tools/list. The report
// finishes (the token count is linear: src/report/promptCost.ts boundedCount) and says its count is
// approximate; a list past the 16 MB cap per response is refused with the cap named, by the CLI
// and by the agent alike, and the agent's memory grows by less than 60 MB doing so.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHugeServer } from '../testing/huge.ts';
import { runToolscope } from '../testing/runToolscope.ts';
import type { RunningServer } from '../testing/testServers.ts';

const BIN = fileURLToPath(new URL('../../bin/toolscope.mjs', import.meta.url));
let oneMb: RunningServer;
let tenMb: RunningServer;
let twentyMbList: RunningServer;
beforeAll(async () => {
  [oneMb, tenMb, twentyMbList] = await Promise.all([
    startHugeServer({ descriptionBytes: 1024 * 1024 }),
    startHugeServer({ descriptionBytes: 10 * 1024 * 1024 }),
    startHugeServer({ fillerTools: 20_000 }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([oneMb.stop(), tenMb.stop(), twentyMbList.stop()]);
});

describe('toolscope report', () => {
  it('a 1 MB description without a break: the report finishes and says the count is approximate', async () => {
    const started = Date.now();
    const { code, stdout, stderr } = await runToolscope(['report', oneMb.url], {}, 120_000);
    const seconds = (Date.now() - started) / 1000;
    expect(code, stderr).not.toBe(2);
    const report = JSON.parse(stdout) as { tokens: { total: number; approximate?: string } };
    expect(report.tokens.approximate).toMatch(/^approximate: /);
    expect(report.tokens.total).toBeGreaterThan(500_000);
    // Was minutes before the count was linear; a loaded CI machine still needs far less than this.
    console.log(`report, 1 MB description: ${seconds.toFixed(1)} s`);
    expect(seconds).toBeLessThan(30);
  }, 150_000);

  it('a 10 MB description: the report still finishes; Markdown says the count is approximate', async () => {
    const { code, stdout, stderr } = await runToolscope(['report', '--format', 'markdown', tenMb.url], {}, 150_000);
    expect(code, stderr).not.toBe(2);
    expect(stdout).toContain('approximate: a text holds a run of 200+ characters');
  }, 180_000);

  it('a 20 MB tools/list is refused with the cap named, exit 2', async () => {
    const { code, stderr } = await runToolscope(['report', twentyMbList.url], {}, 120_000);
    expect(code).toBe(2);
    expect(stderr).toMatch(/A response passed 16 MB \(the cap per response, --max-mb\)/);
    expect(stderr).not.toMatch(/call stack/i);
  }, 150_000);
});

describe('toolscope mcp (agent mode)', () => {
  const memory = (pid: number, field: 'VmRSS' | 'VmHWM') =>
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

  async function agent() {
    const client = new Client({ name: 'bounds-test', version: '1.0.0' });
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], stderr: 'pipe' });
    await client.connect(transport);
    return { client, pid: transport.pid ?? 0 };
  }
  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })).structuredContent as Record<string, unknown> & { message?: string };

  it('refuses a 20 MB list with the cap named — no stack overflow — and grows by less than 60 MB', async () => {
    const { client, pid } = await agent();
    try {
      expect(await call(client, 'connect', { target: twentyMbList.url })).toMatchObject({ outcome: 'connected' });
      const before = memory(pid, 'VmRSS');
      const listed = await call(client, 'list_tools');
      expect(listed).toMatchObject({ outcome: 'failed' });
      expect(listed.message).toMatch(/passed 16 MB \(the cap per response, --max-mb\)/);
      const growth = memory(pid, 'VmHWM') - before;
      console.log(`agent, 20 MB tools/list: peak growth ${growth.toFixed(0)} MB`);
      expect(growth).toBeLessThan(60);
    } finally {
      await client.close();
    }
  }, 120_000);

  it('a 1 MB description: list_tools and the report answer', async () => {
    const { client } = await agent();
    try {
      await call(client, 'connect', { target: oneMb.url });
      expect(await call(client, 'list_tools')).toMatchObject({ total: 1 });
      const report = await call(client, 'report');
      expect(report).toHaveProperty('score');
    } finally {
      await client.close();
    }
  }, 120_000);
});
