// The cassette's pieces: exchanges read off Traffic's log (JSON and SSE answers, a cut body said),
// what a request is matched by, a secret refused, a file read back or refused with why.
import { describe, expect, it } from 'vitest';
import { cassetteText, exchangesOf, matchKey, parseCassette, recordCassette, serverCardOf, type Cassette } from './cassette.ts';
import type { TrafficEntry } from './traffic.ts';

const entry = (request: unknown, body: string, sse = false, extra: Partial<TrafficEntry> = {}): TrafficEntry => ({
  seq: 1,
  startedAt: 0,
  url: 'http://127.0.0.1/mcp',
  httpMethod: 'POST',
  requestHeaders: [],
  requestBody: JSON.stringify(request),
  sent: [],
  state: 'done',
  responseHeaders: [['content-type', sse ? 'text/event-stream' : 'application/json']],
  responseBody: body,
  responseBytes: body.length,
  received: [],
  durationMs: 12.4,
  ...extra,
});

const header: Cassette['header'] = { cassette: 1, era: 'legacy', protocolVersion: '2025-11-25', server: { name: 's' }, capabilities: {} };

describe('exchangesOf', () => {
  it('pairs each request with the answer of its id, from JSON or an SSE stream (progress before it), and leaves out the handshake', () => {
    const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } };
    const sse = [
      `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } })}`,
      `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'hi' }] } })}`,
    ].join('\n\n');
    const { exchanges, skipped } = exchangesOf([
      entry({ jsonrpc: '2.0', id: 0, method: 'initialize', params: {} }, JSON.stringify({ jsonrpc: '2.0', id: 0, result: {} })),
      entry(call, sse, true),
      entry(
        { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'x' } },
        JSON.stringify({ jsonrpc: '2.0', id: 8, error: { code: -32602, message: 'Unknown tool: x' } }),
      ),
      entry({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: {} }, '{"jsonrpc":"2.0","id":9,"result":{"tools":[…\n… (truncated)'),
      // The transport's refusal (HTTP 400: a header the body disagrees with) is not the server's answer.
      entry(
        { jsonrpc: '2.0', id: 10, method: 'tools/list', params: {} },
        JSON.stringify({ jsonrpc: '2.0', id: 10, error: { code: -32020, message: 'the required Mcp-Method header is absent' } }),
        false,
        { status: 400 },
      ),
    ]);
    expect(exchanges).toEqual([
      { id: 7, at: 0, method: 'tools/call', params: call.params, result: { content: [{ type: 'text', text: 'hi' }] }, ms: 12 },
      { id: 8, at: 0, method: 'tools/call', params: { name: 'x' }, error: { code: -32602, message: 'Unknown tool: x' }, ms: 12 },
    ]);
    expect(skipped).toEqual([
      'tools/list: its answer was too large for Traffic',
      'tools/list: turned away with HTTP 400 before the server answered it',
    ]);
  });
});

describe('matchKey', () => {
  it('ignores key order and volatile _meta, not the arguments', () => {
    const a = matchKey('tools/call', {
      name: 'echo',
      arguments: { a: 1, b: 2 },
      _meta: { progressToken: 3, 'io.modelcontextprotocol/clientInfo': {} },
    });
    expect(a).toBe(matchKey('tools/call', { arguments: { b: 2, a: 1 }, name: 'echo' }));
    expect(a).not.toBe(matchKey('tools/call', { name: 'echo', arguments: { a: 1, b: 3 } }));
    expect(matchKey('tools/call', { name: 'e', _meta: { custom: 1 } })).not.toBe(matchKey('tools/call', { name: 'e' }));
  });
});

describe('cassetteText and parseCassette', () => {
  const cassette: Cassette = {
    header,
    exchanges: [{ method: 'tools/call', params: { name: 'echo', arguments: { message: 'tok-secret-1' } }, result: {}, ms: 1 }],
  };

  it('refuses a cassette holding a secret of the connection, naming the line and never the value', () => {
    const refused = cassetteText(cassette, ['tok-secret-1']);
    expect(refused).toEqual({ refused: expect.stringContaining('line 2 (tools/call) holds a secret') });
    expect(JSON.stringify(refused)).not.toContain('tok-secret-1');
    const written = cassetteText(cassette, [undefined, 'other-secret']);
    expect('text' in written && written.text.split('\n')).toHaveLength(3);
  });

  it('refuses an argument named as a secret (the rule History and Copy keep), naming it', () => {
    const typed: Cassette = {
      header,
      exchanges: [{ method: 'tools/call', params: { name: 'login', arguments: { user: 'ann', password: 'hunter2' } }, result: {}, ms: 1 }],
    };
    expect(cassetteText(typed, [])).toEqual({
      refused: 'line 2 (tools/call) sends arguments.password, named as a secret: nothing was written.',
    });
  });

  it('reads a cassette back, or says why not', () => {
    const written = cassetteText(cassette, []);
    expect('text' in written && parseCassette(written.text)).toEqual(cassette);
    expect(parseCassette('{"cassette":3}')).toEqual({ error: 'line 1 is not a cassette header of version 1 or 2' });
    expect(parseCassette(`${JSON.stringify(header)}\nnot json`)).toEqual({ error: 'line 2 is not JSON' });
    expect(parseCassette(`${JSON.stringify(header)}\n{"method":"tools/list"}`)).toEqual({
      error: 'line 2 is not an exchange (method, and result or error)',
    });
  });
});

describe('recordCassette', () => {
  const source = { era: 'legacy' as const, protocolVersion: '2025-11-25', server: { name: 's' }, serverCapabilities: {}, secretValues: [] };
  const list = (seq: number) => ({
    ...entry(
      { jsonrpc: '2.0', id: seq, method: 'tools/list', params: {} },
      JSON.stringify({ jsonrpc: '2.0', id: seq, result: { tools: [] } }),
    ),
    seq,
  });

  it('keeps this connection’s exchanges only, and says those Traffic no longer holds', () => {
    // An earlier connection ended at seq 10; Traffic has let go of 11–14.
    const made = recordCassette(source, [list(9), list(15), list(16)], { afterSeq: 10 });
    expect(made.exchanges).toBe(2);
    expect(made.skipped).toEqual(['the first 4 HTTP exchanges of this connection: Traffic keeps its last 300']);
    expect(recordCassette(source, [list(11), list(12)], { afterSeq: 10 }).skipped).toEqual([]);
  });

  it('with several servers in one log, keeps the exchanges of its server only (an untagged one counts as its own)', () => {
    const a = 'http://127.0.0.1:3000/mcp';
    const b = 'http://127.0.0.1:3001/mcp';
    const log = [{ ...list(1), server: a }, { ...list(2), server: b }, list(3), { ...list(4), server: a }];
    expect(recordCassette(source, log, { server: a })).toMatchObject({ exchanges: 3, skipped: [] });
    expect(recordCassette(source, log, { server: b }).exchanges).toBe(2);
  });
});

describe('serverCardOf', () => {
  const get = (url: string, status: number, body: string, seq = 1): TrafficEntry => ({
    ...entry(undefined, body),
    seq,
    url,
    httpMethod: 'GET',
    requestBody: undefined,
    status,
  });
  const card = { name: 'io.example/shop', version: '1.0.0' };

  it('keeps the last Server Card read (a GET of …/server-card answered 200 with a JSON object), into the header', () => {
    const log = [
      get('http://127.0.0.1/mcp/server-card', 200, JSON.stringify({ name: 'older' }), 1),
      get('http://127.0.0.1/mcp/server-card?x=1', 200, JSON.stringify(card), 2),
      get('http://127.0.0.1/.well-known/mcp/catalog.json', 200, JSON.stringify({ entries: [] }), 3),
    ];
    expect(serverCardOf(log)).toEqual(card);
    const source = {
      era: 'legacy' as const,
      protocolVersion: '2025-11-25',
      server: { name: 's' },
      serverCapabilities: {},
      secretValues: [],
    };
    const made = recordCassette(source, log);
    const read = 'text' in made ? parseCassette(made.text) : undefined;
    expect(read && 'header' in read && read.header.serverCard).toEqual(card);
  });

  it('keeps none from a 404, a cut or non-JSON body, an array, or a POST', () => {
    expect(serverCardOf([get('http://127.0.0.1/mcp/server-card', 404, '{"error":"none"}')])).toBeUndefined();
    expect(serverCardOf([get('http://127.0.0.1/mcp/server-card', 200, '{"name":"cut… (truncated)')])).toBeUndefined();
    expect(serverCardOf([get('http://127.0.0.1/mcp/server-card', 200, '[1]')])).toBeUndefined();
    expect(serverCardOf([{ ...get('http://127.0.0.1/mcp/server-card', 200, JSON.stringify(card)), httpMethod: 'POST' }])).toBeUndefined();
    const source = {
      era: 'legacy' as const,
      protocolVersion: '2025-11-25',
      server: { name: 's' },
      serverCapabilities: {},
      secretValues: [],
    };
    const made = recordCassette(source, []);
    expect('text' in made && made.text).not.toContain('serverCard');
  });
});
