import { describe, expect, it } from 'vitest';
import { pairsOf, sessionOf, wireLineOf, type WireLine } from './wireLog.ts';
import { parseCassette, wireExchanges } from './cassette.ts';

const line = (from: WireLine['from'], message: unknown, at = 1): WireLine => ({ at, from, bytes: JSON.stringify(message).length, message });

const legacy: WireLine[] = [
  line(
    'client',
    {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'claude-ai', version: '0.1.0' } },
    },
    10,
  ),
  line(
    'server',
    {
      jsonrpc: '2.0',
      id: 0,
      result: {
        protocolVersion: '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'shop', version: '2.0.0' },
        instructions: 'Be kind.',
      },
    },
    12,
  ),
  line('client', { jsonrpc: '2.0', method: 'notifications/initialized' }, 13),
  line('client', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ask', arguments: {} } }, 20),
  // The server's own request, with the same id as the host's pending one: a different pair.
  line('server', { jsonrpc: '2.0', id: 1, method: 'elicitation/create', params: { message: 'Sure?' } }, 21),
  line('client', { jsonrpc: '2.0', id: 1, result: { action: 'accept', content: {} } }, 25),
  line('server', { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'done' }] } }, 30),
];

describe('the wire of a tap', () => {
  it('keeps a line that is not JSON as its text, and one over the cap as its size and head', () => {
    expect(wireLineOf('server', 'Listening on 3000', 17, 5, 100)).toEqual({ at: 5, from: 'server', bytes: 17, text: 'Listening on 3000' });
    const big = wireLineOf('server', '{"jsonrpc":"2.0"', 10_000_000, 5, 1000);
    expect(big).toMatchObject({ omitted: true, bytes: 10_000_000, text: '{"jsonrpc":"2.0"' });
    expect(big.message).toBeUndefined();
  });

  it('pairs each request with the answer from the other side, the same id in both directions kept apart', () => {
    const pairs = pairsOf(legacy);
    expect(
      pairs.map((pair) => [pair.from, pair.request.method, pair.answer?.result !== undefined, (pair.answeredAt ?? 0) - pair.at]),
    ).toEqual([
      ['client', 'initialize', true, 2],
      ['client', 'tools/call', true, 10],
      ['server', 'elicitation/create', true, 4],
    ]);
  });

  it('knows the session from a 2025 handshake, and from a 2026 server/discover', () => {
    expect(sessionOf(legacy)).toEqual({
      era: 'legacy',
      protocolVersion: '2025-06-18',
      client: { name: 'claude-ai', version: '0.1.0' },
      server: { name: 'shop', version: '2.0.0' },
      capabilities: { tools: {} },
      instructions: 'Be kind.',
    });
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'cursor', version: '3' },
    };
    const modern = sessionOf([
      line('client', { jsonrpc: '2.0', id: 'd', method: 'server/discover', params: { _meta: meta } }),
      line('server', {
        jsonrpc: '2.0',
        id: 'd',
        result: {
          supportedVersions: ['2026-07-28'],
          capabilities: {},
          _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'm', version: '1' } },
        },
      }),
    ]);
    expect(modern).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28', client: { name: 'cursor' }, server: { name: 'm' } });
  });

  it('a tap cassette reads back: its header from the handshake, the host requests as exchanges a mock serves', () => {
    const text = [
      { cassette: 2, tap: { transport: 'stdio', target: 'node s.js', startedAt: 1 } },
      ...legacy,
      { at: 40, note: 'The server exited with code 0.' },
    ]
      .map((value) => JSON.stringify(value))
      .join('\n');
    const cassette = parseCassette(text);
    if ('error' in cassette) throw new Error(cassette.error);
    expect(cassette.header).toMatchObject({
      era: 'legacy',
      protocolVersion: '2025-06-18',
      server: { name: 'shop' },
      instructions: 'Be kind.',
    });
    expect(cassette.exchanges).toEqual([
      {
        id: 1,
        at: 20,
        method: 'tools/call',
        params: { name: 'ask', arguments: {} },
        result: { content: [{ type: 'text', text: 'done' }] },
        ms: 10,
      },
    ]);
    expect(wireExchanges(legacy)).toEqual(cassette.exchanges);
    expect(cassette.wire).toHaveLength(legacy.length + 1);
  });

  it('says why a tap cassette cannot be served: no handshake, or a line that is not a wire line', () => {
    const header = JSON.stringify({ cassette: 2, tap: { transport: 'stdio', target: 'x', startedAt: 1 } });
    expect(parseCassette(`${header}\n${JSON.stringify(legacy[3])}`)).toEqual({
      error: 'the tap saw no handshake answered (initialize or server/discover): there is no server to serve as',
    });
    expect(parseCassette(`${header}\n{"method":"tools/list"}`)).toEqual({ error: 'line 2 is not a wire line (at, and from or note)' });
    expect(parseCassette(JSON.stringify({ cassette: 2 }))).toEqual({
      error: 'line 1: a tap cassette names its tap (transport stdio or http)',
    });
  });
});
