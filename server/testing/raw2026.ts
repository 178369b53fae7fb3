// A bare 2026-07-28 server (no SDK to stop it) for results the spec's schema forbids: it answers
// server/discover, then whatever `answer` gives, as JSON or as an SSE stream. Loopback only.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { listenOnLoopback, readJson } from './rawJsonRpc.ts';
import type { RunningServer } from './testServers.ts';

export type Answer2026 = (
  method: string,
  params: Record<string, unknown>,
  headers: IncomingHttpHeaders,
) =>
  | {
      result: unknown;
      /**
       * Answered as an SSE stream; 'kept open': the stream stays open after the answer (until the
       * server stops); 'silent': the stream opens and never carries the answer.
       */
      sse?: boolean | 'kept open' | 'silent';
      /** Answered (as JSON) only this long after the request came. */
      delayMs?: number;
    }
  | { error: { code: number; message: string } }
  /** No answer at all: the request is held until the server stops. */
  | { hold: true }
  | undefined;

const DISCOVER = {
  supportedVersions: ['2026-07-28'],
  capabilities: { tools: {} },
  resultType: 'complete',
  ttlMs: 0,
  cacheScope: 'private',
  _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'raw-2026', version: '0.0.1' } },
};

/** `holdDiscover`: server/discover is never answered (a server hung from the start). */
export async function startRaw2026Server(answer: Answer2026, { holdDiscover = false } = {}): Promise<RunningServer> {
  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? 'content-type');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    readJson(req)
      .then((parsed) => {
        const message = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as {
          id?: unknown;
          method?: unknown;
          params?: unknown;
        };
        if (message.id === undefined) return void res.writeHead(202).end();
        const method = typeof message.method === 'string' ? message.method : '';
        const params = typeof message.params === 'object' && message.params !== null ? (message.params as Record<string, unknown>) : {};
        const outcome =
          method === 'server/discover'
            ? holdDiscover
              ? { hold: true as const }
              : { result: DISCOVER }
            : answer(method, params, req.headers);
        if (outcome && 'hold' in outcome) return;
        const text = JSON.stringify(
          !outcome
            ? { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: `No ${method}` } }
            : 'error' in outcome
              ? { jsonrpc: '2.0', id: message.id, error: outcome.error }
              : { jsonrpc: '2.0', id: message.id, result: outcome.result },
        );
        if (outcome && 'sse' in outcome && outcome.sse === 'silent') {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write(': the answer never comes\n\n');
        } else if (outcome && 'sse' in outcome && outcome.sse) {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          // Split mid-event, as a network would: the client must put the pieces back together.
          res.write(`event: message\ndata: ${text.slice(0, 20)}`);
          setTimeout(() => (outcome.sse === 'kept open' ? res.write(`${text.slice(20)}\n\n`) : res.end(`${text.slice(20)}\n\n`)), 10);
        } else {
          const answer = () => res.writeHead(200, { 'content-type': 'application/json' }).end(text);
          const delayMs = outcome && 'delayMs' in outcome ? outcome.delayMs : undefined;
          if (delayMs) setTimeout(answer, delayMs);
          else answer();
        }
      })
      .catch(() => res.writeHead(400).end());
  });
  return listenOnLoopback(server);
}
