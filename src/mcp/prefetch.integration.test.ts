// The deep link's prefetch against the demo (2026-07-28): discover and every tools/list page sent
// before any connection exists, then adopted by one — no page asked for twice, each exchange in
// Traffic once, and the SDK's own probe skipped.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDemoServer, type RunningServer } from '../../server/testing/servers.ts';
import { McpConnection } from './connection.ts';
import { adoptPrefetch, startPrefetch, takePrefetch } from './prefetch.ts';
import { TrafficRecorder } from './traffic.ts';
import { startRaw2026Server } from '../../server/testing/raw2026.ts';

describe('deep-link prefetch', () => {
  let demo: RunningServer;
  beforeAll(async () => {
    demo = await startDemoServer({ pageSize: 5 });
  });
  afterAll(() => demo.stop());

  it('is adopted once: the connection lists every page from it, and Traffic shows each request once', async () => {
    startPrefetch(demo.url);
    await new Promise((resolve) => setTimeout(resolve, 500)); // the app is still loading
    const recorder = new TrafficRecorder();
    const connection = await McpConnection.connect({
      url: demo.url,
      fetch: recorder.fetch,
      prefetched: adoptPrefetch(demo.url, recorder),
    });
    try {
      expect(connection.era).toBe('modern');
      const names: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 20; page++) {
        const listed = await connection.listToolsPage(cursor);
        names.push(...listed.tools.map((tool) => tool.name));
        if (!listed.nextCursor) break;
        cursor = listed.nextCursor;
      }
      expect(names).toHaveLength(29);
      expect(new Set(names).size).toBe(29);
      const methods = recorder.getSnapshot().map((entry) => entry.sent[0]?.method);
      expect(methods.filter((method) => method === 'server/discover')).toHaveLength(1);
      expect(methods.filter((method) => method === 'tools/list')).toHaveLength(6);
      // Taken once: a second connection asks the server itself.
      expect(takePrefetch(demo.url)).toBeUndefined();
    } finally {
      await connection.close();
    }
  });

  it('reads a page the server answered as an SSE stream from that stream, never asking for it again', async () => {
    const asked: string[] = [];
    const server = await startRaw2026Server((method, params) => {
      if (method !== 'tools/list') return undefined;
      const cursor = typeof params.cursor === 'string' ? params.cursor : '';
      asked.push(cursor);
      const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });
      return cursor === ''
        ? { result: { tools: [tool('streamed_one')], nextCursor: 'b', resultType: 'complete' }, sse: true }
        : { result: { tools: [tool('plain_two')], resultType: 'complete' } };
    });
    try {
      startPrefetch(server.url);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const recorder = new TrafficRecorder();
      const connection = await McpConnection.connect({
        url: server.url,
        fetch: recorder.fetch,
        prefetched: adoptPrefetch(server.url, recorder),
      });
      try {
        const first = await connection.listToolsPage();
        const second = await connection.listToolsPage(first.nextCursor);
        expect([...first.tools, ...second.tools].map((tool) => tool.name)).toEqual(['streamed_one', 'plain_two']);
        expect(asked).toEqual(['', 'b']);
        // The log reads its own copy of the stream: it hears of the answer a moment after the connection.
        await vi.waitFor(() => {
          const lists = recorder.getSnapshot().filter((entry) => entry.sent[0]?.method === 'tools/list');
          expect(lists).toHaveLength(2);
          expect(lists[0]?.received[0]).toMatchObject({ method: 'response' });
        });
      } finally {
        await connection.close();
      }
    } finally {
      await server.stop();
    }
  });
});
