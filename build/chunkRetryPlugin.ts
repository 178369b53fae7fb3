// A failed `import()` of a chunk is remembered by some browsers for the page's life (HTML's
// module map keeps the failure; Chromium 150 does): importing the same URL again fails without a
// request, so a feature whose code could not load once (Toolscope's server restarted, a dropped
// connection) stays broken until a reload. The built chunks therefore send every dynamic import
// of a chunk through `__toolscopeImport` (src/web/chunkImport.ts), which asks for a chunk that
// failed before under a fresh URL. Rewritten in the output, not the source: the bundler adds its
// own `.then(m => m.x)` after each import(), which the retried import must keep.
import { init, parse } from 'es-module-lexer';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

export const CHUNK_IMPORT = '__toolscopeImport';

/** The chunk's code with each `import('<literal>')` turned into a retryable one; undefined when none. */
export async function rewriteDynamicImports(code: string): Promise<MagicString | undefined> {
  await init;
  const [imports] = parse(code);
  const rewritten = new MagicString(code);
  let changed = false;
  for (const entry of imports) {
    // d > -1: a dynamic import; n: its specifier when it is a string literal (only our chunks).
    if (entry.d < 0 || entry.n === undefined) continue;
    rewritten.overwrite(entry.ss, entry.d, CHUNK_IMPORT);
    rewritten.appendLeft(entry.se - 1, ', import.meta.url');
    changed = true;
  }
  return changed ? rewritten : undefined;
}

export function retryableImports(): Plugin {
  return {
    name: 'toolscope:retryable-imports',
    apply: 'build',
    async renderChunk(code) {
      const rewritten = await rewriteDynamicImports(code);
      return rewritten ? { code: rewritten.toString(), map: rewritten.generateMap({ hires: true }) } : null;
    },
  };
}
