// No two source files share a base name (a search for "skills.ts" finds one file). Run by
// `npm run lint` (it exits 1 and names them) and by build/sizeLimits.test.ts.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Groups of source files (tests aside) that share a base name. */
export function duplicateBaseNames(): string[][] {
  const sources = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'server', 'scripts', 'build', 'e2e'],
    { cwd: ROOT, encoding: 'utf8' },
  )
    .split('\n')
    .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file));
  const byName = new Map<string, string[]>();
  for (const file of sources) {
    const name = file.slice(file.lastIndexOf('/') + 1);
    byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  return [...byName.values()].filter((files) => files.length > 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const duplicates = duplicateBaseNames();
  for (const files of duplicates) console.error(`Two source files share a base name: ${files.join(', ')} — rename one.`);
  process.exit(duplicates.length ? 1 : 0);
}
