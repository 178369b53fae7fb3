import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importChunk, staticImportsOf } from './chunkImport.ts';

describe('importChunk', () => {
  it('loads a chunk again after a failure', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chunks-'));
    const base = pathToFileURL(join(dir, 'main.js')).href;
    await expect(importChunk('./late.mjs', base)).rejects.toThrow();
    // The chunk is there now (the server is back): the retry loads it. (That it asks under a
    // fresh URL — the part Chromium needs — is checked in the browser: e2e/demo.spec.ts.)
    writeFileSync(join(dir, 'late.mjs'), 'export const answer = 42;');
    await expect(importChunk('./late.mjs', base)).resolves.toMatchObject({ answer: 42 });
  });

  it('a chunk whose static dependency cannot be fetched fails before import(): nothing for the browser to remember', async () => {
    const { createServer } = await import('node:http');
    let dependencyUp = false;
    const served: string[] = [];
    const server = createServer((request, response) => {
      served.push(request.url ?? '');
      if (request.url === '/parent.js')
        return void response.writeHead(200, { 'content-type': 'text/javascript' }).end('import"./dep.js";export const x=1;');
      if (request.url === '/dep.js' && dependencyUp)
        return void response.writeHead(200, { 'content-type': 'text/javascript' }).end('export const y=2;');
      response.writeHead(503).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/main.js`;
    try {
      // The dependency is down: the import fails naming it, and no import() ran (Node would refuse an
      // http: URL with ERR_UNSUPPORTED_ESM_URL_SCHEME, which is not this message).
      await expect(importChunk('./parent.js', base)).rejects.toThrow(/dep\.js \(HTTP 503\)/);
      // Up again: both are fetched afresh, and only then is import() asked for — under its own URL, no
      // "?retry" (nothing failed in the module map).
      dependencyUp = true;
      const error = await importChunk('./parent.js', base).catch((caught: unknown) => caught);
      expect(String(error)).not.toMatch(/dep\.js \(HTTP/);
      expect(String(error)).not.toContain('?retry=');
      expect(served.filter((url) => url === '/dep.js')).toHaveLength(2);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('finds the relative static imports a built chunk starts with, and nothing after them', () => {
    const code =
      'import{c as e,h as t}from"./dist-B7N5KYJE.js";import"./styles-x.js";import * as $m from \'../up/a_1.js\';import{x}from"react";' +
      'var w=5;const s=`import{y}from"./not-a-dependency.js"`;';
    expect(staticImportsOf(code)).toEqual(['./dist-B7N5KYJE.js', './styles-x.js', '../up/a_1.js']);
    expect(staticImportsOf('var a=1;import{b}from"./b.js";')).toEqual([]);
  });
});
