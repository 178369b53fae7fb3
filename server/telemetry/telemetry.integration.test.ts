// Issue 85's proof, through the real command line: `record`, `load`, `test` and `tap` push their
// spans and histograms through OpenTelemetry's OTLP exporters to a receiver that decodes them with
// opentelemetry-proto's own definitions (server/testing/otlpReceiver.ts), in both encodings; the
// attribute names and kinds are the MCP conventions'; the histogram's counts equal the requests made;
// OTEL_EXPORTER_OTLP_HEADERS arrive and never reach the terminal; nothing is sent without an
// endpoint; W3C traceparent, tracestate and baggage reach a server that reads them; the demo's own
// spans (SEP-2448) join under the call's span; a server's bad spans are refused with a note.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_DURATION_BUCKETS } from '../../src/mcp/recording/otlpExport.ts';
import { histogramsOf, spansOf, startOtlpReceiver } from '../testing/otlpReceiver.ts';
import { otlpProblems } from '../testing/otlpProto.ts';
import { runToolscope } from '../testing/runToolscope.ts';
import { SPAN_TOOLS, startSpanServer } from '../testing/spanServer.ts';
import { startDemoServer, startEverything, stdioServers, type RunningServer } from '../testing/testServers.ts';
import { processGone } from '../testing/processGone.ts';
import { otlpTargetOf } from './otlpPush.ts';

const SEARCH = ['--call', 'search_catalog', '--args', JSON.stringify({ query: 'usb cable' })];
const KEY = 'otlp-key-7f3a9c';
let dir: string;
let demo: RunningServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'toolscope-otlp-'));
  demo = await startDemoServer();
}, 60_000);
afterAll(async () => {
  await demo.stop().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

/** The requests a cassette file holds (its lines after the header). */
const cassetteRequests = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => JSON.parse(line) as { method: string; params: { _meta?: Record<string, unknown> } });

describe('telemetry pushed to a collector (OTLP/HTTP)', () => {
  it('record: protobuf by default, the conventions’ names and kinds, histograms counting every request, the headers sent and never printed', async () => {
    const receiver = await startOtlpReceiver();
    try {
      const out = join(dir, 'pushed.jsonl');
      const run = await runToolscope(
        ['record', '--out', out, ...SEARCH, ...SEARCH, '--trace-context', '--server-spans', '--otlp-endpoint', receiver.url, demo.url],
        { OTEL_EXPORTER_OTLP_HEADERS: `x-api-key=${KEY},x-team=tools` },
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(
        /Telemetry: \d+ spans \(\d+ from the server\) and \d+ duration measurements sent to http:\/\/127\.0\.0\.1/,
      );
      expect(`${run.stdout}${run.stderr}`).not.toContain(KEY);
      expect(receiver.received.map((one) => [one.path, one.contentType])).toEqual(
        expect.arrayContaining([
          ['/v1/traces', 'application/x-protobuf'],
          ['/v1/metrics', 'application/x-protobuf'],
        ]),
      );
      for (const one of receiver.received) {
        expect(one.headers['x-api-key']).toBe(KEY);
        expect(one.headers['x-team']).toBe('tools');
      }
      const spans = spansOf(receiver.received);
      const calls = spans.filter((span) => span.name === 'tools/call search_catalog' && span.service === 'toolscope');
      expect(calls).toHaveLength(2);
      for (const call of calls) {
        expect(call.kind).toBe(3); // SPAN_KIND_CLIENT
        expect(call.attributes).toMatchObject({
          'mcp.method.name': 'tools/call',
          'gen_ai.tool.name': 'search_catalog',
          'gen_ai.operation.name': 'execute_tool',
          'network.transport': 'tcp',
          'network.protocol.name': 'http',
          'server.address': '127.0.0.1',
          'server.port': Number(new URL(demo.url).port),
          'mcp.protocol.version': '2026-07-28',
        });
        expect(call.attributes['jsonrpc.request.id']).toBeDefined();
        // The 2026-07-28 revision has no sessions: no mcp.session.id.
        expect(call.attributes['mcp.session.id']).toBeUndefined();
      }
      const session = spans.find((span) => span.name.startsWith('mcp session'));
      expect(session?.kind).toBe(1); // INTERNAL: a grouping of calls, not a request
      // The demo's own spans (SEP-2448): a SERVER span under each call's span, its stages beneath.
      const theirs = spans.filter((span) => span.service === 'toolscope-demo');
      for (const call of calls) {
        const root = theirs.find((span) => span.parentSpanId === call.spanId);
        expect(root).toMatchObject({ name: 'tools/call search_catalog', kind: 2, traceId: call.traceId });
        expect(theirs.filter((span) => span.parentSpanId === root?.spanId).map((span) => span.name)).toEqual(
          expect.arrayContaining(['validate arguments', 'run search_catalog']),
        );
      }
      // One measurement per request the cassette holds; the buckets and unit the conventions name.
      const requests = cassetteRequests(out);
      const [operations] = histogramsOf(receiver.received).filter((metric) => metric.name === 'mcp.client.operation.duration');
      expect(operations?.unit).toBe('s');
      expect(operations?.points.reduce((sum, point) => sum + point.count, 0)).toBe(requests.length);
      expect(operations?.points[0]?.bounds).toEqual(MCP_DURATION_BUCKETS);
      const searches = operations?.points.find((point) => point.attributes['gen_ai.tool.name'] === 'search_catalog');
      expect(searches?.count).toBe(2);
      expect(searches?.attributes['jsonrpc.request.id']).toBeUndefined();
      // One export of each: every point once.
      const sessions = histogramsOf(receiver.received).filter((metric) => metric.name === 'mcp.client.session.duration');
      expect(sessions.flatMap((metric) => metric.points.map((point) => point.count))).toEqual([1]);
      expect(receiver.received.filter((one) => one.path === '/v1/metrics')).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  }, 90_000);

  it('load (OTEL_EXPORTER_OTLP_ENDPOINT, http/json): spans a collector takes, the histogram counting every call made', async () => {
    const receiver = await startOtlpReceiver();
    try {
      const run = await runToolscope(
        [
          'load',
          '--tool',
          'search_catalog',
          '--args',
          '{"query":"usb"}',
          '--requests',
          '12',
          '--concurrency',
          '3',
          '--warmup',
          '0',
          demo.url,
        ],
        { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' },
      );
      expect(run.code, run.stderr).toBe(0);
      const traces = receiver.received.filter((one) => one.path === '/v1/traces');
      expect(traces.length).toBeGreaterThan(0);
      for (const one of traces) {
        expect(one.contentType).toMatch(/^application\/json/);
        expect(one.problems).toEqual([]);
      }
      const calls = spansOf(receiver.received).filter((span) => span.name === 'tools/call search_catalog');
      expect(calls).toHaveLength(12);
      const [operations] = histogramsOf(receiver.received).filter((metric) => metric.name === 'mcp.client.operation.duration');
      expect(operations?.points.find((point) => point.attributes['gen_ai.tool.name'] === 'search_catalog')?.count).toBe(12);
    } finally {
      await receiver.close();
    }
  }, 90_000);

  it('test and a 2025 session: mcp.session.id on its spans; tap: the host’s session, stdio as a pipe', async () => {
    const receiver = await startOtlpReceiver();
    try {
      // server-everything over Streamable HTTP keeps a 2025 session: its id on the spans.
      const everything = await startEverything();
      try {
        const suite = join(dir, 'suite.json');
        writeFileSync(suite, JSON.stringify({ tests: [{ name: 'echo', tool: 'echo', arguments: { message: 'hi' } }] }));
        const run = await runToolscope(['test', suite, '--era', 'legacy', '--otlp-endpoint', receiver.url, everything.url]);
        expect(run.code, run.stderr).toBe(0);
        const call = spansOf(receiver.received).find((span) => span.name === 'tools/call echo');
        expect(call?.attributes['mcp.protocol.version']).toBe('2025-11-25');
        expect(call?.attributes['mcp.session.id']).toMatch(/.+/);
      } finally {
        await everything.stop();
      }
      receiver.received.length = 0;

      // A host (the official client) through `toolscope tap`: its session, once it ends, as spans of a pipe.
      const [command = '', ...args] = stdioServers.everything();
      const host = new Client({ name: 'otlp-test-host', version: '1.0.0' });
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [
          'bin/toolscope.mjs',
          'tap',
          '--out',
          join(dir, 'tap.jsonl'),
          '--no-page',
          '--otlp-endpoint',
          receiver.url,
          '--',
          command,
          ...args,
        ],
        stderr: 'pipe',
      });
      let stderr = '';
      transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      await host.connect(transport);
      await host.callTool({ name: 'echo', arguments: { message: 'tapped' } });
      const pid = transport.pid;
      await host.close();
      for (let waited = 0; waited < 10_000 && pid !== null && !processGone(pid); waited += 100)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(stderr).toMatch(/Telemetry: \d+ spans and \d+ duration measurements sent/);
      const echo = spansOf(receiver.received).find((span) => span.name === 'tools/call echo');
      expect(echo?.attributes).toMatchObject({ 'network.transport': 'pipe', 'gen_ai.tool.name': 'echo' });
      expect(echo?.attributes['server.address']).toBeUndefined();
      expect(echo?.attributes['network.protocol.name']).toBeUndefined();
    } finally {
      await receiver.close();
    }
  }, 90_000);

  it('sends nothing without an endpoint, and refuses grpc before any call', async () => {
    expect(otlpTargetOf(undefined, { OTEL_EXPORTER_OTLP_HEADERS: 'x=1' })).toBeUndefined();
    expect(otlpTargetOf(undefined, { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:1/t' })).toMatchObject({
      traces: 'http://127.0.0.1:1/t',
    });
    // The exporters' own default is localhost:4318: listen there (when free) and hear nothing.
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer().once('error', () => resolve(false));
      probe.listen(4318, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    const receiver = free ? await startOtlpReceiver({ port: 4318 }) : undefined;
    try {
      const run = await runToolscope(['record', '--out', join(dir, 'quiet.jsonl'), ...SEARCH, demo.url], {
        OTEL_EXPORTER_OTLP_HEADERS: 'x=1',
      });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).not.toContain('Telemetry');
      expect(receiver?.received ?? []).toEqual([]);
    } finally {
      await receiver?.close();
    }
    // A collector that refuses: said, and the run's own status stands.
    const refusing = await startOtlpReceiver({ status: 400 });
    try {
      const run = await runToolscope(['record', '--out', join(dir, 'refused.jsonl'), ...SEARCH, '--otlp-endpoint', refusing.url, demo.url]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/Telemetry not sent: the collector at http:\/\/127\.0\.0\.1:\d+\/v1\/traces[^\n]* did not take them/);
    } finally {
      await refusing.close();
    }
    const grpc = await runToolscope(['record', '--out', join(dir, 'g.jsonl'), demo.url], {
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4317',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
    });
    expect(grpc.code).toBe(2);
    expect(grpc.stderr).toContain('OTEL_EXPORTER_OTLP_PROTOCOL=grpc');
  }, 90_000);
});

describe('trace keys and a server’s own spans (SEP-414, SEP-2448)', () => {
  it('traceparent, tracestate and baggage reach the server; good spans join under the call, bad ones are left out with a note', async () => {
    const server = await startSpanServer();
    const receiver = await startOtlpReceiver();
    try {
      const file = join(dir, 'spans.json');
      const calls = Object.values(SPAN_TOOLS).flatMap((tool) => ['--call', tool.name]);
      const run = await runToolscope([
        'record',
        '--out',
        join(dir, 'spans.jsonl'),
        ...calls,
        '--tracestate',
        'rojo=00f067aa0ba902b7,congo=t61rcWkgMzE',
        '--baggage',
        'userId=alice,isProduction=false',
        '--server-spans',
        '--otlp',
        file,
        '--otlp-endpoint',
        receiver.url,
        server.url,
      ]);
      expect(run.code, run.stderr).toBe(0);
      expect(server.metas).toHaveLength(5);
      for (const meta of server.metas) {
        expect(meta.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
        expect(meta.tracestate).toBe('rojo=00f067aa0ba902b7,congo=t61rcWkgMzE');
        expect(meta.baggage).toBe('userId=alice,isProduction=false');
        expect(meta.otel).toEqual({ traces: { request: true, detailed: true } });
      }
      expect(otlpProblems(readFileSync(file, 'utf8'))).toEqual([]);
      expect(run.stderr).toContain('tools/call foreign_trace');
      expect(run.stderr).toMatch(/foreign_trace[^\n]*not this call's/);
      expect(run.stderr).toMatch(/oversized_spans[^\n]*over the 128\.0 KB/);
      expect(run.stderr).toMatch(/orphan_span[^\n]*neither this call's span/);
      const spans = spansOf(receiver.received);
      const theirs = spans.filter((span) => span.service === 'span-server');
      expect(theirs.map((span) => span.name).sort()).toEqual(['query the store', 'tools/call two_spans']);
      const call = spans.find((span) => span.name === 'tools/call two_spans' && span.service === 'toolscope');
      expect(theirs.find((span) => span.kind === 2)?.parentSpanId).toBe(call?.spanId);
    } finally {
      await receiver.close();
      await server.stop();
    }
  }, 90_000);
});
