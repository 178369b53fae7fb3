import { describe, expect, it } from 'vitest';
import { StreamWatcher } from './streamWatch.ts';

const callBody = (name: string) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} } });

function brokenStream(): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('event: message\ndata: {}\n\n'));
      setTimeout(() => controller.error(new Error('connection reset')), 10);
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

describe('StreamWatcher', () => {
  it('aborts the call whose streamed answer breaks off, and only that one', async () => {
    const watcher = new StreamWatcher();
    const fetch = watcher.middleware(() => Promise.resolve(brokenStream()));
    const first = watcher.watch('slow');
    const second = watcher.watch('slow');
    const response = await fetch('http://127.0.0.1/mcp', { method: 'POST', body: callBody('slow') });
    await expect(response.text()).rejects.toThrow();
    await expect.poll(() => first.signal.aborted).toBe(true);
    expect(first.call.cut).toBe('connection reset');
    expect(second.signal.aborted).toBe(false);
  });

  it('leaves JSON answers, other methods and released calls alone', async () => {
    const watcher = new StreamWatcher();
    const fetch = watcher.middleware(() =>
      Promise.resolve(new Response('{"jsonrpc":"2.0","id":1,"result":{}}', { headers: { 'content-type': 'application/json' } })),
    );
    const { call, signal } = watcher.watch('fast');
    await (await fetch('http://127.0.0.1/mcp', { method: 'POST', body: callBody('fast') })).text();
    watcher.release(call);
    expect(signal.aborted).toBe(false);
    expect(call.cut).toBeUndefined();
  });
});
