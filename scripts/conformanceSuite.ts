// The official MCP conformance suite as both conformance scripts run it: where it lives
// (conformance/, an npm package of its own with the Node >= 22 it needs, installed on first use),
// its scenario listings, the checks a run wrote, and the table the scripts print.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
const HOME = join(ROOT, 'conformance');
export const NODE = join(HOME, 'node_modules/.bin/node');
export const SUITE = join(HOME, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');

/** conformance/'s packages, installed once; exits when that fails. */
export function installSuite() {
  if (existsSync(SUITE) && existsSync(NODE)) return;
  console.log('Installing the conformance suite and its Node (conformance/, once)…');
  const installed = spawnSync('npm', ['ci', '--prefix', HOME, '--no-audit', '--no-fund', '--loglevel=error'], { stdio: 'inherit' });
  if (installed.status !== 0) process.exit(installed.status ?? 1);
}

export const suite = (args: string[]) => spawnSync(NODE, [SUITE, ...args], { encoding: 'utf8' });

export interface Listed {
  name: string;
  scored: boolean;
  extension: boolean;
}

/** A revision's scenarios of one side: required ones, then run-but-not-scored ones (with whether an extension's). */
export function scenariosOf(version: string, side: 'client' | 'server'): Listed[] {
  const listing = suite(['list', `--${side}`, '--requirements', version]).stdout;
  const out: Listed[] = [];
  let section: 'mine' | 'other' | 'not-scored' = 'other';
  let reason = '';
  for (const line of listing.split('\n')) {
    if (line.startsWith('Client scenarios')) section = side === 'client' ? 'mine' : 'other';
    else if (line.startsWith('Server scenarios')) section = side === 'server' ? 'mine' : 'other';
    else if (line.startsWith('Run and reported')) section = 'not-scored';
    const reasonHeader = /^\s{2}([a-z0-9-]+) \(\d+\):$/.exec(line);
    if (reasonHeader?.[1]) reason = reasonHeader[1];
    const entry = /^\s+- (\S+)(?: \[(client|server)\])?$/.exec(line);
    if (!entry?.[1]) continue;
    if (section === 'mine') out.push({ name: entry[1], scored: true, extension: false });
    if (section === 'not-scored' && entry[2] === side) out.push({ name: entry[1], scored: false, extension: reason === 'extension' });
  }
  return out;
}

/** The checks a run wrote under `dir` (its checks.json files): INFO and SKIPPED are not counted. */
export function countChecks(dir: string): { passed: number; total: number; failed: string[] } {
  const found = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('checks.json'));
  let passed = 0;
  let total = 0;
  const failed: string[] = [];
  for (const file of found) {
    const checks: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    for (const check of Array.isArray(checks) ? (checks as { id?: string; status?: string }[]) : []) {
      if (check.status === 'INFO' || check.status === 'SKIPPED') continue;
      total++;
      if (check.status === 'SUCCESS') passed++;
      else if (check.status === 'FAILURE') failed.push(check.id ?? '?');
    }
  }
  return { passed, total, failed };
}

/** A Markdown table, its columns padded. */
export function table(header: string[], lines: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)));
  const format = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [format(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...lines.map(format)].join('\n');
}
