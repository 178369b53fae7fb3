import { describe, expect, it } from 'vitest';
import { eventData, splitEvents, sseDataPayloads } from './sse.ts';

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
});
