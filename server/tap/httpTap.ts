// `toolscope tap --out FILE --listen PORT <server-url>`: the host is pointed at
// http://127.0.0.1:PORT/mcp; the recording proxy (../mock/recordProxy.ts: loopback only, one
// upstream, hop-by-hop headers dropped) forwards each request through Traffic's recorder, and each
// exchange, as it finishes, becomes wire lines in the tap's cassette: the host's message(s), then
// the server's (one JSON body, or each event of a stream). Headers are not kept (a credential lives
// there); Traffic's own cap on a body (256 KB) makes a larger answer a line kept by its size.
import { MAX_BODY_CHARS, TrafficRecorder, type TrafficEntry } from '../../src/mcp/recording/traffic.ts';
import { sseDataPayloads } from '../../src/mcp/wire/sse.ts';
import { listenProxy } from '../mock/recordProxy.ts';
import type { TapRecorder } from './tapRecorder.ts';

/** The wire lines of one finished HTTP exchange, into the recorder. */
export function recordExchange(entry: TrafficEntry, recorder: TapRecorder) {
  if (entry.requestBody) recorder.line('client', entry.requestBody, Buffer.byteLength(entry.requestBody), entry.startedAt);
  const at = entry.startedAt + (entry.durationMs ?? 0);
  if (entry.responseBytes > MAX_BODY_CHARS) {
    recorder.add({ at, from: 'server', bytes: entry.responseBytes, omitted: true, text: entry.responseBody.slice(0, 8192) });
    return;
  }
  const sse = (entry.responseHeaders ?? []).some(
    ([name, value]) => name.toLowerCase() === 'content-type' && value.includes('event-stream'),
  );
  const body = entry.responseBody;
  if (!body) return;
  const texts = sse ? sseDataPayloads(body.endsWith('\n\n') ? body : `${body}\n\n`) : [body];
  for (const text of texts) if (text.trim()) recorder.line('server', text, Buffer.byteLength(text), at);
}

/** The proxy, recording into `recorder` until `stopped` resolves; resolves with the URL it listened at. */
export async function runHttpTap(
  upstream: { url: string; headers: Record<string, string> },
  recorder: TapRecorder,
  port: number,
  onListening: (url: string) => void,
  stopped: Promise<void>,
): Promise<void> {
  const traffic = new TrafficRecorder((input, init) => fetch(input, init));
  const unsubscribe = traffic.subscribe(() => {
    for (const entry of traffic.takeSettled()) recordExchange(entry, recorder);
  });
  const sent: string[] = [];
  const { url, server } = await listenProxy({ url: upstream.url, fetch: traffic.fetch, headers: upstream.headers }, sent, port);
  onListening(url);
  await stopped;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  unsubscribe();
  for (const entry of traffic.takeSettled()) recordExchange(entry, recorder);
}
