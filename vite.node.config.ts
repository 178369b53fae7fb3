// The server and CLI compiled to one JavaScript file for the installed package
// (dist-node/toolscope.mjs): every dependency bundled, so `npx toolscope` needs Node alone —
// no tsx, no TypeScript, no node_modules. Vite stays outside: only `--dev` (a clone) loads it;
// so does playwright-core: only `toolscope render` loads it, and says how to get it if missing.
// `--mode testing` builds `toolscope/testing` (dist-node/testing.mjs, its types in types/) the same way,
// beside it.
import { defineConfig } from 'vite';

export default defineConfig(({ mode }) => ({
  // No public/ copy: the page is in dist/ (built by vite.config.ts).
  publicDir: false,
  ssr: { noExternal: true, external: ['vite', 'playwright-core'], target: 'node' },
  build: {
    ssr: mode === 'testing' ? 'server/testkit/testing.ts' : 'server/cli/cli.ts',
    outDir: 'dist-node',
    emptyOutDir: mode !== 'testing',
    target: 'node20',
    minify: false,
    sourcemap: false,
    // One file by design (every dependency in it, ~5.4 MB): the 500 kB hint is for pages, not this.
    chunkSizeWarningLimit: 8000,
    rollupOptions: { output: { entryFileNames: mode === 'testing' ? 'testing.mjs' : 'toolscope.mjs', format: 'es', codeSplitting: false } },
  },
}));
