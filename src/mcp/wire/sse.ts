// The one reader of Server-Sent Events text (the Streamable HTTP transport's stream form): the
// traffic recorder, the lenient-results rewriter and the connection doctor all split and read
// events here. Events end with a blank line; an event's `data:` lines join with "\n".

export interface SseEvent {
  /** The event's lines, without the blank line that ended it. */
  text: string;
  /** The line break(s) that ended it, kept so a rewritten stream keeps its bytes. */
  end: string;
}

/** The complete events at the start of `buffer`, and what is left (an event not yet complete). */
export function splitEvents(buffer: string): { events: SseEvent[]; rest: string } {
  const parts = buffer.split(/(\r?\n\r?\n)/);
  const rest = parts.pop() ?? '';
  const events: SseEvent[] = [];
  // split() with a capture group alternates event, separator, event, separator…
  for (let i = 0; i < parts.length; i += 2) events.push({ text: parts[i] ?? '', end: parts[i + 1] ?? '\n\n' });
  return { events, rest };
}

const dataLines = (event: string) =>
  event
    .split(/\r?\n/)
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).replace(/^ /, ''));

/** An event's data (its `data:` lines joined), or undefined when it has none. */
export function eventData(event: string): string | undefined {
  const lines = dataLines(event);
  return lines.length ? lines.join('\n') : undefined;
}

/** The non-empty `data:` payloads of the complete events in `text`. */
export function sseDataPayloads(text: string): string[] {
  return splitEvents(text)
    .events.map((event) => eventData(event.text) ?? '')
    .filter((data) => data.trim().length > 0);
}

/**
 * The non-empty `data:` payloads of a stream's events, each as soon as its event is complete — for
 * a reader that stops at the message it waits for: a server may keep the stream open after it.
 * Stopping early (a `return` out of the loop) cancels the stream; so does `signal` (the loop then
 * ends), even while it waits for a server that sends nothing more.
 */
export async function* sseDataStream(body: ReadableStream<Uint8Array<ArrayBuffer>>, signal?: AbortSignal): AsyncGenerator<string> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  if (signal?.aborted) cancel();
  signal?.addEventListener('abort', cancel, { once: true });
  let buffer = '';
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      const { events, rest } = splitEvents(buffer + chunk.value);
      buffer = rest;
      for (const event of events) {
        const data = eventData(event.text);
        if (data?.trim()) yield data;
      }
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
    cancel();
  }
}
