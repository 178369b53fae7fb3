// Builds the app with Vite when dist/ is missing or older than its sources (in a clone); an
// installed package ships dist/ built and has no sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

export function isBuildFresh(root: string): boolean {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return false;
  // The installed package: built once, nothing to rebuild from.
  if (!existsSync(join(root, 'src'))) return true;
  const sources = ['src', 'build', 'public', 'index.html', 'oauth-callback.html', 'vite.config.ts', 'package.json']
    .map((entry) => join(root, entry))
    .filter(existsSync);
  return statSync(built).mtimeMs >= Math.max(...sources.map(newestMtime));
}

export async function buildIfNeeded(root: string, log: (line: string) => void = console.log): Promise<void> {
  if (isBuildFresh(root)) return;
  if (!existsSync(join(root, 'src'))) throw new Error(`The built app is missing from ${join(root, 'dist')}: reinstall Toolscope.`);
  log('Building Toolscope (first start or sources changed)…');
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn' });
}
