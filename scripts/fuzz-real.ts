// npm run fuzz:real — `toolscope fuzz` on the real servers of `npm run report:real` (written by others,
// pinned dev dependencies, on loopback; stdio ones through the CLI's bridge): read-only tools only,
// 50 inputs each, one seed, each server bounded in time. It prints every finding with its arguments
// and what the server did; it judges nothing (the reader does: see docs/fuzz.md). server-everything's
// get-env is never called (it prints the environment).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startEverything, stdioServers } from '../server/testing/testServers.ts';
import { printable } from '../src/lib/printable.ts';

const run = promisify(execFile);
const BIN = fileURLToPath(new URL('../bin/toolscope.mjs', import.meta.url));
const entry = (specifier: string) => fileURLToPath(import.meta.resolve(specifier));
const packageFile = (name: string, file: string) => join(fileURLToPath(new URL('../node_modules/', import.meta.url)), name, file);

interface Report {
  server: { name: string; protocolVersion: string };
  tools: { tool: string; calls: number; ended?: string }[];
  findings: { tool: string; rule: string; args: unknown; detail: string; valid: boolean }[];
  skipped: string[];
}

async function fuzz(args: string[]): Promise<Report> {
  const options = [
    'fuzz',
    '--runs',
    '50',
    '--seed',
    '2026',
    '--time',
    '240',
    '--call-timeout',
    '15',
    '--skip',
    'get-env',
    '--format',
    'json',
  ];
  try {
    const { stdout } = await run(process.execPath, [BIN, ...options, ...args], {
      encoding: 'utf8',
      timeout: 300_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(stdout) as Report;
  } catch (error) {
    // Exit 1 (findings) still printed the report.
    const stdout = (error as { stdout?: string }).stdout ?? '';
    if (stdout.trim().startsWith('{')) return JSON.parse(stdout) as Report;
    throw error;
  }
}

const files = mkdtempSync(join(tmpdir(), 'toolscope-fuzz-real-'));
const everything = await startEverything();
const targets: [string, string[]][] = [
  ['server-everything (HTTP)', [everything.url]],
  ['server-filesystem', ['--', process.execPath, entry('@modelcontextprotocol/server-filesystem/dist/index.js'), files]],
  [
    'server-memory',
    [
      '--env',
      `MEMORY_FILE_PATH=${join(files, 'memory.jsonl')}`,
      '--',
      process.execPath,
      entry('@modelcontextprotocol/server-memory/dist/index.js'),
    ],
  ],
  ['server-sequential-thinking', ['--', process.execPath, entry('@modelcontextprotocol/server-sequential-thinking/dist/index.js')]],
  [
    '@playwright/mcp',
    [
      '--',
      process.execPath,
      packageFile('@playwright/mcp', 'cli.js'),
      '--headless',
      '--isolated',
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      '--executable-path',
      '/usr/bin/chromium',
    ],
  ],
  [
    'fastmcp (README example)',
    ['--', process.execPath, fileURLToPath(new URL('../server/testing/real/fastmcp-server.mjs', import.meta.url))],
  ],
  [
    'mcp-framework (its template)',
    ['--', process.execPath, fileURLToPath(new URL('../server/testing/real/mcp-framework/index.mjs', import.meta.url))],
  ],
  ['server-budget-allocator (MCP App)', ['--', ...stdioServers.budgetApp()]],
  ['server-system-monitor (MCP App)', ['--', ...stdioServers.example('system-monitor')]],
];

// What a server sent is printed through printable(): no terminal control from it reaches the terminal.
const say = (text: string) => console.log(printable(text));
try {
  for (const [label, args] of targets) {
    try {
      const started = Date.now();
      const result = await fuzz(args);
      const calls = result.tools.reduce((sum, tool) => sum + tool.calls, 0);
      say(
        `\n## ${label} — ${result.server.name} ${result.server.protocolVersion}: ${result.tools.length} tools fuzzed, ${calls} calls, ${result.findings.length} findings, ${Math.round((Date.now() - started) / 1000)} s`,
      );
      for (const tool of result.tools.filter((one) => one.ended)) say(`- ${tool.tool}: ended — ${tool.ended}`);
      for (const finding of result.findings)
        say(`- ${finding.rule} (${finding.tool}): ${JSON.stringify(finding.args).slice(0, 200)} → ${finding.detail.slice(0, 240)}`);
      for (const line of result.skipped) say(`- not fuzzed: ${line}`);
    } catch (error) {
      say(`\n## ${label}: the fuzz run could not be made — ${(error as Error).message.split('\n')[0]}`);
    }
  }
} finally {
  await everything.stop();
  rmSync(files, { recursive: true, force: true });
}
