// The one inline script the built page has (the deep link's early entry, build/earlyEntry.ts) is
// allowed by its hash and nothing else: the served policy carries the hash of exactly the text in
// index.html, follows a rebuild, and never says 'unsafe-inline'.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes } from './csp.ts';
import { startDemoServer, type RunningServer } from './testing/testServers.ts';

const sha = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
const page = (code: string) =>
  `<!doctype html><html><head><script>${code}</script><script type="module" crossorigin src="/assets/main.js"></script></head><body></body></html>`;

describe('inline script hashes', () => {
  it('hashes each inline script as written, and no script that has a src', () => {
    expect(inlineScriptHashes(page('console.log("é")'))).toEqual([sha('console.log("é")')]);
    expect(inlineScriptHashes('<script src="/a.js"></script><script type="module" src="/b.js"></script>')).toEqual([]);
    expect(contentSecurityPolicy({ scriptHashes: ['sha256-abc'] })).toContain("script-src 'self' 'sha256-abc' 'unsafe-eval'");
  });

  describe('as served', () => {
    let root: string;
    let demo: RunningServer;
    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'toolscope-csp-'));
      writeFileSync(join(root, 'index.html'), page('window.first = 1'));
      demo = await startDemoServer({ staticRoot: root });
    });
    afterAll(async () => {
      await demo.stop();
      rmSync(root, { recursive: true, force: true });
    });

    it("allows the page's own inline script by its hash, follows a rebuild, and never allows inline scripts at large", async () => {
      const policy = async () => (await fetch(new URL('/', demo.url))).headers.get('content-security-policy') ?? '';
      expect(await policy()).toContain(`'${sha('window.first = 1')}'`);
      writeFileSync(join(root, 'index.html'), page('window.second = 2'));
      const later = new Date(Date.now() + 5000);
      utimesSync(join(root, 'index.html'), later, later);
      const rebuilt = await policy();
      expect(rebuilt).toContain(`'${sha('window.second = 2')}'`);
      expect(rebuilt).not.toContain(sha('window.first = 1'));
      expect(rebuilt).not.toContain('unsafe-inline');
      expect(rebuilt).toContain("worker-src 'self' blob:");
    });
  });
});
