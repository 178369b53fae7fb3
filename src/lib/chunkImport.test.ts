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

  it('finds the relative static imports a built chunk starts with, and nothing after them', () => {
    const code =
      'import{c as e,h as t}from"./dist-B7N5KYJE.js";import"./styles-x.js";import * as $m from \'../up/a_1.js\';import{x}from"react";' +
      'var w=5;const s=`import{y}from"./not-a-dependency.js"`;';
    expect(staticImportsOf(code)).toEqual(['./dist-B7N5KYJE.js', './styles-x.js', '../up/a_1.js']);
    expect(staticImportsOf('var a=1;import{b}from"./b.js";')).toEqual([]);
  });
});
