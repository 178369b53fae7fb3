// npm run report:real — the server report on real servers written by others (pinned dev
// dependencies, on loopback; stdio ones through the CLI's bridge), each warning and error printed,
// then a count per rule. It prints; it judges nothing (that is the reader's job: see the README).
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
/** A package's bin script (some packages export no subpath for it). */
const packageFile = (name: string, file: string) => join(fileURLToPath(new URL('../node_modules/', import.meta.url)), name, file);

interface Finding {
  rule: string;
  severity: string;
  tool?: string;
  message: string;
}

interface Readiness {
  profile: string;
  verdict: string;
  items: { id: string; standing: string; status: string; details: string[] }[];
}

interface RealReport {
  server: { name: string; protocolVersion: string };
  tools: number;
  score: number;
  findings: Finding[];
  readiness?: Readiness;
}

const PROFILES = ['claude-directory', 'openai-apps'];
const OFFER_RULE = /^(?:offers-|prompt-|resource-|template-)/;

async function report(args: string[], options: string[] = ['--active']): Promise<RealReport> {
  try {
    const { stdout } = await run(process.execPath, [BIN, 'report', ...options, '--format', 'json', ...args], {
      encoding: 'utf8',
      timeout: 120_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(stdout) as RealReport;
  } catch (error) {
    // Exit 1 (error findings) still printed the report.
    const stdout = (error as { stdout?: string }).stdout ?? '';
    if (stdout.trim().startsWith('{')) return JSON.parse(stdout) as RealReport;
    throw error;
  }
}

const files = mkdtempSync(join(tmpdir(), 'toolscope-real-'));
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
      // Chromium's sandbox needs an unprivileged user; as root (CI) the browser would not start and
      // every call would fail for that reason alone.
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
  // Two MCP Apps example servers (ext-apps, pinned): each lists its app's ui:// resource.
  ['server-budget-allocator (MCP App)', ['--', ...stdioServers.budgetApp()]],
  ['server-system-monitor (MCP App)', ['--', ...stdioServers.example('system-monitor')]],
];

// What a server sent (names, messages) is printed through printable(): no terminal control from it reaches the terminal.
const say = (text: string) => console.log(printable(text));
const perRule = new Map<string, number>();
try {
  for (const [label, args] of targets) {
    try {
      const result = await report(args);
      const loud = result.findings.filter((finding) => finding.severity === 'warning' || finding.severity === 'error');
      say(
        `\n## ${label} — ${result.server.name} ${result.server.protocolVersion}: ${result.tools} tools, score ${result.score}, ${loud.length} warnings/errors`,
      );
      for (const finding of loud) {
        say(`- ${finding.severity} ${finding.rule}${finding.tool ? ` (${finding.tool})` : ''}: ${finding.message}`);
        perRule.set(finding.rule, (perRule.get(finding.rule) ?? 0) + 1);
      }
      // The prompt and resource rules' info findings too, to be judged before any of them may warn.
      for (const finding of result.findings.filter((finding) => finding.severity === 'info' && OFFER_RULE.test(finding.rule)))
        say(`- info ${finding.rule}: ${finding.message}`);
      // Each directory's verdict, with what blocks it (unmet blockers and requirements).
      for (const profile of PROFILES) {
        const readiness = (await report(args, ['--profile', profile])).readiness;
        if (!readiness) continue;
        const failing = readiness.items.filter((item) => item.status === 'unmet' && item.standing !== 'recommendation');
        say(`- ${profile}: ${readiness.verdict}${failing.length ? '' : ' (nothing unmet)'}`);
        for (const item of failing) say(`  - ${item.standing} ${item.id}: ${item.details.slice(0, 6).join(' | ')}`);
      }
    } catch (error) {
      say(`\n## ${label}: the report could not be made — ${(error as Error).message.split('\n')[0]}`);
    }
  }
  say('\n## warnings and errors per rule');
  for (const [rule, count] of [...perRule].sort((a, b) => b[1] - a[1])) say(`${String(count).padStart(4)}  ${rule}`);
} finally {
  await everything.stop();
  rmSync(files, { recursive: true, force: true });
}
