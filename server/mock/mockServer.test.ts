// The mock's server, in process (the SDK's handler called through the official client's fetch):
// a recorded method its recorded capabilities do not declare — prompts/list of a server without
// prompts, which answered "Method not found" — is left to the SDK, which says just that, and every
// other request is still answered (it used to make each request a 500). The recorded Server Card
// is served at /mcp/server-card; a cassette without one answers a 404 a page can read (CORS).
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { Cassette } from '../../src/mcp/recording/cassette.ts';
import { createApp } from '../httpApp.ts';
import { Recordings, mockFactory, mockHttpHandler } from './mockServer.ts';

const cassette: Cassette = {
  header: {
    cassette: 1,
    era: 'modern',
    protocolVersion: '2026-07-28',
    server: { name: 'no-prompts', version: '1.0.0' },
    capabilities: { tools: {} },
  },
  exchanges: [
    { method: 'tools/list', params: {}, result: { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] }, ms: 1 },
    { method: 'prompts/list', params: {}, error: { code: -32601, message: 'Method not found' }, ms: 1 },
  ],
};

describe('mockFactory', () => {
  it('serves what its capabilities allow and leaves an undeclared recorded method to the SDK', async () => {
    const factory = mockFactory(new Recordings(cassette));
    expect(factory.unserved).toEqual(['prompts/list']);
    const handler = mockHttpHandler(factory);
    const client = new Client({ name: 'mock-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL('http://127.0.0.1/mcp'), {
      fetch: (input, init) => handler.fetch(new Request(input, init)),
    });
    await client.connect(transport);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['echo']);
    await expect(client.request({ method: 'prompts/list', params: {} })).rejects.toThrow(/not found|not supported|does not support/i);
    await client.close();
  });
});

describe('the mock’s Server Card', () => {
  const cardOf = async (serverCard: unknown) => {
    const recorded: Cassette = { ...cassette, header: { ...cassette.header, ...(serverCard ? { serverCard } : {}) } };
    const app = createApp({
      mcp: { fetch: () => Promise.resolve(new Response(null, { status: 500 })) },
      serverCard: () => recorded.header.serverCard,
    });
    return app.fetch(new Request('http://127.0.0.1/mcp/server-card', { headers: { host: '127.0.0.1' } }));
  };

  it('serves the recorded card, or a 404 with CORS when none was recorded', async () => {
    const served = await cardOf({ name: 'io.example/shop' });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toContain('application/mcp-server-card+json');
    expect(served.headers.get('access-control-allow-origin')).toBe('*');
    expect(await served.json()).toEqual({ name: 'io.example/shop' });
    const none = await cardOf(undefined);
    expect(none.status).toBe(404);
    expect(none.headers.get('access-control-allow-origin')).toBe('*');
  });
});
