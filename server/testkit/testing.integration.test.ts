// `toolscope/testing` from the sources (the installed package is proven in ../cli/package.test.ts):
// the demo over HTTP — a chained call with its structuredContent, a tool's own error, arguments the
// schema refuses (not sent), the trust gate's throw (nothing sent: counted on the wire by a tap) —
// and server-everything as a command over stdio, closed by `await using` (the process is gone).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCassette } from '../../src/mcp/recording/cassette.ts';
import { isWireLine, messagesOfLine } from '../../src/mcp/recording/wireLog.ts';
import { listenHttpTap } from '../tap/httpTap.ts';
import { TapRecorder } from '../tap/tapRecorder.ts';
import { startDemoServer, stdioServers, type RunningServer } from '../testing/testServers.ts';
import { processGone } from '../testing/processGone.ts';
import { openServer } from './testing.ts';

let demo: RunningServer;
beforeAll(async () => {
  demo = await startDemoServer();
}, 30_000);
afterAll(async () => {
  await demo.stop();
});

describe('toolscope/testing', () => {
  it('calls the demo: ok with structuredContent, a tool error, arguments refused before sending', async () => {
    await using server = await openServer(demo.url, { allowWrites: true });
    expect(server.server).toMatchObject({ name: 'toolscope-demo', era: 'modern', protocolVersion: '2026-07-28' });
    const tools = await server.listTools();
    expect(tools.find((tool) => tool.name === 'delete_basket')?.annotations.destructiveHint).toBe(true);

    const basket = await server.call('create_basket');
    expect(basket.outcome).toBe('ok');
    const id = (basket.structuredContent as { basket_id: string }).basket_id;
    const added = await server.call('add_item', { basket_id: id, product_id: 'prd_cab_001', quantity: 2 });
    expect(added).toMatchObject({
      outcome: 'ok',
      isError: false,
      structuredContent: { lines: [{ product_id: 'prd_cab_001', quantity: 2 }] },
    });
    expect(added.ms).toBeGreaterThan(0);

    const missing = await server.call('get_basket', { basket_id: 'bsk_nothing_here_0' });
    expect(missing).toMatchObject({ outcome: 'tool-error', isError: true });
    expect(missing.text).toContain('No basket with id bsk_nothing_here_0 exists');

    const refused = await server.call('get_basket', { basket_id: 'not a basket' });
    expect(refused.outcome).toBe('not-sent');
    expect(refused.message).toMatch(/basket_id/);
  }, 60_000);

  it('the trust gate throws before anything is sent: a write without allowWrites, a destruction without allowDestructive', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'toolscope-testing-')), 'wire.jsonl');
    const recorder = new TapRecorder(out, { transport: 'http', target: demo.url, startedAt: Date.now() });
    const tap = await listenHttpTap({ url: demo.url, headers: {} }, recorder, 0);
    try {
      await using readOnly = await openServer(tap.url);
      await expect(readOnly.call('create_basket')).rejects.toThrow(
        'Refused: create_basket: not marked read-only (readOnlyHint), so it may change data — pass { allowWrites: true } to openServer.',
      );
      await using writes = await openServer(tap.url, { allowWrites: true });
      await expect(writes.call('delete_basket', { basket_id: 'bsk_0123456789' })).rejects.toThrow(/pass \{ allowDestructive: true \}/);
      expect((await readOnly.call('search_catalog', { query: 'usb' })).outcome).toBe('ok');
    } finally {
      await tap.close();
      recorder.close();
    }
    const cassette = parseCassette(readFileSync(out, 'utf8'));
    if ('error' in cassette) throw new Error(cassette.error);
    const called = (cassette.wire ?? [])
      .filter(isWireLine)
      .flatMap(messagesOfLine)
      .filter((message) => message.method === 'tools/call')
      .map((message) => (message.params as { name: string }).name);
    expect(called).toEqual(['search_catalog']);
  }, 60_000);

  it('opens a command over stdio (server-everything) and stops it when disposed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolscope-testing-stdio-'));
    const tee = fileURLToPath(new URL('../testing/teeChild.mjs', import.meta.url));
    {
      await using everything = await openServer([process.execPath, tee, dir, '--', ...stdioServers.everything()], { era: 'legacy' });
      expect(everything.server).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25' });
      expect(await everything.call('echo', { message: 'hi ✓' })).toMatchObject({ outcome: 'ok', text: 'Echo: hi ✓' });
    }
    const pids = JSON.parse(readFileSync(join(dir, 'pids.json'), 'utf8')) as { tee: number; server: number };
    await expect.poll(() => processGone(pids.tee) && processGone(pids.server), { timeout: 10_000 }).toBe(true);
    await expect(openServer('node server.js')).rejects.toThrow(
      "is not an http(s) URL; give a command as its words, e.g. ['node', 'build/index.js']",
    );
  }, 60_000);
});
