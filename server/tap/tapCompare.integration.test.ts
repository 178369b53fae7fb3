// `toolscope tap --compare` (issue 82: "what this host saw vs what Toolscope sees"): a host that
// declares no elicitation taps server-everything, which registers its elicitation tools only for a
// client that does — Toolscope's own view (the command started once more, Toolscope's client)
// holds them, and the tap says so on stderr and keeps its view in the cassette.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import { parseCassette } from '../../src/mcp/recording/cassette.ts';
import { compareWithToolscope } from '../../src/mcp/recording/viewDiff.ts';
import { stdioServers } from '../testing/testServers.ts';

const BIN = fileURLToPath(new URL('../../bin/toolscope.mjs', import.meta.url));

describe('toolscope tap --compare', () => {
  it('says what the host was not given that Toolscope is', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'toolscope-tap-compare-')), 'host.jsonl');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'tap', '--out', out, '--no-page', '--compare', '--', ...stdioServers.everything()],
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const host = new Client({ name: 'plain-host', version: '1.0.0' }, { capabilities: {} });
    await host.connect(transport);
    const tools = (await host.listTools()).tools.map((tool) => tool.name);
    expect(tools).not.toContain('trigger-elicitation-request');
    // Give the comparison its moment (a second server starting), as a host's session would.
    await expect.poll(() => readFileSync(out, 'utf8').includes('toolscope tap --compare'), { timeout: 20_000 }).toBe(true);
    await host.close();

    await expect.poll(() => stderr, { timeout: 10_000 }).toContain('what this host saw vs what Toolscope sees');
    expect(stderr).toMatch(/the host was not given [^\n]*trigger-elicitation-request/);
    const cassette = parseCassette(readFileSync(out, 'utf8'));
    if ('error' in cassette) throw new Error(cassette.error);
    const compared = compareWithToolscope(cassette.wire ?? []);
    expect(compared && 'differences' in compared && compared.differences.join('\n')).toMatch(/trigger-elicitation-request/);
  }, 60_000);
});
