// npm run hosts:real — the nine real servers of `npm run report:real` (written by others, pinned dev
// dependencies, on loopback) loaded together in one mcpServers file, seen by `toolscope hosts` as
// each host would: per host, the tools sent against its cap, the definitions' tokens, and every
// tool dropped or renamed with why. It prints; it judges nothing.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEverything, stdioServers } from '../server/testing/testServers.ts';
import { printable } from '../src/lib/printable.ts';
import type { HostView } from '../src/report/hosts.ts';

const BIN = fileURLToPath(new URL('../bin/toolscope.mjs', import.meta.url));
const entry = (specifier: string) => fileURLToPath(import.meta.resolve(specifier));
const packageFile = (name: string, file: string) => join(fileURLToPath(new URL('../node_modules/', import.meta.url)), name, file);
const stdio = ([command, ...args]: string[]) => ({ command, args });

const files = mkdtempSync(join(tmpdir(), 'toolscope-hosts-real-'));
const everything = await startEverything();
const node = process.execPath;
const config = {
  mcpServers: {
    everything: { type: 'http', url: everything.url },
    filesystem: stdio([node, entry('@modelcontextprotocol/server-filesystem/dist/index.js'), files]),
    memory: {
      ...stdio([node, entry('@modelcontextprotocol/server-memory/dist/index.js')]),
      env: { MEMORY_FILE_PATH: join(files, 'm.jsonl') },
    },
    'sequential-thinking': stdio([node, entry('@modelcontextprotocol/server-sequential-thinking/dist/index.js')]),
    playwright: stdio([
      node,
      packageFile('@playwright/mcp', 'cli.js'),
      '--headless',
      '--isolated',
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      '--executable-path',
      '/usr/bin/chromium',
    ]),
    fastmcp: stdio([node, fileURLToPath(new URL('../server/testing/real/fastmcp-server.mjs', import.meta.url))]),
    'mcp-framework': stdio([node, fileURLToPath(new URL('../server/testing/real/mcp-framework/index.mjs', import.meta.url))]),
    'budget-allocator': stdio(stdioServers.budgetApp()),
    'system-monitor': stdio(stdioServers.example('system-monitor')),
  },
};
const file = join(files, 'mcp.json');
writeFileSync(file, JSON.stringify(config));
const say = (text: string) => console.log(printable(text));
try {
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(
      node,
      [BIN, 'hosts', '--config', file, '--timeout', '120'],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      (error, out, err) => (error && !out ? reject(new Error(err)) : resolve(out)),
    ),
  );
  const { servers, hosts } = JSON.parse(stdout) as { servers: { key: string; tools: number }[]; hosts: (HostView & { tokens: number })[] };
  say(
    `${servers.length} servers, ${servers.reduce((sum, server) => sum + server.tools, 0)} tools: ${servers.map((s) => `${s.key} ${s.tools}`).join(', ')}`,
  );
  for (const view of hosts) {
    say(
      `\n## ${view.label}: sends ${view.sent}${view.cap ? ` of cap ${view.cap}` : ''}, ${view.tokens} tokens${view.deferred ? ' (deferred)' : ''}`,
    );
    for (const finding of view.findings) say(`- ${finding.rule}: ${finding.message}`);
    const renamed = view.tools.filter((tool) => tool.fate === 'renamed').length;
    if (renamed) say(`- renamed (by design): ${renamed}, e.g. ${view.tools.find((tool) => tool.fate === 'renamed')?.modelName ?? ''}`);
  }
} finally {
  await everything.stop();
  rmSync(files, { recursive: true, force: true });
}
