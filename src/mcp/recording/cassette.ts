// A cassette: a session's exchanges with a server, as JSON Lines (docs/cassettes.md) — a header
// line (the format's version, the era and protocol version, the server's info, capabilities and
// instructions), then one line per request the server answered: its method and params, its result
// or JSON-RPC error, and how long it took. Made from Traffic's log (the page's Traffic → "Export
// cassette", the CLI's `toolscope record`), so both see the same exchanges; served back by
// `toolscope mock`. A value that matches a secret of the connection is refused, never written.
import canonicalize from 'canonicalize';
import { isRecord, own } from '../guards.ts';
import { sseDataPayloads } from '../wire/sse.ts';
import { withoutSecrets } from '../secrets.ts';
import { MAX_ENTRIES, type TrafficEntry } from './traffic.ts';
import type { Era } from '../era.ts';
import { isWireLine, isWireNote, pairsOf, sessionOf, type WireEntry, type WireLine } from './wireLog.ts';

export const CASSETTE_VERSION = 1;
/** A tap's cassette (`toolscope tap`, ./wireLog.ts): a header naming the tap, then the wire, both directions. */
export const TAP_CASSETTE_VERSION = 2;

/** What a tap's header says of itself: how it listened, to what, since when. */
export interface TapInfo {
  transport: 'stdio' | 'http';
  /** The server's command line (stdio) or URL (http), as the tap was given it (credentials redacted). */
  target: string;
  startedAt: number;
  /** stdio: the names of the server's environment variables (never their values). */
  env?: string[];
}

export interface CassetteHeader {
  cassette: typeof CASSETTE_VERSION;
  era: Era;
  protocolVersion: string;
  server: { name: string; version?: string; title?: string };
  capabilities: Record<string, unknown>;
  instructions?: string;
  /**
   * The Server Card the server published at `<url>/server-card` (SEP-2127) as the session read it
   * (the page's report, `toolscope record`): a mock serves it back. Absent: none was read.
   */
  serverCard?: unknown;
}

export interface CassetteExchange {
  /** The JSON-RPC id it was sent with, and when (epoch ms): for traces (OTLP), not for matching. */
  id?: string | number;
  at?: number;
  method: string;
  params: Record<string, unknown>;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
  ms: number;
}

export interface Cassette {
  header: CassetteHeader;
  exchanges: CassetteExchange[];
  /** A tap's wire, every line in arrival order (version 2); a record's cassette has none. */
  wire?: WireEntry[];
  tap?: TapInfo;
}

/** Requests a cassette does not keep: the handshake (the header says it) and what only steers a session. */
const NOT_KEPT = new Set(['initialize', 'server/discover', 'ping', 'logging/setLevel', 'notifications/initialized']);

const messagesOf = (body: string | undefined, sse: boolean): unknown[] => {
  if (!body) return [];
  // A stream that ended without its last blank line still ended its last event.
  const texts = sse ? sseDataPayloads(body.endsWith('\n\n') ? body : `${body}\n\n`) : [body];
  return texts.flatMap((text) => {
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) ? (parsed as unknown[]) : [parsed];
    } catch {
      return [];
    }
  });
};

/** The last Server Card in Traffic's log: a GET of `…/server-card` answered 200 with JSON. */
export function serverCardOf(entries: readonly TrafficEntry[]): unknown {
  let card: unknown;
  for (const entry of entries) {
    if (entry.httpMethod !== 'GET' || entry.status !== 200 || !/\/server-card$/.test(entry.url.split(/[?#]/)[0] ?? '')) continue;
    try {
      const parsed: unknown = JSON.parse(entry.responseBody);
      if (isRecord(parsed)) card = parsed;
    } catch {
      // A cut or non-JSON card is the report's finding, not a card to serve.
    }
  }
  return card;
}

/** The exchanges of Traffic's log: each request with an id and the answer with that id. A cut body is said, not guessed. */
export function exchangesOf(entries: readonly TrafficEntry[]): { exchanges: CassetteExchange[]; skipped: string[] } {
  const exchanges: CassetteExchange[] = [];
  const skipped: string[] = [];
  for (const entry of entries) {
    if (entry.httpMethod !== 'POST' || !entry.requestBody) continue;
    const sse = (entry.responseHeaders ?? []).some(
      ([name, value]) => name.toLowerCase() === 'content-type' && value.includes('event-stream'),
    );
    const answers = messagesOf(entry.responseBody, sse).filter(isRecord);
    for (const request of messagesOf(entry.requestBody, false).filter(isRecord)) {
      const method = own(request, 'method');
      const id = own(request, 'id');
      if (typeof method !== 'string' || id === undefined || NOT_KEPT.has(method)) continue;
      // A request the transport turned away (a missing header, a version it does not speak: HTTP 4xx)
      // never reached the server's handler; a mock's own transport answers such a request itself.
      if (entry.status !== undefined && (entry.status < 200 || entry.status > 299)) {
        skipped.push(`${method}: turned away with HTTP ${entry.status} before the server answered it`);
        continue;
      }
      const answer = answers.find(
        (message) => own(message, 'id') === id && (own(message, 'result') !== undefined || own(message, 'error') !== undefined),
      );
      if (!answer) {
        skipped.push(`${method}: ${entry.responseBody.endsWith('(truncated)') ? 'its answer was too large for Traffic' : 'no answer'}`);
        continue;
      }
      const params = own(request, 'params');
      const error = own(answer, 'error');
      exchanges.push({
        ...(typeof id === 'string' || typeof id === 'number' ? { id } : {}),
        at: entry.startedAt,
        method,
        params: isRecord(params) ? params : {},
        ...(isRecord(error)
          ? {
              error: {
                code: Number(own(error, 'code')),
                message: typeof own(error, 'message') === 'string' ? (own(error, 'message') as string) : '',
                ...(own(error, 'data') !== undefined ? { data: own(error, 'data') } : {}),
              },
            }
          : { result: own(answer, 'result') }),
        ms: Math.round(entry.durationMs ?? 0),
      });
    }
  }
  return { exchanges, skipped };
}

/** The cassette's text, or why it must not be written: a known secret anywhere in it. */
export function cassetteText(cassette: Cassette, secrets: readonly (string | undefined)[]): { text: string } | { refused: string } {
  const lines = [cassette.header, ...cassette.exchanges].map((line) => JSON.stringify(line));
  const known = secrets.filter((secret): secret is string => typeof secret === 'string' && secret.length >= 4);
  // What a person typed under a secret's name (a password, an api_key argument): the one rule History
  // and Copy keep (./secrets.ts) — refused here, since a cassette must hold the arguments whole.
  for (const [index, exchange] of cassette.exchanges.entries()) {
    // The arguments only: params' own fields (`_meta.progressToken`) are the protocol's, not secrets.
    const { dropped } = withoutSecrets(own(exchange.params, 'arguments'), 'arguments');
    if (dropped.length)
      return { refused: `line ${index + 2} (${exchange.method}) sends ${dropped.join(', ')}, named as a secret: nothing was written.` };
  }
  for (const [index, line] of lines.entries()) {
    if (known.some((secret) => line.includes(secret) || line.includes(JSON.stringify(secret).slice(1, -1))))
      return {
        refused: `line ${index + 1} (${index === 0 ? 'the header' : cassette.exchanges[index - 1]?.method}) holds a secret of this connection (its token, a header value or a URL secret): nothing was written.`,
      };
  }
  return { text: `${lines.join('\n')}\n` };
}

/** What a cassette needs of the connection it records (McpConnection has it all). */
export interface CassetteSource {
  era: Era;
  protocolVersion: string;
  server: CassetteHeader['server'];
  serverCapabilities: unknown;
  instructions?: string;
  /** The connection's secrets (token, header values, URL credentials): a cassette holding one is refused. */
  secretValues: readonly string[];
}

/**
 * The cassette of a connection's Traffic (exchanges after `afterSeq`: an earlier connection's are
 * not this one's) — the page's "Export cassette" and `toolscope record` alike.
 */
export function recordCassette(
  source: CassetteSource,
  entries: readonly TrafficEntry[],
  options: { afterSeq?: number; secrets?: readonly (string | undefined)[]; server?: string } = {},
): ({ text: string } | { refused: string }) & { exchanges: number; skipped: string[] } {
  const after = options.afterSeq ?? 0;
  const since = entries.filter((entry) => entry.seq > after);
  // With several servers in one log, only this server's exchanges (an untagged one is the screen's).
  const kept = since.filter((entry) => options.server === undefined || entry.server === undefined || entry.server === options.server);
  const { exchanges, skipped } = exchangesOf(kept);
  // Traffic keeps its last MAX_ENTRIES exchanges: what it let go before this connection's end is said.
  const gone = (since[0]?.seq ?? after + 1) - after - 1;
  if (gone > 0) skipped.unshift(`the first ${gone} HTTP exchanges of this connection: Traffic keeps its last ${MAX_ENTRIES}`);
  const header: CassetteHeader = {
    cassette: CASSETTE_VERSION,
    era: source.era,
    protocolVersion: source.protocolVersion,
    server: source.server,
    capabilities: isRecord(source.serverCapabilities) ? source.serverCapabilities : {},
    ...(source.instructions ? { instructions: source.instructions } : {}),
  };
  const card = serverCardOf(kept);
  if (card !== undefined) header.serverCard = card;
  const written = cassetteText({ header, exchanges }, [...source.secretValues, ...(options.secrets ?? [])]);
  return { ...written, exchanges: exchanges.length, skipped };
}

/** A cassette read back, or why it cannot be served. */
export function parseCassette(text: string): Cassette | { error: string } {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const parsed: unknown[] = [];
  for (const [index, line] of lines.entries()) {
    try {
      parsed.push(JSON.parse(line));
    } catch {
      return { error: `line ${index + 1} is not JSON` };
    }
  }
  const [header, ...rest] = parsed;
  if (isRecord(header) && own(header, 'cassette') === TAP_CASSETTE_VERSION) return tapCassette(header, rest);
  if (!isRecord(header) || own(header, 'cassette') !== CASSETTE_VERSION)
    return { error: `line 1 is not a cassette header of version ${CASSETTE_VERSION} or ${TAP_CASSETTE_VERSION}` };
  const era = own(header, 'era');
  const server = own(header, 'server');
  if (
    (era !== 'modern' && era !== 'legacy') ||
    typeof own(header, 'protocolVersion') !== 'string' ||
    !isRecord(server) ||
    typeof own(server, 'name') !== 'string'
  )
    return { error: 'the header needs era, protocolVersion and server.name' };
  const exchanges: CassetteExchange[] = [];
  for (const [index, line] of rest.entries()) {
    if (!isExchange(line)) return { error: `line ${index + 2} is not an exchange (method, and result or error)` };
    exchanges.push(line);
  }
  return { header: header as unknown as CassetteHeader, exchanges };
}

const isExchange = (line: unknown): line is CassetteExchange =>
  isRecord(line) && typeof own(line, 'method') === 'string' && (own(line, 'result') !== undefined || isRecord(own(line, 'error')));

/** The exchanges of a tap's wire a mock serves: each host request (not the handshake) with the server's answer. */
export function wireExchanges(wire: readonly WireLine[]): CassetteExchange[] {
  return pairsOf(wire).flatMap((pair) => {
    const method = own(pair.request, 'method');
    const answer = pair.answer;
    // An answer too large to keep is not served back (its size is all the tap has).
    if (pair.from !== 'client' || typeof method !== 'string' || NOT_KEPT.has(method) || !answer || own(answer, 'omitted') !== undefined)
      return [];
    const params = own(pair.request, 'params');
    const error = own(answer, 'error');
    const id = own(pair.request, 'id');
    return [
      {
        ...(typeof id === 'string' || typeof id === 'number' ? { id } : {}),
        at: pair.at,
        method,
        params: isRecord(params) ? params : {},
        ...(isRecord(error) ? { error: error as unknown as NonNullable<CassetteExchange['error']> } : { result: own(answer, 'result') }),
        ms: Math.max(0, (pair.answeredAt ?? pair.at) - pair.at),
      },
    ];
  });
}

/** A tap's cassette: its wire read, the header made from the handshake on it, the exchanges from its pairs. */
function tapCassette(header: Record<string, unknown>, rest: unknown[]): Cassette | { error: string } {
  const tap = own(header, 'tap');
  if (!isRecord(tap) || (own(tap, 'transport') !== 'stdio' && own(tap, 'transport') !== 'http'))
    return { error: 'line 1: a tap cassette names its tap (transport stdio or http)' };
  const wire: WireEntry[] = [];
  for (const [index, line] of rest.entries()) {
    if (!isWireLine(line) && !isWireNote(line)) return { error: `line ${index + 2} is not a wire line (at, and from or note)` };
    wire.push(line);
  }
  const lines = wire.filter(isWireLine);
  const session = sessionOf(lines);
  if (!session.server || !session.era)
    return { error: 'the tap saw no handshake answered (initialize or server/discover): there is no server to serve as' };
  return {
    header: {
      cassette: CASSETTE_VERSION,
      era: session.era,
      protocolVersion: session.protocolVersion ?? '',
      server: session.server,
      capabilities: session.capabilities ?? {},
      ...(session.instructions ? { instructions: session.instructions } : {}),
    },
    exchanges: wireExchanges(lines),
    wire,
    tap: tap as unknown as TapInfo,
  };
}

/** `_meta` keys that differ call to call (a progress token, the client's info, a trace): not part of a match. */
const VOLATILE_META = /^(?:progressToken|traceparent|tracestate|io\.modelcontextprotocol\/)/;

function stable(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === '_meta' && isRecord(inner)) {
      const kept = Object.fromEntries(Object.entries(inner).filter(([name]) => !VOLATILE_META.test(name)));
      if (Object.keys(kept).length) out[key] = kept;
    } else out[key] = inner;
  }
  return out;
}

/** What a request is matched by: its method and its params in RFC 8785 form, volatile `_meta` left out. */
export const matchKey = (method: string, params: Record<string, unknown>) => `${method} ${canonicalize(stable(params)) ?? '{}'}`;
