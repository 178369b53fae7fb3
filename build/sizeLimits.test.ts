// The structure's ratchets, held by tests rather than reviews: the size caps of files over the
// 400-line limit only come down (build/size-limits.json, enforced by ESLint's max-lines), the
// README stays within 500 lines, and no two source files share a base name (a search for
// "skills.ts" finds one file).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import sizeLimits from './size-limits.json' with { type: 'json' };
import { duplicateBaseNames } from './uniqueNames.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const tracked = (...patterns: string[]) =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...patterns], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);

/** Lines of code as max-lines counts them (blank lines and comments skipped), by ESLint itself. */
async function linesOfCode(files: string[]): Promise<Map<string, number>> {
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.{ts,tsx,mjs,js}'],
        languageOptions: { parser: tseslint.parser },
        rules: { 'max-lines': ['error', { max: 1, skipBlankLines: true, skipComments: true }] },
      },
    ],
  });
  const results = await eslint.lintFiles(files);
  return new Map(
    results.map((result) => [result.filePath.slice(ROOT.length), Number(/\((\d+)\)/.exec(result.messages[0]?.message ?? '')?.[1] ?? 0)]),
  );
}

describe('the structure’s ratchets', () => {
  it('each oversized file is exactly at its cap: one that shrank lowers it (or leaves the list under 400)', async () => {
    const caps = Object.entries(sizeLimits.oversized);
    const counted = await linesOfCode(caps.map(([file]) => file));
    for (const [file, cap] of caps) {
      const lines = counted.get(file);
      expect(lines, `${file} is gone: take it off build/size-limits.json`).toBeDefined();
      expect(lines, `${file} has ${lines} lines of code: set its cap in build/size-limits.json to that`).toBe(cap);
      expect(cap, `${file} is under ${sizeLimits.max}: take it off build/size-limits.json`).toBeGreaterThan(sizeLimits.max);
    }
  });

  it('the README stays at most 500 lines (the rest lives in docs/, linked from it)', () => {
    const lines = readFileSync(new URL('../README.md', import.meta.url), 'utf8').split('\n').length - 1;
    expect(lines, 'README.md passed 500 lines: move detail into docs/').toBeLessThanOrEqual(500);
  });

  it('every react-query key comes from the key factory (src/lib/queryKeys.ts), none is written inline', () => {
    const inline = tracked('src')
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter((file) => /queryKey:\s*\[/.test(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')));
    expect(inline).toEqual([]);
  });

  it('no two source files share a base name', () => {
    expect(duplicateBaseNames()).toEqual([]);
  });

  it('the MCP Apps host stays out of the view: AppView ≤ 300 lines, ≤ 6 useState, ≤ 8 names from src/mcp; no bridge handler in src/features', async () => {
    const file = 'src/features/apps/AppView.tsx';
    const text = readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
    expect((await linesOfCode([file])).get(file)).toBeLessThanOrEqual(300);
    expect(text.match(/\buseState\(|\buseState</g)?.length ?? 0).toBeLessThanOrEqual(6);
    const mcpNames = [...text.matchAll(/import (?:type )?\{([^}]*)\} from '\.\.\/\.\.\/mcp\//g)].flatMap((match) =>
      (match[1] ?? '').split(',').filter((name) => name.trim()),
    );
    expect(mcpNames.length, mcpNames.join(', ')).toBeLessThanOrEqual(8);
    const wired = tracked('src/features').filter((path) =>
      /\bbridge\.on[a-z]+\s*=/.test(readFileSync(new URL(`../${path}`, import.meta.url), 'utf8')),
    );
    expect(wired).toEqual([]);
  });
});
