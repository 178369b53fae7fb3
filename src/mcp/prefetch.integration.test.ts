// The deep link's prefetch against the demo (2026-07-28): discover and every tools/list page sent
// before any connection exists, then adopted by one — no page asked for twice, each exchange in
// Traffic once, and the SDK's own probe skipped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningServer } from '../../server/testing/servers.ts';
import { McpConnection } from './connection.ts';
import { adoptPrefetch, startPrefetch, takePrefetch } from './prefetch.ts';
import { TrafficRecorder } from './traffic.ts';

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
});
