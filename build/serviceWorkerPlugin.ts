// Writes Toolscope's service worker (src/app/shell/assetCache.worker.ts) next to index.html as sw.js,
// with this build's own files — every script and stylesheet under assets/, by their hashed names —
// and a version made from that list written in: a new build is a new worker, which caches the new
// files and drops the old ones.
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { bundleAlone } from './earlyEntry.ts';

/** What the worker caches: the built scripts and stylesheets (not source maps, not the pages). */
export const cachedAsset = (fileName: string) => /^assets\/[^/]+\.(js|css)$/.test(fileName);

export function assetCache({ worker, fileName = 'sw.js' }: { worker: string; fileName?: string }): Plugin {
  let files: string[] = [];
  return {
    name: 'toolscope-asset-cache',
    apply: 'build',
    // After Vite's own plugins: they drop the empty script chunks of CSS-only modules from the bundle.
    enforce: 'post',
    async generateBundle(_options, bundle) {
      files = Object.keys(bundle).filter(cachedAsset).sort();
      if (!files.length) return;
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
      const source = await bundleAlone(worker, {
        __ASSET_FILES__: JSON.stringify(files.map((file) => `/${file}`)),
        __ASSET_VERSION__: JSON.stringify(version),
      });
      this.emitFile({ type: 'asset', fileName, source });
    },
    // One file that is not there fails the worker's whole install (Cache.addAll): a build that
    // would ship such a worker fails here instead.
    writeBundle(_options, bundle) {
      const missing = files.filter((file) => !(file in bundle));
      if (missing.length) throw new Error(`assetCache: ${fileName} names files the build did not write: ${missing.join(', ')}`);
    },
  };
}
