// The walk ahead of the app (walk.ts) on real servers: discover and the first page side by
// side, each next page announced before it is sent, a walk handed over part-way going on where it
// left off (no page twice), and the walk's stops — a 2025 server, a cursor that comes back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, startEverything, type RunningServer } from '../../server/testing/testServers.ts';
import { startRaw2026Server } from '../../server/testing/raw2026.ts';
import { walkAhead, type WalkExchange, type WalkFrom, type WalkMessage, type WalkSent } from './walk.ts';

/** fetch, counting what it sent and how many were answered when each left. */
function countingFetch() {
  const sent: { method: string; answeredBefore: number }[] = [];
  let answered = 0;
  const fetchImpl: typeof fetch = async (input, init) => {
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { method: string };
    sent.push({ method: body.method, answeredBefore: answered });
    const response = await fetch(input, init);
    answered++;
    return response;
  };
  return { sent, fetchImpl };
}

/** A walk's messages as they come: the exchanges, and the notices of requests that left. */
function collector() {
  const posted: WalkExchange[] = [];
  const notices: WalkSent[] = [];
  const messages: WalkMessage[] = [];
  const post = (message: WalkMessage) => {
    messages.push(message);
    if ('sending' in message) notices.push(message);
    else posted.push(message);
  };
  return { posted, notices, messages, post };
}

const toolsOf = (exchange: WalkExchange) =>
  'answer' in exchange && exchange.answer.body instanceof ArrayBuffer
    ? (JSON.parse(new TextDecoder().decode(exchange.answer.body)) as { result: { tools: { name: string }[]; nextCursor?: string } }).result
    : undefined;

describe('the walk ahead of the app', () => {
  let demo: RunningServer;
  let everything: RunningServer;
  beforeAll(async () => {
    [demo, everything] = await Promise.all([startDemoServer({ pageSize: 5 }), startEverything()]);
  });
  afterAll(() => Promise.all([demo.stop(), everything.stop()]));

  it('sends discover and the first page side by side, then every page once, each announced by the one before', async () => {
    const { sent, fetchImpl } = countingFetch();
    const { posted, notices, messages, post } = collector();
    await walkAhead(demo.url, post, { fetchImpl });
    expect(sent.slice(0, 2)).toEqual([
      { method: 'server/discover', answeredBefore: 0 },
      { method: 'tools/list', answeredBefore: 0 },
    ]);
    expect(posted[0]?.method).toBe('server/discover');
    const pages = posted.slice(1);
    expect(pages).toHaveLength(6);
    expect(sent.filter((request) => request.method === 'tools/list')).toHaveLength(6);
    pages.forEach((page, index) => {
      expect(page.next).toBe(toolsOf(page)?.nextCursor);
      if (index > 0) expect(page.cursor).toBe(pages[index - 1]?.next);
    });
    expect(pages.at(-1)?.next).toBeUndefined();
    expect(new Set(pages.flatMap((page) => toolsOf(page)?.tools.map((tool) => tool.name) ?? [])).size).toBe(29);
    // The request as sent, for Traffic: the 2026 envelope and headers, no credentials.
    expect(pages[1]?.request.headers['mcp-method']).toBe('tools/list');
    expect(JSON.parse(pages[1]?.request.body ?? '{}')).toMatchObject({ method: 'tools/list', params: { cursor: pages[0]?.next } });
    expect(pages[1]?.request.credentials).toBe('omit');
    // Each request is announced as it leaves, before its exchange, with the same request and time.
    expect(notices).toHaveLength(7);
    for (const exchange of posted) {
      const notice = notices.find((item) => item.sending === exchange.method && item.cursor === exchange.cursor);
      expect(notice).toMatchObject({ request: exchange.request, sentAt: exchange.sentAt });
      expect(messages.indexOf(notice as WalkMessage)).toBeLessThan(messages.indexOf(exchange));
    }
  });

  it('handed over part-way, goes on from the next page: together one walk, no page twice', async () => {
    const { sent, fetchImpl } = countingFetch();
    const { posted, notices, post } = collector();
    let handed: WalkFrom | undefined;
    await walkAhead(demo.url, post, {
      fetchImpl,
      handOff: (from) => {
        if (from.index < 2) return false;
        handed = from;
        return true;
      },
    });
    expect(handed).toMatchObject({ index: 2, cursor: posted.at(-1)?.next });
    expect(posted.filter((exchange) => exchange.method === 'tools/list')).toHaveLength(2);
    await walkAhead(demo.url, post, { fetchImpl, from: handed });
    const pages = posted.filter((exchange) => exchange.method === 'tools/list');
    expect(pages.map((page) => page.cursor)).toEqual(['', ...pages.slice(0, -1).map((page) => page.next)]);
    expect(sent.filter((request) => request.method === 'server/discover')).toHaveLength(1);
    expect(sent.filter((request) => request.method === 'tools/list')).toHaveLength(6);
    expect(JSON.parse(pages[2]?.request.body ?? '{}')).toMatchObject({ id: 'prefetch-tools-2' });
    // Every request announced once, by whichever walk sent it.
    expect(notices.map((notice) => notice.cursor)).toEqual(['', '', ...pages.slice(1).map((page) => page.cursor)]);
  });

  it('stops after the first page when discover does not say 2026-07-28 (server-everything, 2025)', async () => {
    const { sent, fetchImpl } = countingFetch();
    const { posted, post } = collector();
    await walkAhead(everything.url, post, { fetchImpl });
    expect(sent.map((request) => request.method)).toEqual(['server/discover', 'tools/list']);
    expect(posted.map((exchange) => [exchange.method, exchange.next])).toEqual([
      ['server/discover', undefined],
      ['tools/list', undefined],
    ]);
  });

  it('stops at a cursor that comes back, and when told to', async () => {
    const looping = await startRaw2026Server((method, params) =>
      method === 'tools/list'
        ? { result: { tools: [], nextCursor: params.cursor === 'b' ? 'a' : params.cursor === 'a' ? 'b' : 'a', resultType: 'complete' } }
        : undefined,
    );
    try {
      const { posted, post } = collector();
      await walkAhead(looping.url, post);
      expect(posted.filter((exchange) => exchange.method === 'tools/list').map((page) => page.cursor)).toEqual(['', 'a', 'b']);
      expect(posted.at(-1)?.next).toBeUndefined();
      const { posted: stoppedEarly, post: postEarly } = collector();
      await walkAhead(looping.url, postEarly, { stopped: () => stoppedEarly.length >= 1 });
      expect(stoppedEarly.map((exchange) => [exchange.method, exchange.next])).toEqual([
        ['server/discover', undefined],
        ['tools/list', undefined],
      ]);
    } finally {
      await looping.stop();
    }
  });
});
