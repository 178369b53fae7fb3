import { describe, expect, it } from 'vitest';
import { eventData, splitEvents, sseDataPayloads, sseDataStream } from './sse.ts';

describe('the SSE reader', () => {
  it('splits complete events (LF or CRLF), keeps their endings, and leaves an incomplete one', () => {
    expect(splitEvents('id: 1\r\ndata: a\r\n\r\ndata: b\n\ndata: c')).toEqual({
      events: [
        { text: 'id: 1\r\ndata: a', end: '\r\n\r\n' },
        { text: 'data: b', end: '\n\n' },
      ],
      rest: 'data: c',
    });
  });

  it('joins multi-line data, and tells an event without data apart', () => {
    expect(eventData('event: message\ndata: {"a":\ndata:1}')).toBe('{"a":\n1}');
    expect(eventData(': keep-alive')).toBeUndefined();
    expect(sseDataPayloads('data: x\n\n: ping\n\ndata: \n\ndata: y')).toEqual(['x']);
  });

  it('reads a stream event by event, pieces put back together, and stops (cancelling it) when asked', async () => {
    let cancelled = false;
    const encoder = new TextEncoder();
    const pieces = ['data: {"a"', ':1}\n', '\n: comment\n\ndata: two\n\n'];
    const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
      pull(controller) {
        const piece = pieces.shift();
        // After the last piece the stream stays open, as a server may keep it.
        if (piece !== undefined) controller.enqueue(encoder.encode(piece));
      },
      cancel() {
        cancelled = true;
      },
    });
    const seen: string[] = [];
    for await (const data of sseDataStream(body)) {
      seen.push(data);
      if (data === 'two') break;
    }
    expect(seen).toEqual(['{"a":1}', 'two']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cancelled).toBe(true);
  });

  it('ends, cancelling the stream, when its signal aborts while the server sends nothing more', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: one\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    const late = new AbortController();
    const seen: string[] = [];
    setTimeout(() => late.abort(), 20);
    for await (const data of sseDataStream(body, late.signal)) seen.push(data);
    expect(seen).toEqual(['one']);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the cancel goes through the decoder first
    expect(cancelled).toBe(true);
  });
});
