/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { retryableImports } from './build/chunkRetryPlugin.ts';
import { earlyEntry } from './build/earlyEntry.ts';
import { assetCache } from './build/serviceWorkerPlugin.ts';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    retryableImports(),
    earlyEntry({
      entry: 'src/prefetch/entry.ts',
      worker: 'src/prefetch/walk.worker.ts',
      app: 'src/app/shell/start.tsx',
      deepLink: ['src/mcp/connection.ts', 'src/app/workspace/ConnectedView.tsx'],
    }),
    assetCache({ worker: 'src/app/shell/assetCache.worker.ts' }),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    // Toolscope owns the preloading of lazy chunks on purpose, in one place: every import() of a
    // chunk goes through src/web/chunkImport.ts (build/chunkRetryPlugin.ts rewrites them), which
    // fetches the chunk and, side by side, what it imports statically. Vite's own preload list
    // would be emptied by that rewrite anyway, so it is turned off for chunks (kept for the page's
    // own <link rel="modulepreload"> tags, which chunkImport.ts counts as already fetched).
    // No polyfill: every browser Toolscope supports has modulepreload (one request and one script
    // less on every visit; where a browser lacks it, the files still load when they are imported).
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    // The app and the tiny page the OAuth authorization server redirects back to (the deep link's
    // early entry and its worker are written inline into index.html: build/earlyEntry.ts).
    rollupOptions: { input: { main: 'index.html', callback: 'oauth-callback.html' } },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'build/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
