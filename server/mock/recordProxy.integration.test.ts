// `toolscope record --listen`: the official client (@modelcontextprotocol/client, others' code)
// talks to the demo through the recording proxy; stopped, the proxy writes a cassette holding what
// that client did, and `toolscope mock` then answers it as the demo did. The proxy refuses what
// the page's server refuses (a foreign Host, a foreign Origin), and a cassette holding a credential
// the client sent is refused, not written.
import { request } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ENTRIES } from '../../src/mcp/recording/traffic.ts';
import { startCliServer, startDemoServer, startMockCli, type RunningServer } from '../testing/testServers.ts';

const SEARCH = { name: 'search_catalog', arguments: { query: 'usb cable' } };
const connect = async (url: string, headers: Record<string, string> = {}) => {
  const client = new Client({ name: 'proxied-client', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
};
/** A raw POST (fetch may not set Host): its status. */
const rawPost = (url: string, headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    const outgoing = request(url, { method: 'POST', headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    outgoing.on('error', reject);
    outgoing.end('{}');
  });
const strip = (value: unknown) =>
  JSON.parse(JSON.stringify(value, (key, inner: unknown) => (key === '_meta' ? undefined : inner))) as unknown;

let dir: string;
let demo: RunningServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'toolscope-proxy-'));
  demo = await startDemoServer();
}, 60_000);
afterAll(async () => {
  await demo.stop().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

describe('toolscope record --listen (a recording proxy)', () => {
  it('records what another client does through it; the mock then answers that client as the demo did', async () => {
    const file = join(dir, 'proxied.jsonl');
    const proxy = await startCliServer(['record', '--out', file, '--listen', '0', '--stop-after', '120', demo.url]);
    let live: { tools: unknown; call: unknown; order: unknown };
    try {
      // The proxy answers loopback names and origins only, as the page's own server does.
      const foreignHost = await rawPost(proxy.url, { Host: 'evil.example', 'Content-Type': 'application/json' });
      expect(foreignHost).toBe(403);
      const foreignOrigin = await fetch(proxy.url, {
        method: 'POST',
        headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });
      expect(foreignOrigin.status).toBe(403);
      const client = await connect(proxy.url);
      expect(client.getServerVersion()).toMatchObject({ name: 'toolscope-demo' });
      // The server's Server Card is passed on (and recorded), readable by any page.
      const card = await fetch(`${proxy.url}/server-card`);
      expect(card.headers.get('access-control-allow-origin')).toBe('*');
      expect(await card.json()).toMatchObject({ name: 'io.github.toolscope/demo-shop' });
      live = {
        tools: (await client.listTools()).tools,
        call: await client.callTool(SEARCH),
        order: await client.callTool({ name: 'get_product_docs', arguments: { product_id: 'prd_aud_001' } }),
      };
      // More exchanges than Traffic keeps (its last MAX_ENTRIES): the cassette still holds each one.
      for (let page = 0; page < MAX_ENTRIES + 20; page++) await client.listTools();
      await client.close();
    } finally {
      const { code, printed } = await proxy.stopped();
      expect(code, printed).toBe(0);
      expect(printed).toMatch(/Recorded \d+ exchanges with toolscope-demo/);
      expect(printed).not.toContain('Traffic keeps its last');
    }
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { method?: string; params?: { name?: string } });
    const methods = lines.map((line) => line.method);
    const calls = lines.filter((line) => line.method === 'tools/call').map((line) => line.params?.name);
    expect(calls).toEqual(['search_catalog', 'get_product_docs']);
    expect(methods.filter((method) => method === 'tools/list').length).toBeGreaterThan(MAX_ENTRIES + 20);
    // The demo stopped: the cassette stands in for it.
    await demo.stop();
    const mock = await startMockCli(file);
    try {
      expect(await (await fetch(`${mock.url}/server-card`)).json()).toMatchObject({ name: 'io.github.toolscope/demo-shop' });
      const client = await connect(mock.url);
      expect(strip((await client.listTools()).tools)).toEqual(strip(live.tools));
      expect(strip(await client.callTool(SEARCH))).toEqual(strip(live.call));
      expect(strip(await client.callTool({ name: 'get_product_docs', arguments: { product_id: 'prd_aud_001' } }))).toEqual(
        strip(live.order),
      );
      await client.close();
    } finally {
      await mock.stop();
    }
    demo = await startDemoServer();
  });

  it('refuses a cassette that would hold a credential the proxied client sent', async () => {
    const file = join(dir, 'leaky.jsonl');
    const token = 'client-only-token-5f2a9c';
    const proxy = await startCliServer(['record', '--out', file, '--listen', '0', '--stop-after', '120', demo.url]);
    try {
      const client = await connect(proxy.url, { Authorization: `Bearer ${token}` });
      // The client puts its own token into a call's arguments: the server echoes it back.
      await client.callTool({ name: 'search_catalog', arguments: { query: token } });
      await client.close();
    } finally {
      const { code, printed } = await proxy.stopped();
      expect(code).toBe(2);
      expect(printed).toContain('holds a secret of this connection');
      expect(printed).not.toContain(token);
    }
    expect(existsSync(file)).toBe(false);
  });
});
