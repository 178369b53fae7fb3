// `toolscope record` and `toolscope mock` through the real command line: the demo recorded on both
// eras, stopped, its cassette served back — and the official client (@modelcontextprotocol/client,
// others' code) sees the same tool list and the same answers; an unrecorded call is said as such
// with the nearest recording; a destructive call is refused unless allowed, and never recorded; a
// planted secret never reaches the file.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otlpProblems, readBackThroughSdk } from '../testing/otlpProto.ts';
import { startDemoServer, startMockCli, type RunningServer } from '../testing/testServers.ts';

const BIN = fileURLToPath(new URL('../../bin/toolscope.mjs', import.meta.url));
const toolscope = (args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

const connect = async (url: string) => {
  const client = new Client({ name: 'cassette-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
};

const SEARCH = { name: 'search_catalog', arguments: { query: 'usb cable' } };
let dir: string;
let demo: RunningServer;
const live: Record<string, { tools: unknown; call: unknown }> = {};
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'toolscope-cassette-'));
  demo = await startDemoServer();
  const client = await connect(demo.url);
  live.demo = { tools: (await client.listTools()).tools, call: await client.callTool(SEARCH) };
  await client.close();
}, 60_000);
afterAll(async () => {
  await demo.stop().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: { key: string; value: { stringValue?: string } }[];
  status?: { code?: number };
}
interface Otlp {
  resourceSpans: { resource: { attributes: { key: string }[] }; scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[];
}

/**
 * OTLP/JSON as the collector reads it (opentelemetry-proto's ExportTraceServiceRequest in proto3 JSON:
 * lowerCamelCase fields, hex ids, nanoseconds as decimal strings, enums as numbers): one trace, a
 * session span (INTERNAL: it groups requests, it is none), and a CLIENT span per request under it,
 * named and attributed per the MCP conventions.
 * The file passes opentelemetry-proto's schema and the SDK's exporter reads it back to the same JSON.
 */
async function checkOtlp(text: string) {
  expect(otlpProblems(text)).toEqual([]);
  const back = await readBackThroughSdk(text);
  expect(JSON.parse(back.json)).toEqual(JSON.parse(text));
  const otlp = JSON.parse(text) as Otlp;
  const spans = otlp.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
  expect(otlp.resourceSpans[0]?.resource.attributes.map((attribute) => attribute.key)).toContain('service.name');
  expect(otlp.resourceSpans[0]?.scopeSpans[0]?.scope.name).toBe('toolscope');
  for (const span of spans) {
    expect(span.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(span.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(span.kind).toBe(span.name.startsWith('mcp session') ? 1 : 3); // SPAN_KIND_INTERNAL, SPAN_KIND_CLIENT
    expect(span.startTimeUnixNano).toMatch(/^\d{16,}$/);
    expect(BigInt(span.endTimeUnixNano) >= BigInt(span.startTimeUnixNano)).toBe(true);
  }
  const session = spans.find((span) => span.name === 'mcp session toolscope-demo');
  const calls = spans.filter((span) => span !== session);
  expect(new Set(spans.map((span) => span.traceId)).size).toBe(1);
  expect(calls.every((span) => span.parentSpanId === session?.spanId)).toBe(true);
  expect(calls.map((span) => span.name)).toEqual(['tools/list', 'tools/list', 'tools/list', 'tools/call search_catalog']);
  const attributes = Object.fromEntries((calls.at(-1)?.attributes ?? []).map((attribute) => [attribute.key, attribute.value.stringValue]));
  expect(attributes).toMatchObject({
    'mcp.method.name': 'tools/call',
    'gen_ai.tool.name': 'search_catalog',
    'gen_ai.operation.name': 'execute_tool',
    'mcp.protocol.version': '2026-07-28',
  });
  expect(attributes['jsonrpc.request.id']).toBeDefined();
}

const strip = (value: unknown) =>
  JSON.parse(JSON.stringify(value, (key, inner: unknown) => (key === '_meta' ? undefined : inner))) as unknown;

describe('toolscope record → mock', () => {
  it('--trace-context: each call carries a W3C traceparent in _meta (one trace, a span each), and the traces keep those ids', async () => {
    const file = join(dir, 'traced.jsonl');
    const traces = join(dir, 'traced.json');
    const search = ['--call', 'search_catalog', '--args', JSON.stringify(SEARCH.arguments)];
    const run = await toolscope(['record', '--out', file, ...search, ...search, '--trace-context', '--otlp', traces, demo.url]);
    expect(run.code, run.stderr).toBe(0);
    const calls = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { method?: string; params?: { _meta?: { traceparent?: string } } })
      .filter((line) => line.method === 'tools/call');
    const carried = calls.map((line) => /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(line.params?._meta?.traceparent ?? ''));
    expect(carried.map(Boolean)).toEqual([true, true]);
    const [first, second] = carried;
    expect(first?.[1]).toBe(second?.[1]);
    expect(first?.[2]).not.toBe(second?.[2]);
    const otlp = JSON.parse(readFileSync(traces, 'utf8')) as Otlp;
    const spans = otlp.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
    expect(new Set(spans.map((span) => span.traceId))).toEqual(new Set([first?.[1]]));
    expect(spans.filter((span) => span.name === 'tools/call search_catalog').map((span) => span.spanId)).toEqual([first?.[2], second?.[2]]);
    // Without the flag nothing is added to what the server gets.
    const plain = join(dir, 'plain.jsonl');
    expect((await toolscope(['record', '--out', plain, ...search, demo.url])).code).toBe(0);
    expect(readFileSync(plain, 'utf8')).not.toContain('traceparent');
  });

  it('records the demo on both eras; the mock, the demo stopped, answers the official client as the demo did', async () => {
    const files = { modern: join(dir, 'modern.jsonl'), legacy: join(dir, 'legacy.jsonl') };
    for (const [era, file] of Object.entries(files)) {
      const run = await toolscope([
        'record',
        '--out',
        file,
        '--call',
        'search_catalog',
        '--args',
        JSON.stringify(SEARCH.arguments),
        ...(era === 'legacy' ? ['--era', 'legacy'] : ['--otlp', join(dir, 'traces.json')]),
        demo.url,
      ]);
      expect(run.stderr).toContain('search_catalog: Success');
      expect(run.code).toBe(0);
      const [header, ...lines] = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(header).toMatchObject({ cassette: 1, era, server: { name: 'toolscope-demo' } });
      expect(header?.protocolVersion).toBe(era === 'modern' ? '2026-07-28' : '2025-11-25');
      // record read the demo's Server Card; the header carries it for the mock to serve.
      expect(header?.serverCard).toMatchObject({ name: 'io.github.toolscope/demo-shop' });
      expect(lines.map((line) => line.method)).toEqual(['tools/list', 'tools/list', 'tools/list', 'tools/call']);
    }
    await checkOtlp(readFileSync(join(dir, 'traces.json'), 'utf8'));
    await demo.stop();
    for (const file of Object.values(files)) {
      const mock = await startMockCli(file);
      try {
        const client = await connect(mock.url);
        expect(client.getServerVersion()).toMatchObject({ name: 'toolscope-demo', title: 'Toolscope demo shop' });
        // The recorded Server Card, served where the demo served its own (SEP-2127's place and CORS).
        const card = await fetch(`${mock.url}/server-card`);
        expect(card.headers.get('access-control-allow-origin')).toBe('*');
        expect(await card.json()).toMatchObject({ name: 'io.github.toolscope/demo-shop' });
        // The same list, every page; the same answer (the live server's own _meta aside).
        expect(strip((await client.listTools()).tools)).toEqual(strip(live.demo?.tools));
        expect(strip(await client.callTool(SEARCH))).toEqual(strip(live.demo?.call));
        // A call nothing recorded: a JSON-RPC error that says so and names the nearest recording.
        await expect(client.callTool({ name: 'search_catalog', arguments: { query: 'kettle' } })).rejects.toThrow(
          /No recording matches tools\/call \{"arguments":\{"query":"kettle"\},"name":"search_catalog"\}\. The nearest recorded: tools\/call \{"arguments":\{"query":"usb cable"\},"name":"search_catalog"\}/,
        );
        await client.close();
      } finally {
        await mock.stop();
      }
    }
    // The same cassette on stdio, for a host that runs servers as commands.
    const client = new Client({ name: 'cassette-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mock', files.legacy, '--stdio'] }));
    expect(strip(await client.callTool(SEARCH))).toEqual(strip(live.demo?.call));
    await client.close();
  }, 120_000);

  it('refuses a destructive call without --allow-destructive (never sent, never recorded); never writes a secret', async () => {
    demo = await startDemoServer();
    const file = join(dir, 'refused.jsonl');
    const run = await toolscope([
      'record',
      '--out',
      file,
      '--call',
      'delete_basket',
      '--args',
      '{"basket_id":"bsk_0123456789ab"}',
      demo.url,
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('delete_basket: Not sent: the tool may change or destroy data');
    expect(readFileSync(file, 'utf8')).not.toContain('tools/call');
    // A value the connection holds as a secret (a header value), typed into a call: nothing is written.
    const secret = join(dir, 'secret.jsonl');
    const leaked = await toolscope([
      'record',
      '--out',
      secret,
      '--header',
      'X-Api-Key: sk-planted-4242',
      '--call',
      'search_catalog',
      '--args',
      '{"query":"sk-planted-4242"}',
      demo.url,
    ]);
    expect(leaked.code).toBe(2);
    expect(leaked.stderr).toContain('holds a secret of this connection');
    expect(leaked.stderr).not.toContain('sk-planted-4242');
    expect(existsSync(secret)).toBe(false);
  }, 60_000);
});
