// Issue 82's proof over HTTP: `toolscope tap --listen` in front of a 2025-era server
// (server-everything) and a 2026-07-28 one (the demo), the official client pointed at the tap as
// a host would be: every answer equals the same client's talking to the server directly, the
// cassette holds both directions with the era the host spoke, and `toolscope mock` of it answers
// the same.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { parseCassette } from '../../src/mcp/recording/cassette.ts';
import { listenHttpTap } from './httpTap.ts';
import { TapRecorder } from './tapRecorder.ts';
import { isWireLine, messagesOfLine } from '../../src/mcp/recording/wireLog.ts';
import { startCliServer, startDemoServer, startEverything, startMockCli, type RunningServer } from '../testing/testServers.ts';

const dir = mkdtempSync(join(tmpdir(), 'toolscope-http-tap-'));
let everything: RunningServer;
let demo: RunningServer;
beforeAll(async () => {
  [everything, demo] = await Promise.all([startEverything(), startDemoServer()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([everything.stop(), demo.stop()]);
});

async function session(url: string, call: { name: string; arguments: Record<string, unknown> }, mode: 'auto' | 'legacy' = 'auto') {
  // As a host that speaks both eras: 2026-07-28 where the server does, else a 2025 initialize.
  const client = new Client({ name: 'http-host', version: '1.0.0' }, { capabilities: {}, versionNegotiation: { mode } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    const tools = (await client.listTools()).tools.map((tool) => tool.name).sort();
    const answer = await client.callTool(call);
    return { tools, answer };
  } finally {
    await client.close();
  }
}

const cases = [
  { era: 'legacy', server: () => everything, call: { name: 'echo', arguments: { message: 'over http ✓' } } },
  { era: 'modern', server: () => demo, call: { name: 'search_catalog', arguments: { query: 'usb cable' } } },
] as const;

describe('the tap’s HTTP proxy', () => {
  it('answers loopback names and origins only, at /mcp only, and refuses a body past its cap', async () => {
    const recorder = new TapRecorder(join(dir, 'guard.jsonl'), { transport: 'http', target: demo.url, startedAt: Date.now() });
    const tap = await listenHttpTap({ url: demo.url, headers: {} }, recorder, 0);
    try {
      const port = new URL(tap.url).port;
      const raw = (path: string, headers: Record<string, string>, body = '{}') =>
        new Promise<number>((resolve, reject) => {
          const request = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers }, (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          });
          request.on('error', reject);
          request.end(body);
        });
      expect(await raw('/mcp', { Host: 'evil.example' })).toBe(403);
      expect(await raw('/mcp', { Origin: 'https://evil.example' })).toBe(403);
      expect(await raw('/other', {})).toBe(404);
      expect(await raw('/mcp', { 'Content-Length': String(17 * 1024 * 1024) }, '')).toBe(413);
    } finally {
      await tap.close();
      recorder.close();
    }
  });
});

describe('toolscope tap --listen', () => {
  for (const { era, server, call } of cases)
    it(`passes a ${era} session on, records it both ways, and its mock answers the same`, async () => {
      const expected = await session(server().url, call);
      const out = join(dir, `${era}.cassette.jsonl`);
      const tap = await startCliServer(['tap', '--out', out, '--no-page', '--listen', '0', '--stop-after', '120', server().url]);
      expect(await session(tap.url, call)).toEqual(expected);
      const { code, printed } = await tap.stopped();
      expect(code, printed).toBe(0);

      const cassette = parseCassette(readFileSync(out, 'utf8'));
      if ('error' in cassette) throw new Error(cassette.error);
      expect(cassette.tap?.transport).toBe('http');
      expect(cassette.header.era).toBe(era);
      const wire = (cassette.wire ?? []).filter(isWireLine);
      const from = (side: 'client' | 'server') => wire.filter((line) => line.from === side).flatMap(messagesOfLine);
      expect(from('client').map((message) => message.method)).toEqual(expect.arrayContaining(['tools/list', 'tools/call']));
      expect(from('server').filter((message) => 'result' in message).length).toBeGreaterThanOrEqual(3);
      expect(cassette.exchanges.find((exchange) => exchange.method === 'tools/call')?.params).toMatchObject(call);
      // The HTTP side of each exchange: the host's method and headers, the server's status.
      const asked = wire.find((line) => line.from === 'client' && line.http);
      expect(asked?.http?.method).toBe('POST');
      expect(asked?.http?.headers.map(([name]) => name)).toEqual(expect.arrayContaining(['content-type', 'accept']));
      expect(wire.filter((line) => line.from === 'server' && line.http?.status === 200).length).toBeGreaterThanOrEqual(3);

      const mock = await startMockCli(out);
      try {
        // The mock speaks both eras: asked in the era recorded (a 2025 recording answered in 2026 adds serverInfo to _meta).
        const mocked = await session(mock.url, call, era === 'legacy' ? 'legacy' : 'auto');
        expect(mocked.tools).toEqual(expected.tools);
        expect(mocked.answer).toEqual(expected.answer);
      } finally {
        await mock.stop();
      }
    }, 90_000);
});
