// A tapped wire (src/mcp/recording/wireLog.ts) as Traffic's rows, so a tap is read with the same
// rows, filters and details as Toolscope's own traffic: one row per exchange — a host's request
// with the server's answer, a server's own request (elicitation, sampling, roots) with the host's
// answer, a notification alone — and a line that was not JSON-RPC as a failed row. A row's
// "request" is what started it, whichever side sent it (its method column says which).
// Pure: unit-tested (wireRows.test.ts).
import { summarizeMessages, type TrafficEntry } from '../../mcp/recording/traffic.ts';
import { formatBytes } from '../../mcp/results.ts';
import { isRecord, own } from '../../mcp/guards.ts';
import { MAX_JSON_DEPTH } from '../../lib/jsonDepth.ts';
import { omittedAnswer, type WireLine } from '../../mcp/recording/wireLog.ts';

/** What a row's method column says of its direction. */
export const HOST_TO_SERVER = 'host → server';
export const SERVER_TO_HOST = 'server → host';

const textOf = (line: WireLine) =>
  line.omitted
    ? `(${formatBytes(line.bytes)}, ${line.nested ? `nested more than ${MAX_JSON_DEPTH} levels deep` : "over the tap's cap"}: passed on whole, kept as its first characters)\n${line.text ?? ''}`
    : line.message !== undefined
      ? JSON.stringify(line.message)
      : (line.text ?? '');

const idOf = (message: unknown) => {
  const id = isRecord(message) ? own(message, 'id') : undefined;
  return typeof id === 'string' || typeof id === 'number' ? `${typeof id}:${id}` : undefined;
};

const isRequest = (message: unknown) => isRecord(message) && typeof own(message, 'method') === 'string' && idOf(message) !== undefined;
const isAnswer = (message: unknown) => isRecord(message) && own(message, 'method') === undefined && idOf(message) !== undefined;

/** The rows of a tapped wire, oldest first (stderr lines are not rows: the page lists them apart). */
export function wireRows(lines: readonly WireLine[], url: string): TrafficEntry[] {
  const rows: TrafficEntry[] = [];
  // Requests waiting for their answer, by who asked and the id.
  const waiting = new Map<string, TrafficEntry>();
  // HTTP (a tap with --listen): the host's last request, whose status and headers the server's next answer brings.
  let exchange: TrafficEntry | undefined;
  for (const line of lines) {
    if (line.stderr !== undefined) continue;
    if (line.http && line.from === 'server' && exchange && exchange.status === undefined) {
      exchange.status = line.http.status;
      exchange.responseHeaders = line.http.headers;
    }
    // Only the HTTP side (an empty body: a 202, a refusal without JSON): said by the row it answers,
    // which a request can wait no longer for.
    if (line.message === undefined && line.text === undefined && !line.omitted) {
      if (exchange?.state === 'pending') {
        exchange.state = (line.http?.status ?? 0) >= 400 ? 'failed' : 'done';
        exchange.durationMs = line.at - exchange.startedAt;
      }
      continue;
    }
    const fromHost = line.from === 'client';
    const text = textOf(line);
    const message = line.message ?? omittedAnswer(line);
    const answered = isAnswer(message) ? waiting.get(`${fromHost ? 'server' : 'client'}|${idOf(message)}`) : undefined;
    if (answered) {
      waiting.delete(`${fromHost ? 'server' : 'client'}|${idOf(message)}`);
      answered.responseBody = text;
      answered.responseBytes = line.bytes;
      answered.received = summarizeMessages(message);
      answered.state = 'done';
      answered.durationMs = line.at - answered.startedAt;
      continue;
    }
    // A row is what one side started (a request, a notification, a line that is not JSON): its
    // "request" is that message, whichever side sent it; its "response" the other side's answer.
    const notJson = message === undefined && !line.omitted;
    const row: TrafficEntry = {
      seq: rows.length + 1,
      startedAt: line.at,
      url,
      httpMethod: fromHost ? HOST_TO_SERVER : SERVER_TO_HOST,
      requestHeaders: [],
      requestBody: text,
      sent: summarizeMessages(message),
      state: notJson ? 'failed' : isRequest(message) ? 'pending' : 'done',
      responseBody: '',
      // What awaits no answer (a notification, a stray line) is sized by itself.
      responseBytes: isRequest(message) ? 0 : line.bytes,
      received: [],
      ...(notJson ? { error: `not JSON-RPC (${fromHost ? 'the host' : 'the server'} wrote a line that is not JSON)` } : {}),
    };
    if (line.http && fromHost) {
      row.requestHeaders = line.http.headers;
      exchange = row;
    }
    rows.push(row);
    if (isRequest(message)) waiting.set(`${line.from}|${idOf(message)}`, row);
  }
  return rows;
}
