// Builds the app with Vite when dist/ is missing or older than its sources (in a clone); an
// installed package ships dist/ built and has no sources.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
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
  // Several Toolscope servers may start at once (the test suites start many): each builds into a
  // folder of its own and swaps it in whole, so no server ever serves a page from one build with
  // chunks from another (or a chunk another build just emptied out of dist/).
  const staging = join(root, `.dist-build-${process.pid}-${randomBytes(4).toString('hex')}`);
  // A production build whatever NODE_ENV says: a server started by a test runner inherits
  // NODE_ENV=test, which made Vite emit React's development build (StrictMode then mounts every
  // effect twice — a tool list walk restarted after its first page, a list_changed reload lost).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, mode: 'production', logLevel: 'warn', build: { outDir: staging, emptyOutDir: true } });
    const dist = join(root, 'dist');
    const old = `${staging}-old`;
    if (existsSync(dist)) renameSync(dist, old);
    try {
      renameSync(staging, dist);
    } catch (error) {
      // Another start swapped its own whole build in first: that one serves.
      if (!existsSync(join(dist, 'index.html'))) throw error;
    }
    rmSync(old, { recursive: true, force: true });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    rmSync(staging, { recursive: true, force: true });
  }
}
