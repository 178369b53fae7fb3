// The protocol layer against real servers: our demo server in both eras and
// @modelcontextprotocol/server-everything (written by others, 2025 era only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startDemoServer, startEverything, type RunningServer } from '../../server/testing/testServers.ts';
import { resolveUiResource } from './apps/mcpApps.ts';
import { McpConnection, McpError } from './connection.ts';
import { nextPageDecision } from './pagination.ts';
import { TrafficRecorder } from './recording/traffic.ts';
import type { McpTool } from './tools.ts';
import { validateAgainst } from '../schema/validate.ts';

async function allTools(connection: McpConnection) {
  const tools: McpTool[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const page = await connection.listToolsPage(cursor);
    pages++;
    tools.push(...page.tools);
    const decision = nextPageDecision(page.nextCursor, seen, pages, 100);
    if (decision.reason !== 'continue') return { tools, pages, stop: decision, ttlMs: page.ttlMs };
    seen.add(decision.cursor);
    cursor = decision.cursor;
  }
}

describe('demo server, 2026-07-28 (modern)', () => {
  let demo: RunningServer;
  let connection: McpConnection;
  const recorder = new TrafficRecorder();
  beforeAll(async () => {
    demo = await startDemoServer({ pageSize: 5 });
    connection = await McpConnection.connect({ url: demo.url, fetch: recorder.fetch });
  });
  afterAll(async () => {
    await connection.close();
    await demo.stop();
  });

  it('negotiates the modern era and reports the server identity', () => {
    expect(connection.era).toBe('modern');
    expect(connection.protocolVersion).toBe('2026-07-28');
    expect(connection.server).toMatchObject({ name: 'toolscope-demo', title: 'Toolscope demo shop' });
    expect(connection.instructions).toContain('search_catalog');
  });

  it('walks every page of tools/list with ttlMs', async () => {
    const { tools, pages, stop, ttlMs } = await allTools(connection);
    expect(stop.reason).toBe('end');
    expect(pages).toBe(Math.ceil(tools.length / 5));
    expect(tools.length).toBeGreaterThanOrEqual(17);
    expect(ttlMs).toBe(60_000);
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);
    const chart = tools.find((tool) => tool.name === 'render_sales_chart');
    expect(chart?.title).toBeUndefined();
    expect(chart?.annotations.title).toBe('Sales chart');
    expect(tools.find((tool) => tool.name === 'sync_inventory')?.annotations).toEqual({});
  });

  it('serves an MCP App on this wire: the tool names its ui:// resource, which reads as an app with its _meta.ui', async () => {
    const { tools } = await allTools(connection);
    const browse = tools.find((tool) => tool.name === 'browse_products');
    expect(browse?.app).toMatchObject({ resourceUri: 'ui://demo/product-browser.html' });
    const uri = browse?.app?.resourceUri ?? '';
    const resource = resolveUiResource(await connection.readResourceRaw(uri), uri, await connection.listedResourceMeta(uri));
    expect(typeof resource === 'object' && resource.mimeType).toBe('text/html;profile=mcp-app');
    expect(typeof resource === 'object' && resource.html).toContain('ui/initialize');
    expect(typeof resource === 'object' && resource.meta).toMatchObject({ prefersBorder: true });
    const result = await connection.callTool('browse_products', { query: 'cable' });
    expect(result.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('3 products match "cable"') });
  });

  it('rejects an invalid cursor with -32602', async () => {
    const error = await connection.listToolsPage('bm9uc2Vuc2U').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).failure).toMatchObject({ kind: 'protocol', code: -32602 });
  });

  it('calls a tool and returns structured content that matches its output schema', async () => {
    const result = await connection.callTool('search_catalog', { query: 'cable', limit: 2 });
    expect(result.isError).toBe(false);
    expect(result.structuredContent).toMatchObject({ total: 3 });
    const tools = (await allTools(connection)).tools;
    const schema = tools.find((tool) => tool.name === 'search_catalog')?.outputSchema;
    expect(validateAgainst(schema, result.structuredContent)).toEqual({ status: 'valid' });
  });

  it('keeps a result whose structured content breaks its output schema (the SDK would throw)', async () => {
    const result = await connection.callTool('lookup_legacy_price', { product_id: 'prd_aud_001' });
    expect(result.structuredContent).toEqual({ product_id: 'prd_aud_001', price: '129.00' });
    const schema = (await allTools(connection)).tools.find((tool) => tool.name === 'lookup_legacy_price')?.outputSchema;
    expect(validateAgainst(schema, result.structuredContent)).toEqual({
      status: 'invalid',
      issues: [{ path: '/price', message: 'must be number, got string' }],
    });
  });

  it('returns an actionable tool error (isError) for a search with no match', async () => {
    const result = await connection.callTool('search_catalog', { query: 'zeppelin' });
    expect(result.isError).toBe(true);
    expect(result.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('Try fewer words') });
  });

  it('turns bad arguments into a protocol error -32602', async () => {
    const error = await connection.callTool('search_catalog', { query: 'usb', limit: 500 }).catch((caught: unknown) => caught);
    expect((error as McpError).failure).toMatchObject({
      kind: 'protocol',
      code: -32602,
      message: expect.stringContaining('/limit must be <= 50'),
    });
  });

  it('runs the basket handle workflow and reports an unknown handle clearly', async () => {
    const created = await connection.callTool('create_basket', {});
    const basketId = (created.structuredContent as { basket_id: string }).basket_id;
    expect(basketId).toMatch(/^bsk_[A-Za-z0-9_-]{20,}$/);
    const added = await connection.callTool('add_item', { basket_id: basketId, product_id: 'prd_cab_001', quantity: 2 });
    expect(added.structuredContent).toMatchObject({ total: '€25.80' });
    const deleted = await connection.callTool('delete_basket', { basket_id: basketId });
    expect(deleted.isError).toBe(false);
    const again = await connection.callTool('get_basket', { basket_id: basketId });
    expect(again.isError).toBe(true);
    expect(again.content[0]).toMatchObject({ text: expect.stringContaining('call it to get a new one') });
  });

  it('returns every content type', async () => {
    const chart = await connection.callTool('render_sales_chart', { product_id: 'prd_aud_001' });
    expect(chart.content.map((block) => block.type)).toEqual(['text', 'image']);
    const tone = await connection.callTool('synthesize_tone', { duration_ms: 100 });
    const audio = tone.content[0];
    expect(audio?.type === 'audio' && atob(audio.data).startsWith('RIFF')).toBe(true);
    const docs = await connection.callTool('get_product_docs', { product_id: 'prd_aud_001' });
    const links = docs.content.filter((block) => block.type === 'resource_link');
    expect(links).toHaveLength(3);
    for (const link of links) {
      const contents = await connection.readResource(link.uri);
      expect(contents[0]?.uri).toBe(link.uri);
    }
    const exported = await connection.callTool('export_catalog', {});
    expect(exported.content.map((block) => (block.type === 'resource' ? block.resource.kind : block.type))).toEqual(['text', 'blob']);
    const report = await connection.callTool('get_stock_report', {});
    expect(report.content[1]).toMatchObject({
      annotations: { audience: ['assistant'], priority: 0.4, lastModified: '2026-11-01T09:30:00Z' },
    });
  });

  it('reports progress and stops when cancelled', async () => {
    const progress: number[] = [];
    const done = await connection.callTool(
      'sync_inventory',
      { warehouses: 2, delay_ms: 20 },
      { onProgress: (p) => progress.push(p.progress) },
    );
    expect(done.content[0]).toMatchObject({ text: 'Synced 2 warehouses; stock levels unchanged.' });
    expect(progress).toEqual([1, 2]);
    const controller = new AbortController();
    const pending = connection.callTool('sync_inventory', { warehouses: 10, delay_ms: 500 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toMatchObject({ failure: { kind: 'cancelled' } });
  });

  it('serves a repeated resources/read from cache while its ttlMs lasts', async () => {
    const before = recorder.getSnapshot().filter((entry) => entry.sent[0]?.method === 'resources/read').length;
    const first = await connection.readResource('demo://catalog/products.csv');
    const second = await connection.readResource('demo://catalog/products.csv');
    expect(second).toEqual(first);
    const after = recorder.getSnapshot().filter((entry) => entry.sent[0]?.method === 'resources/read').length;
    expect(after - before).toBe(1);
  });

  it('records every exchange in the traffic recorder', () => {
    const calls = recorder.getSnapshot().filter((entry) => entry.sent[0]?.method === 'tools/call');
    expect(calls.length).toBeGreaterThan(5);
    const first = calls[0];
    expect(first?.requestHeaders.some(([name, value]) => name.toLowerCase() === 'mcp-method' && value === 'tools/call')).toBe(true);
    expect(first?.status).toBe(200);
    expect(recorder.getSnapshot().some((entry) => entry.received.some((message) => message.method === 'notifications/progress'))).toBe(
      true,
    );
  });
});

describe('demo server, pinned 2025 era (legacy)', () => {
  let demo: RunningServer;
  beforeAll(async () => {
    demo = await startDemoServer({ pageSize: 10 });
  });
  afterAll(async () => demo.stop());

  it('serves a 2025-11-25 client with initialize and pagination', async () => {
    const client = new Client({ name: 'legacy-test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(demo.url)));
    expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    const first = await client.listTools({ cursor: undefined });
    expect(first.tools.length).toBeGreaterThan(10);
    const result = await client.callTool({ name: 'search_catalog', arguments: { query: 'mouse' } });
    expect(result.structuredContent).toMatchObject({ total: 1 });
    await client.close();
  });

  it('prefers 2026-07-28 through our connection when the server speaks both eras', async () => {
    // The legacy fallback is covered against server-everything below.
    const connection = await McpConnection.connect({ url: demo.url });
    expect(connection.era).toBe('modern');
    await connection.close();
  });

  it('uses a remembered era without probing: legacy stays legacy, a pinned 2026 version is used directly', async () => {
    const recorder = new TrafficRecorder();
    const legacy = await McpConnection.connect({
      url: demo.url,
      fetch: recorder.fetch,
      eraHint: { era: 'legacy', protocolVersion: '2025-11-25' },
    });
    expect(legacy.era).toBe('legacy');
    expect(recorder.getSnapshot().flatMap((entry) => entry.sent.map((sent) => sent.method))).not.toContain('server/discover');
    await legacy.close();
    const modern = await McpConnection.connect({ url: demo.url, eraHint: { era: 'modern', protocolVersion: '2026-07-28' } });
    expect([modern.era, modern.protocolVersion]).toEqual(['modern', '2026-07-28']);
    await modern.close();
  });
});

describe('server-everything (2025 era, written by others)', () => {
  let everything: RunningServer;
  let connection: McpConnection;
  beforeAll(async () => {
    everything = await startEverything();
    connection = await McpConnection.connect({ url: everything.url });
  });
  afterAll(async () => {
    await connection?.close();
    await everything?.stop();
  });

  it('falls back to the 2025 era and lists its tools with titles and draft-07 schemas', async () => {
    expect(connection.era).toBe('legacy');
    expect(connection.protocolVersion).toBe('2025-11-25');
    expect(connection.server.name).toBe('mcp-servers/everything');
    const { tools, stop } = await allTools(connection);
    expect(stop.reason).toBe('end');
    const sum = tools.find((tool) => tool.name === 'get-sum');
    expect(sum?.title).toBeTruthy();
    expect(tools.find((tool) => tool.name === 'simulate-research-query')?.taskSupport).toBe('required');
  });

  it('calls get-sum, get-tiny-image, get-structured-content and get-resource-links', async () => {
    const sum = await connection.callTool('get-sum', { a: 2, b: 3 });
    expect(sum.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('5') });
    const image = await connection.callTool('get-tiny-image', {});
    expect(image.content.some((block) => block.type === 'image' && block.mimeType === 'image/png')).toBe(true);
    const structured = await connection.callTool('get-structured-content', { location: 'New York' });
    const tools = (await allTools(connection)).tools;
    const schema = tools.find((tool) => tool.name === 'get-structured-content')?.outputSchema;
    expect(validateAgainst(schema, structured.structuredContent)).toEqual({ status: 'valid' });
    const links = await connection.callTool('get-resource-links', { count: 2 });
    const link = links.content.find((block) => block.type === 'resource_link');
    expect(link).toBeDefined();
    if (link?.type === 'resource_link') expect((await connection.readResource(link.uri))[0]?.uri).toBe(link.uri);
  });

  it('a stale remembered 2026 era fails with a kind the caller re-probes on (not auth, CORS or unreachable)', async () => {
    const error: unknown = await McpConnection.connect({
      url: everything.url,
      eraHint: { era: 'modern', protocolVersion: '2026-07-28' },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpError);
    expect(['auth', 'cors', 'unreachable', 'invalid-input', 'cancelled']).not.toContain((error as McpError).failure.kind);
  });

  it('keeps its two error channels apart: unknown tool as isError (v1 SDK), unknown resource as -32602', async () => {
    const unknownTool = await connection.callTool('no-such-tool', {});
    expect(unknownTool.isError).toBe(true);
    const error = await connection.readResource('demo://nope').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).failure).toMatchObject({ kind: 'protocol', code: -32602, message: 'Resource demo://nope not found' });
  });
});

describe('connection failures', () => {
  it('names an unreachable server', async () => {
    const error = await McpConnection.connect({ url: 'http://127.0.0.1:9/mcp' }).catch((caught: unknown) => caught);
    expect((error as McpError).failure.kind).toBe('unreachable');
  });

  it('names a bad custom header before sending anything', async () => {
    for (const [headers, reason] of [
      [{ Cookie: 'a=b' }, 'reserved'],
      [{ 'Bad Name': 'x' }, 'not a valid header name'],
      [{ 'X-API-Key': 'a\nb' }, 'line break'],
    ] as const) {
      const error = await McpConnection.connect({ url: 'http://127.0.0.1:9/mcp', customHeaders: headers }).catch(
        (caught: unknown) => caught,
      );
      expect((error as McpError).failure).toMatchObject({ kind: 'invalid-input', message: expect.stringContaining(reason) });
    }
  });

  it('rejects a URL that is not http(s)', async () => {
    const error = await McpConnection.connect({ url: 'javascript:alert(1)' }).catch((caught: unknown) => caught);
    expect((error as McpError).failure.kind).toBe('invalid-input');
  });
});
