// Export OTLP checked against opentelemetry-proto's schema under OTLP/JSON's rules and read back
// by the OpenTelemetry SDK (server/testing/otlpProto.ts) — the checker itself first proven on
// opentelemetry-proto's own example and on the mistakes a hand-written exporter makes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SpanKind } from '@opentelemetry/api';
import { otlpProblems, readBackThroughSdk } from '../../../server/testing/otlpProto.ts';
import type { Cassette } from './cassette.ts';
import { otlpJson } from './otlpExport.ts';

const EXAMPLE = readFileSync(new URL('../../../server/testing/otlp-proto/example-trace.json', import.meta.url), 'utf8');
type Example = { resourceSpans: { scopeSpans: { spans: Record<string, unknown>[] }[] }[] };
const mutated = (change: (span: Record<string, unknown>) => void): string => {
  const example = JSON.parse(EXAMPLE) as Example;
  change(example.resourceSpans[0]?.scopeSpans[0]?.spans[0] ?? {});
  return JSON.stringify(example);
};

const cassette: Cassette = {
  header: {
    cassette: 1,
    era: 'modern',
    protocolVersion: '2026-07-28',
    server: { name: 'toolscope-demo', version: '0.1.0' },
    capabilities: { tools: {} },
  },
  exchanges: [
    { id: 1, at: 1_764_990_000_000, method: 'tools/list', params: {}, result: { tools: [] }, ms: 4 },
    {
      id: 2,
      at: 1_764_990_000_010,
      method: 'tools/call',
      params: { name: 'search_catalog', arguments: { query: 'usb' } },
      result: { content: [], isError: true },
      ms: 7,
    },
    {
      id: 3,
      at: 1_764_990_000_020,
      method: 'prompts/get',
      params: { name: 'nope' },
      error: { code: -32602, message: 'Unknown prompt' },
      ms: 1,
    },
  ],
};

describe('the OTLP/JSON check (opentelemetry-proto, OTLP/JSON rules)', () => {
  it('takes opentelemetry-proto’s own example trace', () => {
    expect(otlpProblems(EXAMPLE)).toEqual([]);
  });

  it('names what a collector would not read as meant: base64 ids, enum names, snake_case keys, two values, unknown fields', () => {
    expect(otlpProblems(mutated((span) => (span.traceId = 'W47/95gDgQPSabYzgT/GDA==')))).toEqual([
      expect.stringContaining('$.resourceSpans[0].scopeSpans[0].spans[0].traceId: an id of 16 bytes as 32 hex digits'),
    ]);
    expect(otlpProblems(mutated((span) => (span.kind = 'SPAN_KIND_SERVER')))).toEqual([
      expect.stringContaining('spans[0].kind: an enum must be one of its integer values'),
    ]);
    expect(otlpProblems(mutated((span) => (span.start_time_unix_nano = span.startTimeUnixNano)))).toEqual([
      expect.stringContaining('spans[0].start_time_unix_nano: Span has no such field'),
    ]);
    expect(otlpProblems(mutated((span) => (span.attributes = [{ key: 'k', value: { stringValue: 'a', intValue: '1' } }])))).toEqual([
      expect.stringContaining('attributes[0].value: at most one of value (stringValue, intValue)'),
    ]);
    expect(otlpProblems(mutated((span) => (span.endTimeUnixNano = 1.5e18 + 0.5)))).toEqual([
      expect.stringContaining('endTimeUnixNano: must be a 64-bit integer'),
    ]);
    expect(otlpProblems('{"resourceSpans": [}')).toEqual([expect.stringContaining('not JSON')]);
  });

  it('takes what Export OTLP writes, and the SDK reads it back to the same text', async () => {
    const { json, spans } = await otlpJson(cassette, '0.1.0');
    expect(otlpProblems(json)).toEqual([]);
    const back = await readBackThroughSdk(json);
    expect(back.spans).toHaveLength(spans);
    expect(back.spans.map((span) => span.name)).toEqual([
      'tools/list',
      'tools/call search_catalog',
      'prompts/get nope',
      'mcp session toolscope-demo',
    ]);
    expect(back.spans[1]?.status.code).toBe(2); // ERROR: the tool said isError
    expect(JSON.parse(back.json)).toEqual(JSON.parse(json));
  });
});

describe("a server's own spans joined (SEP-2448)", () => {
  it('joins checked spans under the call, and a hostile field inside them never breaks the export', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callSpan = '00f067aa0ba902b7';
    const hostile = {
      traceId,
      spanId: '1111111111111111',
      parentSpanId: callSpan,
      name: 'tools/call search_catalog',
      kind: 0,
      startTimeUnixNano: '1764990000011000000',
      endTimeUnixNano: '1764990000015000000',
      attributes: 'not a list',
      status: { code: 'ERROR', message: 42 },
      droppedAttributesCount: 'many',
      flags: 'x',
    };
    const child = {
      ...hostile,
      spanId: '2222222222222222',
      parentSpanId: '1111111111111111',
      name: 'query',
      kind: 3,
      attributes: [{ key: 'db.system', value: { stringValue: 'sqlite' } }, { key: 7 }, { key: 'odd', value: { kvlistValue: {} } }],
    };
    const traced: Cassette = {
      ...cassette,
      exchanges: [
        {
          id: 9,
          at: 1_764_990_000_010,
          method: 'tools/call',
          params: { name: 'search_catalog', arguments: {}, _meta: { traceparent: `00-${traceId}-${callSpan}-01` } },
          result: {
            content: [],
            _meta: { otel: { traces: { resourceSpans: [{ resource: { attributes: 5 }, scopeSpans: [{ spans: [hostile, child] }] }] } } },
          },
          ms: 7,
        },
      ],
    };
    const { json, spans, serverSpans, notes } = await otlpJson(traced, '0.1.0', { transport: 'pipe' });
    expect(notes).toEqual([]);
    expect([spans, serverSpans]).toEqual([4, 2]);
    expect(otlpProblems(json)).toEqual([]);
    const back = await readBackThroughSdk(json);
    const call = back.spans.find((span) => span.name === 'tools/call search_catalog' && span.kind === SpanKind.CLIENT);
    expect(call?.spanContext().spanId).toBe(callSpan);
    expect(call?.attributes['network.transport']).toBe('pipe');
    const theirs = back.spans.filter((span) => span.parentSpanContext?.spanId === callSpan || span.name === 'query');
    expect(theirs.map((span) => [span.name, span.kind])).toEqual([
      ['tools/call search_catalog', SpanKind.INTERNAL], // OTLP's 0 (unspecified) read as the SDK's default
      ['query', SpanKind.CLIENT],
    ]);
    expect(theirs[1]?.attributes).toEqual({ 'db.system': 'sqlite' });
  });
});
