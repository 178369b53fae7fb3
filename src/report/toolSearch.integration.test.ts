// The tool-search simulator on real tool lists — our demo's, server-everything's and
// server-filesystem's (written by others) — with the orders expected written down before the code.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { startDemoServer, startEverything, stdioServers, type RunningServer } from '../../server/testing/testServers.ts';
import { McpConnection } from '../mcp/connection.ts';
import { walkPages } from '../mcp/pagination.ts';
import type { McpTool } from '../mcp/tools.ts';
import { rankTools } from './toolSearch.ts';
import { confusableFindings } from './confusable.ts';

async function httpTools(url: string): Promise<McpTool[]> {
  const connection = await McpConnection.connect({ url });
  try {
    const { pages } = await walkPages((cursor) => connection.listToolsPage(cursor));
    return pages.flatMap((page) => page.tools);
  } finally {
    await connection.close();
  }
}

const names = (ranked: ReturnType<typeof rankTools>) => ranked.map((tool) => tool.name);

describe('tool search on real tool lists', () => {
  let demo: RunningServer;
  let everything: RunningServer;
  let dir: string;
  const lists: Record<'demo' | 'everything' | 'filesystem', McpTool[]> = { demo: [], everything: [], filesystem: [] };
  beforeAll(async () => {
    [demo, everything] = await Promise.all([startDemoServer(), startEverything()]);
    lists.demo = await httpTools(demo.url);
    lists.everything = await httpTools(everything.url);
    dir = mkdtempSync(join(tmpdir(), 'toolscope-search-'));
    const [command = '', ...args] = stdioServers.filesystem(dir);
    const client = new Client({ name: 'search-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command, args, stderr: 'pipe' }));
    lists.filesystem = (await client.listTools()).tools.map((tool) => ({ ...tool, annotations: {} }) as unknown as McpTool);
    await client.close();
  }, 60_000);
  afterAll(async () => {
    await Promise.all([demo.stop(), everything.stop()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('BM25: the tool a person means comes first', () => {
    expect(names(rankTools(lists.demo, 'search the catalog'))[0]).toBe('search_catalog');
    expect(names(rankTools(lists.demo, 'add a product to my basket'))[0]).toBe('add_item');
    expect(names(rankTools(lists.everything, 'add two numbers'))[0]).toBe('get-sum');
  });

  it('BM25 on server-filesystem: "read a file" ranks read_text_file above write_file, and says which words matched', () => {
    const ranked = rankTools(lists.filesystem, 'read a file');
    const order = names(ranked);
    expect(order.indexOf('read_text_file')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('read_text_file')).toBeLessThan(order.indexOf('write_file'));
    expect(ranked.find((tool) => tool.name === 'read_text_file')?.matched).toEqual(expect.arrayContaining(['read', 'file']));
    // Scores go down the list.
    for (let index = 1; index < ranked.length; index++) expect(ranked[index - 1]?.score).toBeGreaterThanOrEqual(ranked[index]?.score ?? 0);
  });

  it('tools-confusable on the real lists: server-filesystem’s deprecated read_file beside read_text_file, nothing on the others', () => {
    expect(confusableFindings(lists.filesystem).map((finding) => finding.message.split(' are ')[0])).toEqual([
      'read_file and read_text_file',
    ]);
    expect(confusableFindings(lists.everything)).toEqual([]);
    expect(confusableFindings(lists.demo)).toEqual([]);
  });

  it('regex (Python re.search, (?i) for case): only the tools that match, in how many fields', () => {
    const ranked = rankTools(lists.filesystem, '(?i)^READ_', 'regex');
    expect(ranked.length).toBeGreaterThan(0);
    expect(names(ranked).every((name) => name.startsWith('read_'))).toBe(true);
    expect(rankTools(lists.filesystem, '^READ_', 'regex')).toEqual([]);
    expect(rankTools(lists.filesystem, '(unclosed', 'regex')).toEqual([]);
  });
});
