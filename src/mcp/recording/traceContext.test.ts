import { describe, expect, it } from 'vitest';
import { BAGGAGE_META_KEY, TRACEPARENT_META_KEY, TRACESTATE_META_KEY } from '@modelcontextprotocol/client';
import { newTraceId, parseTraceparent, traceparent } from './traceContext.ts';

describe('W3C trace context', () => {
  it('makes version-00 traceparents of one trace, a new span id each, and reads them back', () => {
    const trace = newTraceId();
    expect(trace).toMatch(/^[0-9a-f]{32}$/);
    const [a, b] = [traceparent(trace), traceparent(trace)];
    expect(a).toMatch(new RegExp(`^00-${trace}-[0-9a-f]{16}-01$`));
    expect(parseTraceparent(a)?.traceId).toBe(trace);
    expect(parseTraceparent(a)?.spanId).not.toBe(parseTraceparent(b)?.spanId);
  });

  it('refuses what the spec refuses: another version, all-zero ids, upper case, wrong lengths', () => {
    for (const bad of [
      '01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      '00-00000000000000000000000000000000-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01',
      '00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01',
      42,
    ])
      expect(parseTraceparent(bad)).toBeUndefined();
    // The spec's own example (§3.2.2).
    expect(parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')).toEqual({
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: '00f067aa0ba902b7',
    });
  });
});

describe('tracestate and baggage (W3C, through OpenTelemetry’s propagators)', () => {
  it('carries what the specs allow beside the traceparent, and says what they refuse', async () => {
    const { traceMeta, traceKeysProblem, normalizeTraceKeys } = await import('./traceContext.ts');
    const meta = traceMeta(newTraceId(), {
      tracestate: 'rojo=00f067aa0ba902b7,congo=t61rcWkgMzE',
      baggage: 'userId=alice,isProduction=false',
    });
    // The keys the 2026-07-28 revision reserves (SEP-414), as the official SDK names them.
    expect(Object.keys(meta).sort()).toEqual([BAGGAGE_META_KEY, TRACEPARENT_META_KEY, TRACESTATE_META_KEY].sort());
    expect(meta.tracestate).toBe('rojo=00f067aa0ba902b7,congo=t61rcWkgMzE');
    expect(meta.baggage).toBe('userId=alice,isProduction=false');
    expect(Object.keys(traceMeta(newTraceId()))).toEqual(['traceparent']);
    expect(traceKeysProblem({ tracestate: 'rojo=1,Bad Key=2' })).toMatch(/tracestate: 1 of 2 members are valid/);
    expect(normalizeTraceKeys({ tracestate: 'rojo=1,Bad Key=2' })).toEqual({ tracestate: 'rojo=1' });
    expect(traceKeysProblem({ tracestate: 'rojo=1', baggage: 'a=1' })).toBeUndefined();
  });
});
