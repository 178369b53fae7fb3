import { describe, expect, it } from 'vitest';
import type { OutputBundle } from 'rolldown';
import { assetCache, cachedAsset } from './serviceWorkerPlugin.ts';

const bundleOf = (...names: string[]) => Object.fromEntries(names.map((name) => [name, { fileName: name }])) as unknown as OutputBundle;

describe('the service worker the build writes', () => {
  it('caches the built scripts and stylesheets under assets/, not source maps nor pages', () => {
    expect(
      ['assets/start-Ab1.js', 'assets/styles-X.css', 'assets/start-Ab1.js.map', 'index.html', 'sw.js', 'assets/x/y.js'].filter(cachedAsset),
    ).toEqual(['assets/start-Ab1.js', 'assets/styles-X.css']);
  });

  it('names exactly those files, with a version that changes with them, and fails a build that did not write one of them', async () => {
    const plugin = assetCache({ worker: 'src/app/shell/assetCache.worker.ts' });
    const emitted: { fileName?: string; source?: unknown }[] = [];
    const context = { emitFile: (file: { fileName?: string; source?: unknown }) => emitted.push(file) };
    const written = bundleOf('index.html', 'assets/main-A1.js', 'assets/main-A1.js.map', 'assets/styles-B2.css');
    const generate = plugin.generateBundle as unknown as (this: unknown, options: unknown, bundle: OutputBundle) => Promise<void>;
    await generate.call(context, {}, written);
    await generate.call(context, {}, bundleOf('index.html', 'assets/main-C3.js', 'assets/styles-B2.css'));
    const [first, second] = emitted.map((file) => String(file.source));
    expect(emitted.map((file) => file.fileName)).toEqual(['sw.js', 'sw.js']);
    expect(first).toContain('/assets/main-A1.js');
    expect(first).toContain('/assets/styles-B2.css');
    expect(first).not.toContain('.js.map');
    // Another build's files: another cache name, so its worker replaces this one's files.
    const version = (source = '') => /[0-9a-f]{16}/.exec(source)?.[0];
    expect(version(first)).toBeDefined();
    expect(version(first)).not.toBe(version(second));
    const write = plugin.writeBundle as unknown as (this: unknown, options: unknown, bundle: OutputBundle) => void;
    // The second generate named main-C3.js: a bundle that lacks it fails the build.
    expect(() => write.call(context, {}, bundleOf('index.html', 'assets/styles-B2.css'))).toThrow(/main-C3\.js/);
    expect(() => write.call(context, {}, bundleOf('index.html', 'assets/main-C3.js', 'assets/styles-B2.css'))).not.toThrow();
  }, 60_000);
});
