// SEP-2448's spans read as a client MUST read them: bounded, in OTLP/JSON's shape, in the call's
// trace, each span's parent the call's span or a returned one — else the whole set refused, said why.
import { describe, expect, it } from 'vitest';
import { MAX_SERVER_SPANS, offersServerSpans, readServerSpans, spanTree, withTrace } from './serverSpans.ts';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALL = '00f067aa0ba902b7';
const span = (spanId: string, parentSpanId: string, name: string, from: number, to: number, extra: Record<string, unknown> = {}) => ({
  traceId: TRACE,
  spanId,
  parentSpanId,
  name,
  kind: 2,
  startTimeUnixNano: `${from * 1_000_000}`,
  endTimeUnixNano: `${to * 1_000_000}`,
  ...extra,
});
const answer = (spans: unknown[]) => ({
  content: [],
  _meta: {
    otel: {
      traces: {
        resourceSpans: [
          { resource: { attributes: [{ key: 'service.name', value: { stringValue: 'weather' } }] }, scopeSpans: [{ spans }] },
        ],
      },
    },
  },
});
const sent = { traceId: TRACE, spanId: CALL };
const root = span('1111111111111111', CALL, 'tools/call forecast', 1_000, 1_040);
const child = span('2222222222222222', '1111111111111111', 'fetch upstream', 1_005, 1_030, {
  kind: 3,
  status: { code: 2, message: 'upstream 503' },
});

describe("a server's spans of a call (SEP-2448)", () => {
  it('reads a good set: times in ms, the service, a failed span’s message, in tree order', () => {
    const read = readServerSpans(answer([child, root]), sent);
    if (!('spans' in read)) throw new Error(JSON.stringify(read));
    expect(read.spans.map((one) => [one.name, one.service, one.startMs, one.endMs])).toEqual([
      ['fetch upstream', 'weather', 1_005, 1_030],
      ['tools/call forecast', 'weather', 1_000, 1_040],
    ]);
    expect(read.spans[0]?.error).toBe('upstream 503');
    expect(spanTree(read.spans, CALL).map(({ span: one, depth }) => [one.name, depth])).toEqual([
      ['tools/call forecast', 1],
      ['fetch upstream', 2],
    ]);
  });

  it('refuses another trace, a parent nobody sent, a duplicated id, a bad shape, too many or too large', () => {
    const said = (spans: unknown[]) => {
      const read = readServerSpans(answer(spans), sent);
      return 'refused' in read ? read.refused : JSON.stringify(read);
    };
    expect(said([{ ...root, traceId: 'f'.repeat(32) }])).toMatch(/in trace f{32}, not this call's/);
    expect(said([root, { ...child, parentSpanId: 'bbbbbbbbbbbbbbbb' }])).toMatch(/names parent bbbbbbbbbbbbbbbb: neither this call's span/);
    expect(said([root, { ...child, spanId: root.spanId }])).toMatch(/share one span id/);
    expect(
      said([root, { ...child, parentSpanId: '3333333333333333' }, span('3333333333333333', '2222222222222222', 'ring', 1, 2)]),
    ).toMatch(/parents form a ring/);
    expect(said([{ ...root, traceId: 'W47/95gDgQPSabYzgT/GDA==' }])).toMatch(/traceId is not 32 hex digits/);
    expect(said([{ ...root, endTimeUnixNano: '1' }])).toMatch(/ends before it starts/);
    expect(said([{ ...root, kind: 'SPAN_KIND_SERVER' }])).toMatch(/kind is not an OTLP SpanKind/);
    const many = Array.from({ length: MAX_SERVER_SPANS + 1 }, (_, index) =>
      span(index.toString(16).padStart(16, '0').replace(/^0/, 'a'), CALL, 's', 1, 2),
    );
    expect(said(many)).toMatch(/more than 500 spans/);
    expect(said([{ ...root, attributes: [{ key: 'blob', value: { stringValue: 'x'.repeat(140 * 1024) } }] }])).toMatch(
      /^Refused: the server's spans are 140\.\d KB, over the 128\.0 KB/,
    );
    const nested = answer([root]);
    let deep: Record<string, unknown> = {};
    Object.assign(nested._meta.otel.traces.resourceSpans[0] ?? {}, { deep });
    for (let level = 0; level < 100; level++) deep = deep.next = {};
    expect('refused' in readServerSpans(nested, sent)).toBe(true);
    // 100,000 levels deep (what JSON.parse reads and every recursive walk overflows on): refused, no stack overflow.
    const abyss = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown;
    expect(readServerSpans({ content: [], _meta: { otel: { traces: { resourceSpans: abyss } } } }, sent)).toEqual({
      refused: "Refused: the server's spans are nested deeper than OTLP/JSON ever is (64 levels).",
    });
    expect(readServerSpans({ content: [], _meta: { otel: { traces: { resourceSpans: 'x' } } } }, sent)).toEqual({
      refused: 'Not OTLP/JSON: `_meta.otel.traces.resourceSpans` is not a list.',
    });
  });

  it('says "none" when the answer carries none; asks only a server that offers it', () => {
    expect(readServerSpans({ content: [] }, sent)).toEqual({ none: true });
    expect(readServerSpans(answer([]), sent)).toEqual({ none: true });
    expect(offersServerSpans({ serverExecutionTelemetry: { version: '2026-03-01', signals: { traces: { supported: true } } } })).toBe(true);
    expect(offersServerSpans({ serverExecutionTelemetry: { signals: { traces: { supported: false } } } })).toBe(false);
    expect(offersServerSpans({ tools: {} })).toBe(false);
    // Not asked: the result keeps the trace context it carried and nothing is read.
    expect(withTrace({ raw: answer([root]) }, { ...sent, askedForSpans: false }).trace).toEqual({ ...sent, askedForSpans: false });
    expect(withTrace({ raw: answer([root]) }, { ...sent, askedForSpans: true }).trace?.serverSpans).toMatchObject({
      spans: [expect.anything()],
    });
  });
});
