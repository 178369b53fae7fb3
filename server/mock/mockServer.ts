// `toolscope mock`: a cassette (src/mcp/recording/cassette.ts) served back as an MCP server. The SDK's server
// does the protocol (both eras over HTTP, as the demo; stdio with serveStdio); this only answers:
// the recorded serverInfo, capabilities and instructions; each recorded request — the tool list
// page by page, each tools/call, prompts, resources — matched by its method and canonical params
// (key order and volatile `_meta` ignored) and answered as recorded. A request nothing matches is a
// JSON-RPC error that says so and names the nearest recording.
import { McpServer, ProtocolError, ProtocolErrorCode, createMcpHandler } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { isRecord, own } from '../../src/mcp/guards.ts';
import { matchKey, type Cassette, type CassetteExchange } from '../../src/mcp/recording/cassette.ts';

/** Methods a mock answers even when none was recorded (a listing a client always asks for). */
const ALWAYS = ['tools/list', 'tools/call'];
/** The spec's request methods a server answers (the SDK checks their params itself). */
const SPEC_METHODS = new Set([
  'tools/list',
  'tools/call',
  'prompts/list',
  'prompts/get',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'resources/subscribe',
  'resources/unsubscribe',
  'completion/complete',
  'logging/setLevel',
]);
/** Methods the SDK's server answers by itself (the handshake, ping). */
const THE_SDKS = new Set(['initialize', 'server/discover', 'ping']);

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  );
/** How alike two requests read (shared words over all words): the nearest recording is named. */
function likeness(a: string, b: string): number {
  const [x, y] = [words(a), words(b)];
  const shared = [...x].filter((word) => y.has(word)).length;
  return shared / Math.max(1, new Set([...x, ...y]).size);
}

const nameOf = (params: Record<string, unknown>) => (typeof own(params, 'name') === 'string' ? String(own(params, 'name')) : undefined);

/** The answers of one cassette: by match key, each key's recordings served in order (the last repeats). */
export class Recordings {
  readonly #byKey = new Map<string, CassetteExchange[]>();
  readonly #served = new Map<string, number>();
  readonly methods: string[];

  constructor(readonly cassette: Cassette) {
    for (const exchange of cassette.exchanges) {
      const key = matchKey(exchange.method, exchange.params);
      this.#byKey.set(key, [...(this.#byKey.get(key) ?? []), exchange]);
    }
    this.methods = [...new Set([...ALWAYS, ...cassette.exchanges.map((exchange) => exchange.method)])].filter(
      (method) => !THE_SDKS.has(method),
    );
  }

  /** The recorded answer to this request, or the error that says none matches. */
  answer(method: string, params: Record<string, unknown>): unknown {
    const key = matchKey(method, params);
    const recorded = this.#byKey.get(key);
    if (!recorded?.length) throw new ProtocolError(ProtocolErrorCode.InvalidParams, this.#unmatched(method, params));
    const index = this.#served.get(key) ?? 0;
    this.#served.set(key, index + 1);
    const exchange = recorded[Math.min(index, recorded.length - 1)] as CassetteExchange;
    if (exchange.error) throw new ProtocolError(exchange.error.code, exchange.error.message, exchange.error.data);
    return exchange.result;
  }

  #unmatched(method: string, params: Record<string, unknown>): string {
    const asked = matchKey(method, params);
    const same = this.cassette.exchanges.filter((exchange) => exchange.method === method);
    const name = nameOf(params);
    const sameName = same.filter((exchange) => name !== undefined && nameOf(exchange.params) === name);
    const pool = sameName.length ? sameName : same;
    const nearest = [...pool].sort(
      (a, b) => likeness(asked, matchKey(b.method, b.params)) - likeness(asked, matchKey(a.method, a.params)),
    )[0];
    const shown = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);
    return `No recording matches ${shown(asked)}. ${nearest ? `The nearest recorded: ${shown(matchKey(nearest.method, nearest.params))}.` : `The cassette holds no ${method}.`}`;
  }
}

/**
 * A fresh MCP server (the SDK's) answering from the recordings, as the recorded server introduced
 * itself. A recorded method its recorded capabilities do not declare (prompts/get of a server
 * without prompts: the recording holds its "Method not found") is left to the SDK, which answers
 * just that; `unserved` names those methods.
 */
export function mockFactory(recordings: Recordings): (() => McpServer) & { unserved: string[] } {
  const { header } = recordings.cassette;
  const unserved = new Set<string>();
  const build = () => {
    const mcp = new McpServer(
      {
        name: header.server.name,
        version: header.server.version ?? '0.0.0',
        ...(header.server.title ? { title: header.server.title } : {}),
      },
      { capabilities: header.capabilities, ...(header.instructions ? { instructions: header.instructions } : {}) },
    );
    for (const method of recordings.methods) {
      if (unserved.has(method)) continue;
      try {
        // Each recorded method answered from the cassette: a spec method with the SDK's own params
        // check; an extension's (skills/list, tasks/get…) with any params object.
        if (SPEC_METHODS.has(method))
          mcp.server.setRequestHandler(method as 'tools/list', (request) => {
            const params = isRecord(request.params) ? request.params : {};
            return recordings.answer(method, params) as never;
          });
        else mcp.server.setRequestHandler(method, { params: z.looseObject({}) }, (params) => recordings.answer(method, params) as never);
      } catch {
        // The SDK's capability check: this server never declared what the method needs.
        unserved.add(method);
      }
    }
    return mcp;
  };
  build(); // once up front: what cannot be served is known before the first request
  return Object.assign(build, { unserved: [...unserved] });
}

/** The mock over Streamable HTTP (both eras, stateless), for server/httpApp.ts to mount at /mcp. */
export const mockHttpHandler = (factory: () => McpServer) => createMcpHandler(factory, { legacy: 'stateless' });
