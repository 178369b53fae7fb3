// The structure's ratchets, held by tests rather than reviews: the size caps of files over the
// 400-line limit (300 for src/app and every .tsx) only come down — build/size-limits.json,
// enforced by ESLint's max-lines, is compared with its previous committed version: no file added,
// no cap raised — the README stays within 500 lines, no two source files share a base name (a
// search for "skills.ts" finds one file), and every folder is named in docs/architecture.md.
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

interface Limits {
  max: number;
  oversized: Record<string, number>;
  ui?: { max: number; oversized: Record<string, number> };
}
const LIMITS = 'build/size-limits.json';
const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

/**
 * The list as it was before its latest edit: HEAD's when the working copy differs from it (an edit
 * not yet committed), else the version before the commit that last changed it. Undefined without
 * that history (a shallow clone, the list's first commit).
 */
function previousLimits(): Limits | undefined {
  try {
    const current = readFileSync(new URL(`../${LIMITS}`, import.meta.url), 'utf8');
    const head = git('show', `HEAD:${LIMITS}`);
    if (head !== current) return JSON.parse(head) as Limits;
    const [last] = git('log', '-n', '1', '--format=%H', '--', LIMITS).split('\n').filter(Boolean);
    return JSON.parse(git('show', `${last ?? 'HEAD'}^:${LIMITS}`)) as Limits;
  } catch {
    return undefined;
  }
}

/**
 * What an edit of the list may not do: add a file, raise a cap, raise a limit. A section new in this
 * edit is its baseline. A file moved to another folder keeps its cap: a key gone from the list and
 * a new key of the same base name (base names are unique: build/uniqueNames.ts) are one file.
 */
export function ratchetBreaches(before: Limits, after: Limits): string[] {
  const sections = [['', before, after] as const, ['ui.', before.ui, after.ui] as const];
  return sections.flatMap(([name, was, now]) => {
    if (!was || !now) return [];
    return [
      ...(now.max > was.max ? [`${name}max rose from ${was.max} to ${now.max}`] : []),
      ...Object.entries(now.oversized).flatMap(([file, cap]) => {
        const old = was.oversized[file] ?? movedFrom(file, was.oversized, now.oversized);
        if (old === undefined) return [`${name}oversized gained ${file} (a file over the limit is split, never capped anew)`];
        return cap > old ? [`${name}oversized ${file} rose from ${old} to ${cap}`] : [];
      }),
    ];
  });
}

const baseName = (file: string) => file.slice(file.lastIndexOf('/') + 1);
/** The cap of the file this one was before a move: a key of the same base name that left the list. */
function movedFrom(file: string, was: Record<string, number>, now: Record<string, number>): number | undefined {
  const [, cap] = Object.entries(was).find(([old]) => baseName(old) === baseName(file) && now[old] === undefined) ?? [];
  return cap;
}

describe('the structure’s ratchets', () => {
  it('each oversized file is exactly at its cap: one that shrank lowers it (or leaves the list under its limit)', async () => {
    const sections = [[sizeLimits.max, sizeLimits.oversized] as const, [sizeLimits.ui.max, sizeLimits.ui.oversized] as const];
    for (const [max, oversized] of sections) {
      const caps = Object.entries(oversized);
      const counted = await linesOfCode(caps.map(([file]) => file));
      for (const [file, cap] of caps) {
        const lines = counted.get(file);
        expect(lines, `${file} is gone: take it off ${LIMITS}`).toBeDefined();
        expect(lines, `${file} has ${lines} lines of code: set its cap in ${LIMITS} to that`).toBe(cap);
        expect(cap, `${file} is under ${max}: take it off ${LIMITS}`).toBeGreaterThan(max);
      }
    }
  });

  it('the caps only come down: no file added, no cap or limit raised against the previous committed version', () => {
    const before = previousLimits();
    if (!before) return; // no history to compare with (a shallow clone): the next full clone will
    expect(ratchetBreaches(before, sizeLimits as Limits)).toEqual([]);
  });

  it('the ratchet itself says each breach (planted)', () => {
    const was: Limits = { max: 400, oversized: { 'a.ts': 450 }, ui: { max: 300, oversized: { 'b.tsx': 320 } } };
    expect(
      ratchetBreaches(was, {
        max: 401,
        oversized: { 'a.ts': 451, 'c.ts': 420 },
        ui: { max: 300, oversized: { 'b.tsx': 320, 'd.tsx': 301 } },
      }),
    ).toEqual([
      'max rose from 400 to 401',
      'oversized a.ts rose from 450 to 451',
      'oversized gained c.ts (a file over the limit is split, never capped anew)',
      'ui.oversized gained d.tsx (a file over the limit is split, never capped anew)',
    ]);
    expect(ratchetBreaches(was, { max: 400, oversized: { 'a.ts': 440 }, ui: { max: 300, oversized: {} } })).toEqual([]);
    // A move keeps its cap, and only its cap.
    expect(ratchetBreaches(was, { max: 400, oversized: { 'x/a.ts': 450 }, ui: { max: 300, oversized: { 'y/b.tsx': 320 } } })).toEqual([]);
    expect(ratchetBreaches(was, { max: 400, oversized: { 'a.ts': 450, 'x/a.ts': 450 }, ui: was.ui })).toEqual([
      'oversized gained x/a.ts (a file over the limit is split, never capped anew)',
    ]);
    expect(ratchetBreaches(was, { max: 400, oversized: { 'x/a.ts': 451 }, ui: was.ui })).toEqual(['oversized x/a.ts rose from 450 to 451']);
  });

  it('every folder under src/, src/features/ and server/ is named in docs/architecture.md', () => {
    const doc = readFileSync(new URL('../docs/architecture.md', import.meta.url), 'utf8');
    const folders = ['src', 'src/features', 'server'].flatMap((parent) => [
      ...new Set(
        tracked(parent)
          .map((file) => file.slice(parent.length + 1).split('/'))
          .filter((parts) => parts.length > 1)
          .map((parts) => `${parent}/${parts[0]}/`),
      ),
    ]);
    expect(folders.filter((folder) => !doc.includes(`\`${folder}\``))).toEqual([]);
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
