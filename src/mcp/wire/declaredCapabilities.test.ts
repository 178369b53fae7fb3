// The capabilities as the server sent them: read from a copy of the handshake's answer (JSON or an
// event stream, even one the server leaves open), an extension's top-level key kept whole.
import { describe, expect, it } from 'vitest';
import { DeclaredCapabilities } from './declaredCapabilities.ts';

const INIT = JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: {} });
const ANSWER = {
  jsonrpc: '2.0',
  id: 0,
  result: { protocolVersion: '2025-11-25', capabilities: { tools: {}, serverExecutionTelemetry: { version: '2026-03-01' } } },
};

describe('the capabilities as declared', () => {
  it('keeps a JSON answer’s capabilities whole', async () => {
    const declared = new DeclaredCapabilities();
    const fetch = declared.middleware(() => Promise.resolve(Response.json(ANSWER)));
    const response = await fetch('http://x/mcp', { method: 'POST', body: INIT });
    expect(await response.json()).toEqual(ANSWER); // the SDK still reads the original
    await declared.settled();
    expect(declared.capabilities).toEqual(ANSWER.result.capabilities);
  });

  it('reads an event stream the server leaves open, up to the answer, and does not wait for its end', async () => {
    const declared = new DeclaredCapabilities();
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new TextEncoder().encode(`event: message\ndata: ${JSON.stringify(ANSWER)}\n\n`)),
    });
    const fetch = declared.middleware(() => Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } })));
    await fetch('http://x/mcp', { method: 'POST', body: INIT });
    const started = Date.now();
    await declared.settled();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(declared.capabilities).toEqual(ANSWER.result.capabilities);
  });

  it('leaves every other request alone', async () => {
    const declared = new DeclaredCapabilities();
    const fetch = declared.middleware(() => Promise.resolve(Response.json({ jsonrpc: '2.0', id: 1, result: { capabilities: { x: {} } } })));
    await fetch('http://x/mcp', { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    await declared.settled();
    expect(declared.capabilities).toBeUndefined();
  });
});
