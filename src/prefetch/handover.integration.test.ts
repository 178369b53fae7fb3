// The deep link's prefetch against the demo (2026-07-28): discover and every tools/list page sent
// before any connection exists, then adopted by one — no page asked for twice, each exchange in
// Traffic once, and the SDK's own probe skipped.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDemoServer, startEverything, type RunningServer } from '../../server/testing/testServers.ts';
import { McpConnection } from '../mcp/connection.ts';
import { McpError } from '../mcp/errors.ts';
import { adoptPrefetch, handingOverWalker, startPrefetch, takePrefetch, type WalkerPort } from './handover.ts';
import { walkAhead, type WalkFrom, type WalkMessage } from './walk.ts';
import { TrafficRecorder } from '../mcp/recording/traffic.ts';
import { startRaw2026Server, type Answer2026 } from '../../server/testing/raw2026.ts';

/** Lists every page through a connection that adopts the prefetch; returns the names, the era and the methods Traffic logged. */
async function listAdopted(url: string) {
  const recorder = new TrafficRecorder();
  const connection = await McpConnection.connect({ url, fetch: recorder.fetch, prefetched: adoptPrefetch(url, recorder) });
  try {
    const names: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const listed = await connection.listToolsPage(cursor);
      names.push(...listed.tools.map((tool) => tool.name));
      if (!listed.nextCursor) break;
      cursor = listed.nextCursor;
    }
    return { names, era: connection.era, methods: recorder.getSnapshot().map((entry) => entry.sent[0]?.method) };
  } finally {
    await connection.close();
  }
}

/** A connection that adopts the prefetch started for `url` (each page waited for `waitMs` at most), logging to its own recorder. */
async function connectAdopting(url: string, waitMs?: number) {
  const recorder = new TrafficRecorder();
  const connection = await McpConnection.connect({ url, fetch: recorder.fetch, prefetched: adoptPrefetch(url, recorder, waitMs) });
  return { recorder, connection };
}

/**
 * A walker elsewhere, as a worker is: it starts `startsAfterMs` after it is spawned (messages wait
 * for it), then says 'ready'. `outcome` 'breaks': it fails once handed the walk, before sending
 * anything; 'breaks once a request has left': right after its first request went out; 'never
 * starts': it never runs, and no error says so.
 */
function slowPort(
  startsAfterMs: number,
  handed: WalkFrom[],
  outcome: 'walks' | 'breaks' | 'breaks once a request has left' | 'never starts' = 'walks',
): () => WalkerPort {
  return () => {
    let onMessage: (data: WalkMessage | 'ready') => void = () => undefined;
    let onError: () => void = () => undefined;
    let terminated = false;
    const up = new Promise<void>((resolve) => {
      if (outcome !== 'never starts') setTimeout(resolve, startsAfterMs);
    }).then(() => onMessage('ready'));
    return {
      post: ({ server, from }) => {
        handed.push(from);
        void up.then(() =>
          outcome === 'breaks'
            ? onError()
            : walkAhead(
                server,
                (message) => {
                  if (terminated) return;
                  onMessage(message);
                  if (outcome === 'breaks once a request has left' && 'sending' in message) {
                    terminated = true;
                    onError();
                  }
                },
                { from, stopped: () => terminated },
              ),
        );
      },
      listen: (message, error) => {
        onMessage = message;
        onError = error;
      },
      terminate: () => {
        terminated = true;
      },
    };
  };
}

/** A tools/list result of one tool, and the cursor of the page after it (none: the last page). */
const onePage = (name: string, next?: string) => ({
  tools: [{ name, inputSchema: { type: 'object' } }],
  resultType: 'complete',
  ...(next ? { nextCursor: next } : {}),
});

/**
 * A raw 2026 server whose tools/list answers `answer` gives for a cursor ('' the first) asked for
 * the `nth` time; `asked` lists every cursor asked for, in order.
 */
async function pagedServer(answer: (cursor: string, nth: number) => ReturnType<Answer2026>) {
  const asked: string[] = [];
  const server = await startRaw2026Server((method, params) => {
    if (method !== 'tools/list') return undefined;
    const cursor = typeof params.cursor === 'string' ? params.cursor : '';
    asked.push(cursor);
    return answer(cursor, asked.filter((item) => item === cursor).length);
  });
  return { server, asked };
}

/**
 * A deep link to a server that holds the walk's ask for the second page (and answers the
 * connection's own): connected, its first page listed; `pages()` — its tools/list exchanges in Traffic.
 */
async function heldSecondPage(waitMs?: number) {
  const { server, asked } = await pagedServer((cursor, nth) =>
    cursor === '' ? { result: onePage('first', 'b') } : nth > 1 ? { result: onePage('second') } : { hold: true },
  );
  startPrefetch(server.url);
  await vi.waitFor(() => expect(asked).toEqual(['', 'b']));
  const { recorder, connection } = await connectAdopting(server.url, waitMs);
  const first = await connection.listToolsPage();
  const pages = () => recorder.getSnapshot().filter((entry) => entry.sent[0]?.method === 'tools/list');
  const end = async () => {
    await connection.close();
    await server.stop();
  };
  return { asked, connection, first, pages, end };
}

describe('deep-link prefetch', () => {
  let demo: RunningServer;
  beforeAll(async () => {
    demo = await startDemoServer({ pageSize: 5 });
  });
  afterAll(() => demo.stop());

  it('is adopted once: the connection lists every page from it, and Traffic shows each request once', async () => {
    startPrefetch(demo.url);
    await new Promise((resolve) => setTimeout(resolve, 500)); // the app is still loading
    const { names, era, methods } = await listAdopted(demo.url);
    expect(era).toBe('modern');
    expect(names).toHaveLength(29);
    expect(new Set(names).size).toBe(29);
    expect(methods.filter((method) => method === 'server/discover')).toHaveLength(1);
    expect(methods.filter((method) => method === 'tools/list')).toHaveLength(6);
    // Taken once: a second connection asks the server itself.
    expect(takePrefetch(demo.url)).toBeUndefined();
  });

  it.each([
    ['closed after its answer', true],
    ['kept open after its answer', 'kept open'],
  ] as const)('reads a page the server answered as an SSE stream (%s) from that stream, never asking for it again', async (_, sse) => {
    const { server, asked } = await pagedServer((cursor) =>
      cursor === '' ? { result: onePage('streamed_one', 'b'), sse } : { result: onePage('plain_two') },
    );
    try {
      startPrefetch(server.url);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const { recorder, connection } = await connectAdopting(server.url);
      try {
        const first = await connection.listToolsPage();
        const second = await connection.listToolsPage(first.nextCursor);
        expect([...first.tools, ...second.tools].map((tool) => tool.name)).toEqual(['streamed_one', 'plain_two']);
        expect(asked).toEqual(['', 'b']);
        // The log reads its own copy of the stream: it hears of the answer a moment after the connection
        // (as it arrives: also from a stream that stays open).
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

  it.each([
    ['the server never answers', { hold: true } as const],
    ['comes as an SSE stream that never carries its answer', 'silent'],
  ] as const)(
    'a prefetched page that %s holds the list only until the wait is over: the walk stops, the connection asks itself',
    async (_, stall) => {
      const { server, asked } = await pagedServer((cursor, nth) => {
        if (cursor === '') return { result: onePage('first', 'b') };
        if (cursor === 'c') return { result: onePage('third') };
        // The walk's ask for the second page stalls; the connection's own ask is answered.
        if (nth > 1) return { result: onePage('second', 'c') };
        return stall === 'silent' ? { result: onePage('never'), sse: 'silent' } : stall;
      });
      try {
        startPrefetch(server.url);
        await vi.waitFor(() => expect(asked).toEqual(['', 'b']));
        const { connection } = await connectAdopting(server.url, 400);
        try {
          const started = Date.now();
          const first = await connection.listToolsPage();
          const second = await connection.listToolsPage(first.nextCursor);
          const third = await connection.listToolsPage(second.nextCursor);
          expect(Date.now() - started).toBeGreaterThanOrEqual(350);
          expect([first, second, third].flatMap((page) => page.tools.map((tool) => tool.name))).toEqual(['first', 'second', 'third']);
          // The stalled page asked for once more, by the connection; the walk asked for nothing after it.
          expect(asked).toEqual(['', 'b', 'b', 'c']);
        } finally {
          await connection.close();
        }
      } finally {
        await server.stop();
      }
    },
  );

  it('a prefetched page still on its way shows in Traffic as pending, as the walk sent it, then as answered — asked for once', async () => {
    const { server, asked } = await pagedServer((cursor) =>
      cursor === '' ? { result: onePage('first', 'b') } : { result: onePage('slow_second'), delayMs: 1500 },
    );
    try {
      startPrefetch(server.url);
      await vi.waitFor(() => expect(asked).toEqual(['', 'b']));
      const { recorder, connection } = await connectAdopting(server.url);
      try {
        const first = await connection.listToolsPage();
        const second = connection.listToolsPage(first.nextCursor);
        const pages = () => recorder.getSnapshot().filter((entry) => entry.sent[0]?.method === 'tools/list');
        await vi.waitFor(() => expect(pages()).toHaveLength(2), { timeout: 1200 });
        const waiting = pages()[1];
        expect(waiting?.state).toBe('pending');
        expect(JSON.parse(waiting?.requestBody ?? '{}')).toMatchObject({ id: 'prefetch-tools-1', params: { cursor: 'b' } });
        // From when the walk sent it, not from when the connection took it.
        expect(waiting?.startedAt).toBeLessThanOrEqual(Date.now() - 400);
        expect((await second).tools.map((tool) => tool.name)).toEqual(['slow_second']);
        await vi.waitFor(() => expect(pages()[1]).toMatchObject({ state: 'done', status: 200, seq: waiting?.seq }));
        expect(pages()[1]?.durationMs).toBeGreaterThanOrEqual(1400);
        expect(pages()[1]?.responseBody).toContain('slow_second');
        expect(pages()).toHaveLength(2);
        expect(asked).toEqual(['', 'b']);
      } finally {
        await connection.close();
      }
    } finally {
      await server.stop();
    }
  });

  it('a prefetched page that never comes is pending in Traffic until the wait is over, then ends there as given up', async () => {
    const { asked, connection, first, pages, end } = await heldSecondPage(1200);
    try {
      const second = connection.listToolsPage(first.nextCursor);
      await vi.waitFor(() => expect(pages()[1]?.state).toBe('pending'), { timeout: 1000 });
      expect((await second).tools.map((tool) => tool.name)).toEqual(['second']);
      await vi.waitFor(() => expect(pages()[1]?.state).toBe('failed'));
      expect(pages()[1]?.error).toMatch(/stopped waiting for this answer/);
      // Then the connection's own ask, logged as its own exchange.
      expect(pages()[2]).toMatchObject({ state: 'done', status: 200 });
      expect(asked).toEqual(['', 'b', 'b']);
    } finally {
      await end();
    }
  });

  it('a listing called off while it waits for a prefetched page stops waiting at once, and the walk with it', async () => {
    const { asked, connection, first, pages, end } = await heldSecondPage();
    try {
      const calledOff = new AbortController();
      const second = connection.listToolsPage(first.nextCursor, calledOff.signal).catch((error: unknown) => error);
      await vi.waitFor(() => expect(pages()[1]?.state).toBe('pending'), { timeout: 1000 });
      const abortedAt = Date.now();
      calledOff.abort();
      expect(await second).toBeInstanceOf(Error);
      expect(Date.now() - abortedAt).toBeLessThan(300);
      // The walk was stopped with it: the awaited page is given up in Traffic, not left pending for a minute.
      await vi.waitFor(() => expect(pages()[1]).toMatchObject({ state: 'failed' }), { timeout: 1000 });
      expect(asked).toEqual(['', 'b']);
    } finally {
      await end();
    }
  });

  it('closing the connection gives up the prefetched page it waits for: no wait of a minute, Traffic says so', async () => {
    const { connection, first, pages, end } = await heldSecondPage();
    try {
      const second = connection.listToolsPage(first.nextCursor).catch((error: unknown) => error);
      await vi.waitFor(() => expect(pages()[1]?.state).toBe('pending'), { timeout: 1000 });
      const closedAt = Date.now();
      await connection.close();
      expect(await second).toBeInstanceOf(Error);
      expect(Date.now() - closedAt).toBeLessThan(1000);
      await vi.waitFor(() => expect(pages()[1]).toMatchObject({ state: 'failed' }), { timeout: 1000 });
    } finally {
      await end();
    }
  });

  it('a link to a server now on 2025 (server-everything): the connection asks its own way, and Traffic still shows both requests the walk sent', async () => {
    const everything = await startEverything();
    try {
      startPrefetch(everything.url);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const { recorder, connection } = await connectAdopting(everything.url);
      try {
        expect(connection.era).toBe('legacy');
        const walked = () =>
          recorder
            .getSnapshot()
            .filter((entry) => /"id":"prefetch-/.test(entry.requestBody ?? ''))
            .map((entry) => [entry.sent[0]?.method, entry.state]);
        await vi.waitFor(() =>
          expect(walked()).toEqual([
            ['server/discover', 'done'],
            ['tools/list', 'done'],
          ]),
        );
        // The connection's own handshake follows, logged as its own.
        expect(recorder.getSnapshot().some((entry) => entry.sent[0]?.method === 'initialize')).toBe(true);
      } finally {
        await connection.close();
      }
    } finally {
      await everything.stop();
    }
  });

  it('a prefetched discover the server never answers fails the connection after its timeout, as its own probe would — no second probe', async () => {
    const hung = await startRaw2026Server(() => undefined, { holdDiscover: true });
    try {
      // The same server without a prefetch: the SDK's probe and its verdict.
      const own = await McpConnection.connect({ url: hung.url, timeoutMs: 300 }).catch((error: unknown) => error);
      startPrefetch(hung.url);
      const recorder = new TrafficRecorder();
      const started = Date.now();
      const adopted = await McpConnection.connect({
        url: hung.url,
        fetch: recorder.fetch,
        timeoutMs: 300,
        prefetched: adoptPrefetch(hung.url, recorder),
      }).catch((error: unknown) => error);
      expect(Date.now() - started).toBeLessThan(1500);
      expect(adopted).toBeInstanceOf(McpError);
      expect((adopted as McpError).failure).toEqual((own as McpError).failure);
      expect((adopted as McpError).failure.kind).toBe('timeout');
      // Traffic shows the walk's discover (timed out before it showed as pending: at the end of the
      // wait) and how it ended; no other discover was sent.
      await vi.waitFor(() =>
        expect(recorder.getSnapshot().filter((entry) => entry.sent[0]?.method === 'server/discover')).toMatchObject([{ state: 'failed' }]),
      );
    } finally {
      await hung.stop();
    }
  });

  it('hands the walk over right after the first page to a walker still starting (no wait for "ready"), every page once', async () => {
    const handed: WalkFrom[] = [];
    startPrefetch(demo.url, undefined, handingOverWalker(slowPort(150, handed)));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(handed).toHaveLength(1);
    // Only the first page was walked here (the second, had it come before the worker was asked for).
    expect(handed[0]?.index).toBeLessThanOrEqual(2);
    const { names, methods } = await listAdopted(demo.url);
    expect(new Set(names).size).toBe(29);
    expect(methods.filter((method) => method === 'tools/list')).toHaveLength(6);
    expect(methods.filter((method) => method === 'server/discover')).toHaveLength(1);
  });

  it('a walker that breaks after the hand-over gives up the rest: the connection asks for those pages itself, once each', async () => {
    const handed: WalkFrom[] = [];
    startPrefetch(demo.url, undefined, handingOverWalker(slowPort(50, handed, 'breaks')));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(handed).toHaveLength(1);
    const { names, methods } = await listAdopted(demo.url);
    expect(new Set(names).size).toBe(29);
    expect(methods.filter((method) => method === 'tools/list')).toHaveLength(6);
  });
  it('a walker that breaks with a request out: Traffic shows that request given up, then the connection asks for the page itself', async () => {
    const handed: WalkFrom[] = [];
    startPrefetch(demo.url, undefined, handingOverWalker(slowPort(50, handed, 'breaks once a request has left')));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(handed).toHaveLength(1);
    const recorder = new TrafficRecorder();
    const connection = await McpConnection.connect({ url: demo.url, fetch: recorder.fetch, prefetched: adoptPrefetch(demo.url, recorder) });
    try {
      for (let page = 0, cursor: string | undefined; page < 20; page++) {
        cursor = (await connection.listToolsPage(cursor)).nextCursor;
        if (!cursor) break;
      }
      const lists = recorder.getSnapshot().filter((entry) => entry.sent[0]?.method === 'tools/list');
      const lost = `prefetch-tools-${handed[0]?.index}`;
      expect(
        lists.filter((entry) => entry.state === 'failed').map((entry) => (JSON.parse(entry.requestBody ?? '{}') as { id?: unknown }).id),
      ).toEqual([lost]);
      expect(lists.find((entry) => entry.state === 'failed')?.error).toMatch(/stopped waiting/);
      expect(lists.filter((entry) => entry.state === 'done')).toHaveLength(6);
    } finally {
      await connection.close();
    }
  });

  it("a walker that never starts (and no error says so) is given up once it has not said 'ready' in time", async () => {
    const handed: WalkFrom[] = [];
    startPrefetch(demo.url, undefined, handingOverWalker(slowPort(0, handed, 'never starts'), 200));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(handed).toHaveLength(1);
    // The connection takes the prefetch before the walker is given up: it waits for the next page, then asks itself.
    const { names, methods } = await listAdopted(demo.url);
    expect(new Set(names).size).toBe(29);
    expect(methods.filter((method) => method === 'tools/list')).toHaveLength(6);
  });
});
