// A tapped session's wire (issue 82): every message between a host and a server, in arrival
// order, each with where it came from and when — the lines `toolscope tap` writes into a cassette
// (version 2) after its header, and what the page's "Tapped" view shows live. A line that was not
// JSON is kept as its text; a message over the tap's cap as its size and first characters. From
// the wire alone: the session (who spoke, which era, what the server said of itself) and the
// request/answer pairs a mock serves back.
import { isRecord, own } from '../guards.ts';
import type { Era } from '../era.ts';
import { deeperThan } from '../../lib/jsonDepth.ts';

export type WireFrom = 'client' | 'server';

export interface WireLine {
  /** Epoch ms, when the tap read the line's last byte. */
  at: number;
  from: WireFrom;
  /** The message, parsed (an object; an array for a batch). */
  message?: unknown;
  /** A line that is not JSON, as it came (cut at MAX_TEXT_CHARS). */
  text?: string;
  /** A line of the server's stderr (stdio). */
  stderr?: string;
  /** Its size on the wire, in bytes (without the newline). */
  bytes: number;
  /** Larger than the tap keeps: passed on whole, only its size and first characters kept here… */
  omitted?: true;
  /** …and its last characters (where an answer's id often is). */
  tail?: string;
  /** Omitted because it nests deeper than MAX_JSON_DEPTH (src/lib/jsonDepth.ts), not for its size. */
  nested?: true;
  /**
   * HTTP (a tap with --listen): on the host's line, its request's method and headers; on the first
   * line of the server's answer, its status and headers — masked by the one rule (src/mcp/secrets.ts).
   */
  http?: { method?: string; status?: number; headers: [string, string][] };
}

/** A line of the tap's own: the child exited, the file reached its cap. */
export interface WireNote {
  at: number;
  note: string;
  /** `toolscope tap --compare`: Toolscope's own view of the same server (./viewDiff.ts). */
  view?: unknown;
}

export type WireEntry = WireLine | WireNote;

/** A non-JSON line, a stderr line or an omitted message's head is kept up to this many characters. */
export const MAX_TEXT_CHARS = 8192;
/** …and a message omitted for its depth also as its last characters (where an answer's id often is). */
const TAIL_CHARS = 256;

export const isWireLine = (value: unknown): value is WireLine =>
  isRecord(value) && (own(value, 'from') === 'client' || own(value, 'from') === 'server') && typeof own(value, 'at') === 'number';

export const isWireNote = (value: unknown): value is WireNote =>
  isRecord(value) && typeof own(value, 'note') === 'string' && typeof own(value, 'at') === 'number';

/** The line a tap keeps for bytes read from one side (the newline already removed). */
export function wireLineOf(from: WireFrom, text: string, bytes: number, at: number, cap: number, tail?: string): WireLine {
  if (bytes > cap) return { at, from, bytes, omitted: true, text: text.slice(0, MAX_TEXT_CHARS), ...(tail ? { tail } : {}) };
  let message: unknown;
  try {
    message = JSON.parse(text) as unknown;
  } catch {
    return { at, from, bytes, text: text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text };
  }
  // Parsed, but too deep for anything after (writing it again would overflow the stack): kept as its ends.
  if (deeperThan(message))
    return { at, from, bytes, omitted: true, nested: true, text: text.slice(0, MAX_TEXT_CHARS), tail: text.slice(-TAIL_CHARS) };
  return { at, from, bytes, message };
}

/** The JSON-RPC messages of a line (a batch is several). */
export const messagesOfLine = (line: WireLine): Record<string, unknown>[] =>
  (Array.isArray(line.message) ? (line.message as unknown[]) : [line.message]).filter(isRecord);

const ID_FIRST = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*,\s*"(?:result|error)"/;
const ID_LAST = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*(?:,\s*"jsonrpc"\s*:\s*"2\.0"\s*)?\}\s*$/;

/**
 * An answer too large to keep, as far as it can be read: its id, from its first characters or its
 * last (where JSON-RPC writers put it), so it still answers its request. Nothing else is guessed.
 */
export function omittedAnswer(line: WireLine): Record<string, unknown> | undefined {
  if (!line.omitted) return undefined;
  const found = ID_FIRST.exec(line.text ?? '') ?? ID_LAST.exec(line.tail ?? '');
  return found?.[1] === undefined ? undefined : { id: JSON.parse(found[1]) as unknown, omitted: line.bytes };
}

const idKey = (id: unknown) => (typeof id === 'string' || typeof id === 'number' ? `${typeof id}:${id}` : undefined);

export interface WirePair {
  request: Record<string, unknown>;
  /** The side that asked: a host's request, or the server's own (elicitation, sampling, roots). */
  from: WireFrom;
  at: number;
  answer?: Record<string, unknown>;
  answeredAt?: number;
}

/** Each request on the wire with the answer the other side gave it (same id, first one after). */
export function pairsOf(lines: readonly WireLine[]): WirePair[] {
  const pairs: WirePair[] = [];
  const waiting = new Map<string, WirePair>();
  for (const line of lines) {
    const omitted = omittedAnswer(line);
    for (const message of omitted ? [omitted] : messagesOfLine(line)) {
      const key = idKey(own(message, 'id'));
      const method = own(message, 'method');
      if (typeof method === 'string') {
        if (key === undefined) continue;
        const pair: WirePair = { request: message, from: line.from, at: line.at };
        pairs.push(pair);
        waiting.set(`${line.from}|${key}`, pair);
      } else if (key !== undefined) {
        const asker = line.from === 'client' ? 'server' : 'client';
        const pair = waiting.get(`${asker}|${key}`);
        if (!pair) continue;
        waiting.delete(`${asker}|${key}`);
        pair.answer = message;
        pair.answeredAt = line.at;
      }
    }
  }
  return pairs;
}

export interface WireSession {
  era?: Era;
  protocolVersion?: string;
  server?: { name: string; version?: string; title?: string };
  capabilities?: Record<string, unknown>;
  instructions?: string;
  /** The host, as it named itself (initialize's clientInfo, or a 2026 request's `_meta`). */
  client?: { name: string; version?: string };
}

const nameOf = (value: unknown) =>
  isRecord(value) && typeof own(value, 'name') === 'string'
    ? {
        name: own(value, 'name') as string,
        ...(typeof own(value, 'version') === 'string' ? { version: own(value, 'version') as string } : {}),
        ...(typeof own(value, 'title') === 'string' ? { title: own(value, 'title') as string } : {}),
      }
    : undefined;

/** Who spoke and in which era, from the handshake on the wire (initialize, or server/discover). */
export function sessionOf(lines: readonly WireLine[]): WireSession {
  const session: WireSession = {};
  for (const pair of pairsOf(lines)) {
    const method = own(pair.request, 'method');
    const params = own(pair.request, 'params');
    const meta = isRecord(params) ? own(params, '_meta') : undefined;
    session.client ??= nameOf(isRecord(params) ? own(params, 'clientInfo') : undefined);
    session.client ??= nameOf(isRecord(meta) ? own(meta, 'io.modelcontextprotocol/clientInfo') : undefined);
    const result = pair.answer ? own(pair.answer, 'result') : undefined;
    if (pair.from !== 'client' || !isRecord(result) || session.server) continue;
    const capabilities = own(result, 'capabilities');
    const instructions = own(result, 'instructions');
    const common = {
      ...(isRecord(capabilities) ? { capabilities } : {}),
      ...(typeof instructions === 'string' ? { instructions } : {}),
    };
    if (method === 'initialize') {
      const version = own(result, 'protocolVersion');
      Object.assign(session, {
        era: 'legacy',
        ...(typeof version === 'string' ? { protocolVersion: version } : {}),
        server: nameOf(own(result, 'serverInfo')),
        ...common,
      });
    } else if (method === 'server/discover') {
      const versions = own(result, 'supportedVersions');
      const resultMeta = own(result, '_meta');
      const asked = isRecord(meta) ? own(meta, 'io.modelcontextprotocol/protocolVersion') : undefined;
      Object.assign(session, {
        era: 'modern',
        protocolVersion: typeof asked === 'string' ? asked : Array.isArray(versions) ? String(versions.at(-1)) : '2026-07-28',
        server: nameOf(isRecord(resultMeta) ? own(resultMeta, 'io.modelcontextprotocol/serverInfo') : undefined),
        ...common,
      });
    }
  }
  return session;
}
