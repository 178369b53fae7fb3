import { describe, expect, it } from 'vitest';
import { CHUNK_IMPORT, rewriteDynamicImports } from './chunkRetryPlugin.ts';

describe('rewriteDynamicImports', () => {
  it('sends each literal dynamic import through the retrying loader, keeping what the bundler added after it', async () => {
    const code = 'var a=p(()=>import(`./validate-X.js`).then(e=>e.n),m([1]));var b=()=>import( "./oauth-Y.js" );';
    const rewritten = await rewriteDynamicImports(code);
    expect(rewritten?.toString()).toBe(
      `var a=p(()=>${CHUNK_IMPORT}(\`./validate-X.js\`, import.meta.url).then(e=>e.n),m([1]));` +
        `var b=()=>${CHUNK_IMPORT}( "./oauth-Y.js" , import.meta.url);`,
    );
  });

  it('leaves computed imports (the loader itself), static imports and other code alone', async () => {
    expect(await rewriteDynamicImports('import{a}from"./a.js";const f=(u)=>import(u);f.important=1;')).toBeUndefined();
  });
});
