// The walk hand-writes its requests (it runs before the SDK has loaded): this holds them to what
// the SDK's own Client sends for the same calls — headers, the JSON-RPC envelope and the `_meta`
// of 2026-07-28 — so a new SDK that changes its wire shows up here, not as a prefetch that the
// server answers differently from the app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningServer } from '../../server/testing/testServers.ts';
import { McpConnection } from '../mcp/connection.ts';
import { prefetchRequest, PREFETCH_VERSION } from './walk.ts';

interface Captured {
  headers: Record<string, string>;
  body: { jsonrpc: string; id: unknown; method: string; params?: Record<string, unknown> };
}

/** What the SDK sends, captured at the fetch it is given (the headers the server would see). */
function capturingFetch() {
  const captured: Captured[] = [];
  const fetchImpl = async (input: string | URL, init?: RequestInit) => {
    if (init?.method === 'POST' && typeof init.body === 'string') {
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, name) => (headers[name] = value));
      captured.push({ headers, body: JSON.parse(init.body) as Captured['body'] });
    }
    return fetch(input, init);
  };
  return { captured, fetchImpl };
}

/** The headers that say what the request is (the SDK adds none other to an anonymous, direct 2026 call). */
const WIRE_HEADERS = ['content-type', 'accept', 'mcp-protocol-version', 'mcp-method'];
const pick = (headers: Record<string, string>) => Object.fromEntries(WIRE_HEADERS.map((name) => [name, headers[name]]));

describe("the prefetch's requests are the SDK's", () => {
  let demo: RunningServer;
  beforeAll(async () => {
    demo = await startDemoServer({ pageSize: 5 });
  });
  afterAll(() => demo.stop());

  it('server/discover and tools/list (first page and a cursor): the same headers, envelope and _meta as the SDK Client', async () => {
    const { captured, fetchImpl } = capturingFetch();
    const connection = await McpConnection.connect({ url: demo.url, fetch: fetchImpl });
    let cursor: string | undefined;
    try {
      expect(connection.era).toBe('modern');
      cursor = (await connection.listToolsPage()).nextCursor;
      expect(cursor).toBeTruthy();
      await connection.listToolsPage(cursor);
    } finally {
      await connection.close();
    }
    const byMethod = (method: string) => captured.filter((request) => request.body.method === method);
    const sdkDiscover = byMethod('server/discover')[0];
    const [sdkFirst, sdkNext] = byMethod('tools/list');
    if (!sdkDiscover || !sdkFirst || !sdkNext) throw new Error(`the SDK did not send what was expected: ${JSON.stringify(captured)}`);

    const cases = [
      { sdk: sdkDiscover, ours: prefetchRequest('server/discover', {}, 'prefetch-discover') },
      { sdk: sdkFirst, ours: prefetchRequest('tools/list', {}, 'prefetch-tools-0') },
      { sdk: sdkNext, ours: prefetchRequest('tools/list', { cursor }, 'prefetch-tools-1') },
    ];
    for (const { sdk, ours } of cases) {
      expect(pick(ours.headers)).toEqual(pick(sdk.headers));
      expect(sdk.headers['mcp-protocol-version']).toBe(PREFETCH_VERSION);
      const body = JSON.parse(ours.body) as Captured['body'];
      // The id is each sender's own; everything else is the same, key for key.
      expect({ ...body, id: undefined }).toEqual({ ...sdk.body, id: undefined });
      expect(Object.keys(body).sort()).toEqual(Object.keys(sdk.body).sort());
    }
  });
});
