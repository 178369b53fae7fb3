// Simulates a proxy dropping a streaming response mid-call, for the stream_price_feed tool:
// the SSE body is passed through for a few events, then the connection is broken.
const CUT_TOOL = 'stream_price_feed';

async function toolName(request: Request): Promise<string | undefined> {
  const header = request.headers.get('mcp-name');
  if (header) return header;
  if (request.method !== 'POST') return undefined;
  try {
    const body: unknown = await request.clone().json();
    if (
      typeof body === 'object' &&
      body !== null &&
      'params' in body &&
      typeof body.params === 'object' &&
      body.params !== null &&
      'name' in body.params
    ) {
      return typeof body.params.name === 'string' ? body.params.name : undefined;
    }
  } catch {
    // Not JSON: not ours to cut.
  }
  return undefined;
}

export async function withCutStream(request: Request, handle: (request: Request) => Promise<Response>): Promise<Response> {
  const cut = (await toolName(request)) === CUT_TOOL;
  const response = await handle(request);
  if (!cut || !response.body || !response.headers.get('content-type')?.includes('text/event-stream')) return response;
  let events = 0;
  const breaker = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      events += new TextDecoder().decode(chunk).split('\n\n').length - 1;
      controller.enqueue(chunk);
      if (events >= 3) controller.error(new Error('stream cut by the demo server (simulated proxy failure)'));
    },
  });
  return new Response(response.body.pipeThrough(breaker), { status: response.status, headers: response.headers });
}
