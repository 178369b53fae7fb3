// The listing query against a real paginated server (the demo: 29 tools in 3 pages, ttlMs 60 s): a walk called
// off part-way (a disconnect; React's development double mount) leaves an incomplete list that
// is never "fresh" and is listed again on the next mount.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningServer } from '../../../../server/testing/testServers.ts';
import { startRaw2026Server } from '../../../../server/testing/raw2026.ts';
import { McpConnection } from '../../../mcp/connection.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { serverKey } from '../../../lib/serverKey.ts';
import { startListing, toolPagesOptions } from './toolPages.ts';
import type { ToolListPages } from './toolListCache.ts';

describe('tool listing query', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startDemoServer();
  });
  afterAll(() => server.stop());

  it('starts with the connection; a walk called off part-way is stale and listed again on mount', async () => {
    const queryClient = new QueryClient();
    const connection = await McpConnection.connect({ url: server.url });
    const key = queryKeys.tools(serverKey(connection.url), 'anonymous');
    // Called off the moment the first page is shown (as an unmount would).
    let calledOff: Promise<void> | undefined;
    const unwatch = queryClient.getQueryCache().subscribe(() => {
      if (!calledOff && (queryClient.getQueryData<ToolListPages>(key)?.pages.length ?? 0) > 0)
        calledOff = queryClient.cancelQueries({ queryKey: key });
    });
    const listing = startListing(queryClient, connection, 'anonymous');
    expect(startListing(queryClient, connection, 'anonymous')).toBe(listing); // once per connection
    await expect.poll(() => calledOff !== undefined).toBe(true);
    await calledOff;
    unwatch();
    const query = queryClient.getQueryCache().find({ queryKey: key });
    const partial = (query?.state.data as ToolListPages | undefined)?.pages.length ?? 0;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(3);
    // Never fresh, whatever the ttlMs (60 s here): an incomplete list is not what the server has.
    const { staleTime } = toolPagesOptions(queryClient, connection, 'anonymous', undefined, listing.startedAt);
    expect(typeof staleTime === 'function' && query ? staleTime(query as never) : undefined).toBe(0);

    // A mount (an observer) lists again, to the end.
    const observer = new QueryObserver(queryClient, toolPagesOptions(queryClient, connection, 'anonymous', undefined, listing.startedAt));
    const unsubscribe = observer.subscribe(() => undefined);
    await expect
      .poll(() => (observer.getCurrentResult().data?.pages.length ?? 0) === 3 && !observer.getCurrentResult().isFetching, {
        timeout: 20_000,
      })
      .toBe(true);
    expect(observer.getCurrentResult().data?.pages.flatMap((page) => page.tools)).toHaveLength(29);
    unsubscribe();

    // A complete list within its ttl is fresh, and not fetched again by a second mount.
    expect(typeof staleTime === 'function' && query ? staleTime(query as never) : undefined).toBe(60_000);
    const again = new QueryObserver(queryClient, toolPagesOptions(queryClient, connection, 'anonymous', undefined, listing.startedAt));
    const stop = again.subscribe(() => undefined);
    expect(again.getCurrentResult().isFetching).toBe(false);
    stop();
    await connection.close();
  });

  it('shows the pages that came quickly while a later one is slow to come (none held back behind it)', async () => {
    // Three pages at once, then a fourth that takes 1.5 s.
    const slow = await startRaw2026Server((method, params) => {
      if (method !== 'tools/list') return undefined;
      const index = typeof params.cursor === 'string' ? Number(params.cursor) : 0;
      const result = {
        tools: [{ name: `tool_${index}`, inputSchema: { type: 'object' } }],
        resultType: 'complete',
        ...(index < 3 ? { nextCursor: String(index + 1) } : {}),
      };
      return index === 3 ? { result, delayMs: 1500 } : { result };
    });
    const connection = await McpConnection.connect({ url: slow.url });
    try {
      const queryClient = new QueryClient();
      const observer = new QueryObserver(queryClient, toolPagesOptions(queryClient, connection, 'anonymous'));
      const unsubscribe = observer.subscribe(() => undefined);
      const shown = () => observer.getCurrentResult().data?.pages.length ?? 0;
      // Within the 100 ms between updates of the list (and well before the slow page).
      await expect.poll(shown, { timeout: 600, interval: 20 }).toBe(3);
      expect(observer.getCurrentResult().isFetching).toBe(true);
      await expect.poll(shown, { timeout: 5000 }).toBe(4);
      unsubscribe();
    } finally {
      await connection.close();
      await slow.stop();
    }
  });
});
