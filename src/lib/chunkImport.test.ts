import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importChunk } from './chunkImport.ts';

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
});
