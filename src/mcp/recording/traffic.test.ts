import { describe, expect, it } from 'vitest';
import { TrafficRecorder, summarizeRpc, type TrafficEntry } from './traffic.ts';
import { serverHealth } from './serverHealth.ts';
import { sseDataPayloads } from '../wire/sse.ts';

describe('summarizeRpc', () => {
  it('marks a result with isError: true as the tool’s own failure', () => {
    expect(summarizeRpc('{"jsonrpc":"2.0","id":4,"result":{"isError":true,"content":[]}}')).toEqual([
      { method: 'response', id: 4, target: undefined, error: undefined, toolError: true },
    ]);
    expect(summarizeRpc('{"jsonrpc":"2.0","id":5,"result":{"content":[]}}')[0]?.toolError).toBeUndefined();
  });

  it('names requests, notifications and error responses', () => {
    expect(summarizeRpc('{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo"}}')).toEqual([
      { method: 'tools/call', id: 3, target: 'echo', error: undefined },
    ]);
    expect(summarizeRpc('{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"bad"}}')).toEqual([
      { method: 'response', id: 3, target: undefined, error: { code: -32602, message: 'bad' } },
    ]);
    expect(summarizeRpc('not json')).toEqual([]);
  });
});

describe('sseDataPayloads', () => {
  it('returns complete events only', () => {
    expect(sseDataPayloads('event: message\ndata: {"a":1}\n\nid: 2\ndata: \n\ndata: {"b"')).toEqual(['{"a":1}']);
  });
});

describe('TrafficRecorder', () => {
  it('records an exchange, hides the bearer token and leaves the response intact for the caller', async () => {
    const recorder = new TrafficRecorder(() =>
      Promise.resolve(
        new Response(
          'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{}}\n\nevent: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n',
          {
            status: 200,
            headers: { 'content-type': 'text/event-stream' },
          },
        ),
      ),
    );
    const response = await recorder.fetch('http://127.0.0.1/mcp', {
      method: 'POST',
      headers: { Authorization: 'Bearer secret-token', 'X-API-Key': 'secret-key', 'Mcp-Method': 'tools/call' },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"slow"}}',
    });
    expect(await response.text()).toContain('"id":1');
    await expect.poll(() => recorder.getSnapshot()[0]?.state).toBe('done');
    const [entry] = recorder.getSnapshot();
    expect(entry?.requestHeaders).toContainEqual(['authorization', 'Bearer REDACTED']);
    expect(entry?.requestHeaders).toContainEqual(['x-api-key', 'REDACTED']);
    expect(JSON.stringify(entry)).not.toContain('secret-token');
    expect(JSON.stringify(entry)).not.toContain('secret-key');
    expect(entry?.sent[0]).toMatchObject({ method: 'tools/call', target: 'slow' });
    expect(entry?.received.map((message) => message.method)).toEqual(['notifications/progress', 'response']);
    expect(entry?.status).toBe(200);
    expect(entry?.responseBytes).toBeGreaterThan(50);
  });

  it('hands its caller the response as the browser typed it: a cross-origin "cors" read stays one, with its URL (JSON and SSE)', async () => {
    for (const type of ['application/json', 'text/event-stream']) {
      const seen = new Response('{}', { status: 200, headers: { 'content-type': type } });
      Object.defineProperty(seen, 'type', { value: 'cors' });
      Object.defineProperty(seen, 'url', { value: 'http://127.0.0.1:9/mcp/server-card' });
      const recorder = new TrafficRecorder(() => Promise.resolve(seen));
      const response = await recorder.fetch('http://127.0.0.1:9/mcp/server-card');
      expect(response).not.toBe(seen);
      expect([response.type, response.url, response.status]).toEqual(['cors', 'http://127.0.0.1:9/mcp/server-card', 200]);
      expect(await response.text()).toBe('{}');
    }
  });

  it('hands over its finished exchanges and forgets them; one still streaming stays', async () => {
    let finish: (() => void) | undefined;
    const stream = new ReadableStream<Uint8Array>({ start: (controller) => (finish = () => controller.close()) });
    const answers = [
      new Response('{}', { headers: { 'content-type': 'application/json' } }),
      new Response(stream, { headers: { 'content-type': 'text/event-stream' } }),
    ];
    const recorder = new TrafficRecorder(() => Promise.resolve(answers.shift() as Response));
    await (await recorder.fetch('http://127.0.0.1/a', { method: 'POST', body: '{}' })).text();
    const streaming = await recorder.fetch('http://127.0.0.1/b', { method: 'POST', body: '{}' });
    expect(recorder.takeSettled().map((entry) => entry.url)).toEqual(['http://127.0.0.1/a']);
    expect(recorder.getSnapshot().map((entry) => entry.url)).toEqual(['http://127.0.0.1/b']);
    expect(recorder.takeSettled()).toEqual([]);
    finish?.();
    await streaming.text();
    await expect.poll(() => recorder.getSnapshot()[0]?.state).toBe('done');
    expect(recorder.takeSettled().map((entry) => entry.url)).toEqual(['http://127.0.0.1/b']);
    expect(recorder.getSnapshot()).toEqual([]);
  });

  it('hands each successful tools/call answer (JSON or SSE) to the judge, and marks the one it finds wrong', async () => {
    const answers = [
      new Response('{"jsonrpc":"2.0","id":7,"result":{"content":[],"structuredContent":{"price":"12"}}}', {
        headers: { 'content-type': 'application/json' },
      }),
      new Response('event: message\ndata: {"jsonrpc":"2.0","id":8,"result":{"content":[],"structuredContent":{"price":12}}}\n\n', {
        headers: { 'content-type': 'text/event-stream' },
      }),
      new Response('{"jsonrpc":"2.0","id":9,"result":{"content":[],"isError":true}}', { headers: { 'content-type': 'application/json' } }),
    ];
    const recorder = new TrafficRecorder(() => Promise.resolve(answers.shift() ?? new Response('{}')));
    const judged: [string, unknown][] = [];
    recorder.judgeToolResults((tool, result) => {
      judged.push([tool, result]);
      return Promise.resolve(
        typeof (result.structuredContent as { price?: unknown }).price === 'string' ? '/price must be number' : undefined,
      );
    });
    for (const id of [7, 8, 9]) {
      const response = await recorder.fetch('http://127.0.0.1/mcp', {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: `tool_${id}` } }),
      });
      await response.text();
    }
    await expect.poll(() => recorder.getSnapshot()[0]?.received[0]?.invalidOutput).toBe('/price must be number');
    await expect.poll(() => judged.map(([tool]) => tool)).toEqual(['tool_7', 'tool_8']);
    const [, sse, failed] = recorder.getSnapshot();
    expect(sse?.received[0]?.invalidOutput).toBeUndefined();
    // The tool's own failure is not judged against its outputSchema.
    expect(failed?.received[0]).toMatchObject({ toolError: true });
    expect(failed?.received[0]?.invalidOutput).toBeUndefined();
  });

  it('masks a header its connection’s source declared secret, for that connection only', async () => {
    const recorder = new TrafficRecorder(() => Promise.resolve(new Response('{}', { status: 200 })));
    const init = { method: 'POST', headers: { 'X-Workspace': 'ws_private_7781' }, body: '{}' };
    await recorder.fetchMasking(['x-workspace'])('http://127.0.0.1/a/mcp', init);
    await recorder.fetch('http://127.0.0.1/b/mcp', init);
    await expect.poll(() => recorder.getSnapshot().filter((entry) => entry.state === 'done').length).toBe(2);
    const [declared, other] = recorder.getSnapshot();
    expect(declared?.requestHeaders).toContainEqual(['x-workspace', 'REDACTED']);
    // Another connection (no registry entry declared it): the name alone does not look secret.
    expect(other?.requestHeaders).toContainEqual(['x-workspace', 'ws_private_7781']);
  });

  it('tags each exchange with the server it belongs to when asked (several servers share one log)', async () => {
    const recorder = new TrafficRecorder(() => Promise.resolve(new Response('{}', { status: 200 })));
    const init = { method: 'POST', body: '{}' };
    await recorder.fetchMasking([], 'http://127.0.0.1:3001/mcp')('http://127.0.0.1:9999/proxy', init);
    await recorder.fetch('http://127.0.0.1:3000/mcp', init);
    await expect.poll(() => recorder.getSnapshot().filter((entry) => entry.state === 'done').length).toBe(2);
    expect(recorder.getSnapshot().map((entry) => entry.server)).toEqual(['http://127.0.0.1:3001/mcp', undefined]);
  });

  it('logs an exchange answered before it existed (the prefetch walk) once, from its text and the message parsed from it', () => {
    const recorder = new TrafficRecorder();
    const text = '{"jsonrpc":"2.0","id":"prefetch-tools-0","result":{"tools":[]}}';
    recorder.replayAnswered(
      'http://127.0.0.1:1/mcp',
      {
        method: 'POST',
        headers: { 'mcp-method': 'tools/list', authorization: 'Bearer sk-live-123' },
        body: '{"jsonrpc":"2.0","id":"prefetch-tools-0","method":"tools/list"}',
      },
      1_000,
      {
        status: 200,
        headers: [
          ['content-type', 'application/json'],
          ['set-cookie', 'sid=abc'],
        ],
        text,
        bytes: text.length,
        endedAt: 1_040,
      },
      JSON.parse(text),
    );
    const [entry] = recorder.getSnapshot();
    expect(entry).toMatchObject({
      state: 'done',
      status: 200,
      startedAt: 1_000,
      durationMs: 40,
      responseBody: text,
      responseBytes: text.length,
    });
    expect(entry?.sent[0]).toMatchObject({ method: 'tools/list', id: 'prefetch-tools-0' });
    expect(entry?.received[0]).toMatchObject({ method: 'response', id: 'prefetch-tools-0' });
    expect(JSON.stringify(entry?.requestHeaders)).not.toContain('sk-live-123');
    expect(JSON.stringify(entry?.responseHeaders)).not.toContain('sid=abc');
  });

  it('records network failures and keeps at most the newest entries', async () => {
    const recorder = new TrafficRecorder(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(recorder.fetch('http://127.0.0.1:9/mcp')).rejects.toThrow('Failed to fetch');
    expect(recorder.getSnapshot()[0]).toMatchObject({ state: 'failed', error: 'TypeError: Failed to fetch' });
    recorder.clear();
    expect(recorder.getSnapshot()).toEqual([]);
  });
});

describe('serverHealth', () => {
  const post = (fields: Partial<TrafficEntry>): TrafficEntry => ({
    seq: 1,
    startedAt: 0,
    url: 'http://127.0.0.1/mcp',
    httpMethod: 'POST',
    requestHeaders: [],
    sent: [{ method: 'tools/call', id: 1 }],
    state: 'done',
    status: 200,
    responseBody: '',
    responseBytes: 0,
    received: [],
    ...fields,
  });
  it('is the newest answered-or-not POST that decides; probes and cancels do not count', () => {
    const down = post({ state: 'failed', status: undefined, error: 'TypeError: Failed to fetch' });
    expect(serverHealth([post({}), down])).toBe('unreachable');
    expect(serverHealth([down, post({ status: 500 })])).toBeUndefined();
    expect(serverHealth([post({}), post({ state: 'failed', status: undefined, error: 'aborted' })])).toBeUndefined();
    expect(serverHealth([post({ ...down, sent: [{ method: 'server/discover' }] })])).toBeUndefined();
    // An answer that began (200) and broke off: the stream was cut, the server did answer.
    expect(serverHealth([post({}), post({ state: 'failed', status: 200, error: 'TypeError: network error' })])).toBe('stream-cut');
    // A later call still running: not yet answered says nothing; an answer that began (progress streaming) says the server is back.
    const cut = post({ state: 'failed', status: 200, error: 'TypeError: network error' });
    expect(serverHealth([cut, post({ state: 'pending', status: undefined })])).toBe('stream-cut');
    expect(serverHealth([cut, post({ state: 'streaming', received: [{ method: 'notifications/progress' }] })])).toBeUndefined();
  });
  it('forgets the exchanges of an earlier connection (a Retry that needed no new POST yet)', () => {
    const down = post({ seq: 4, state: 'failed', status: undefined, error: 'TypeError: Failed to fetch' });
    expect(serverHealth([post({ seq: 3 }), down], 3)).toBe('unreachable');
    expect(serverHealth([post({ seq: 3 }), down], 4)).toBeUndefined();
    expect(serverHealth([down, post({ seq: 5, sent: [{ method: 'server/discover' }] })], 4)).toBeUndefined();
  });
  it('with several servers in one log, judges only the exchanges of the server asked about', () => {
    const a = 'http://127.0.0.1:3000/mcp';
    const b = 'http://127.0.0.1:3001/mcp';
    const bDown = post({ seq: 2, server: b, state: 'failed', status: undefined, error: 'TypeError: Failed to fetch' });
    expect(serverHealth([post({ seq: 1, server: a }), bDown], 0, a)).toBeUndefined();
    expect(serverHealth([post({ seq: 1, server: a }), bDown], 0, b)).toBe('unreachable');
    // An untagged exchange (the link's prefetch) counts for whichever server is asked about.
    expect(serverHealth([bDown, post({ seq: 3 })], 0, b)).toBeUndefined();
  });
});
