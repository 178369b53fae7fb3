// `toolscope tap --out FILE --listen PORT <server-url>`: the host is pointed at
// http://127.0.0.1:PORT/mcp and every request is passed to the one server the tap was given —
// nothing the host sends picks a target — its body and the answer's passed on chunk for chunk,
// untouched (node:http both ways, a kept-alive connection upstream: the tap adds well under a
// millisecond, `npm run bench`). A copy is read into the recording as it passes: the host's
// message(s), then the server's — a JSON body whole, a stream event by event, each with the time
// it came — and the HTTP side, method or status and headers, masked by the one rule (an
// Authorization keeps only its scheme, a secret-named header nothing). Loopback Host names and Origins
// only (DNS rebinding, as server/httpApp.ts); hop-by-hop headers (RFC 9110 §7.6.1) are not passed
// on; a request body past MAX_REQUEST_BYTES is a 413. `--bearer`/`--header` are added unless the
// host sends its own. `record --listen` keeps its own proxy (../mock/recordProxy.ts).
import { createServer, request as httpRequest, Agent as HttpAgent, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import { localhostAllowedHostnames } from '@modelcontextprotocol/server';
import { splitEvents, eventData } from '../../src/mcp/wire/sse.ts';
import { MAX_REQUEST_BYTES } from '../mock/recordProxy.ts';
import { isSecretName, maskHeaders, maskResponseHeaders } from '../../src/mcp/secrets.ts';
import type { WireLine } from '../../src/mcp/recording/wireLog.ts';
import { MAX_MESSAGE_KEPT, type TapRecorder } from './tapRecorder.ts';
import { listenLoopback } from '../loopback.ts';

/** Hop-by-hop headers (RFC 9110 §7.6.1), and what names the tap itself: never passed on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);
const NOT_FORWARDED = new Set([...HOP_BY_HOP, 'host', 'accept-encoding', 'origin', 'referer']);
const LOOPBACK = new Set(localhostAllowedHostnames());

const hostnameOf = (value: string | undefined) => {
  if (!value) return undefined;
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname;
  } catch {
    return undefined;
  }
};

const refuse = (res: ServerResponse, status: number, message: string) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message } }));
};

/**
 * Reads a copy of a body into the recording: whole JSON (up to the cap), or each stream event as
 * it ends. The first line carries the exchange's HTTP side (method or status, masked headers); an
 * answer with no message at all (a 202, a refusal without a JSON body) is still a line, for its status.
 */
class BodyCopy {
  #text = '';
  #bytes = 0;
  #over = false;
  #http: WireLine['http'];
  readonly #decoder = new TextDecoder();

  constructor(
    private readonly recorder: TapRecorder,
    private readonly from: 'client' | 'server',
    private readonly stream: boolean,
    http: WireLine['http'],
  ) {
    this.#http = http;
  }

  push(chunk: Buffer) {
    this.#bytes += chunk.length;
    if (this.#over) return;
    this.#text += this.#decoder.decode(chunk, { stream: true });
    if (this.stream) this.#events(false);
    if (this.#text.length > MAX_MESSAGE_KEPT) {
      this.#over = true;
      this.recorder.add({
        at: Date.now(),
        from: this.from,
        bytes: this.#bytes,
        omitted: true,
        text: this.#text.slice(0, 8192),
        ...this.#httpOnce(),
      });
      this.#text = '';
    }
  }

  end() {
    if (!this.#over) {
      this.#text += this.#decoder.decode();
      if (this.stream) this.#events(true);
      else if (this.#text.trim()) this.#line(this.#text, this.#bytes);
      this.#text = '';
    }
    // Nothing carried the HTTP side (an empty body): a line of its own, with no message.
    const http = this.#httpOnce();
    if (http.http) this.recorder.add({ at: Date.now(), from: this.from, bytes: this.#bytes, ...http });
  }

  #httpOnce(): { http?: WireLine['http'] } {
    const http = this.#http;
    this.#http = undefined;
    return http ? { http } : {};
  }

  #line(text: string, bytes: number) {
    this.recorder.line(this.from, text, bytes, Date.now(), undefined, this.#httpOnce().http);
  }

  #events(ended: boolean) {
    const { events, rest } = splitEvents(ended && this.#text.trim() ? `${this.#text}\n\n` : this.#text);
    this.#text = rest;
    for (const event of events) {
      const data = eventData(event.text);
      if (data?.trim()) this.#line(data, Buffer.byteLength(data));
    }
  }
}

/** The tap's proxy; resolves once it listens on 127.0.0.1 (port 0: a free one) with its /mcp URL. */
export async function listenHttpTap(upstream: { url: string; headers: Record<string, string> }, recorder: TapRecorder, port: number) {
  const target = new URL(upstream.url);
  const secure = target.protocol === 'https:';
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const send = secure ? httpsRequest : httpRequest;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (!LOOPBACK.has(hostnameOf(req.headers.host) ?? '')) return refuse(res, 403, 'This tap answers loopback names only.');
    const origin = req.headers.origin;
    if (origin !== undefined && !LOOPBACK.has(hostnameOf(origin) ?? ''))
      return refuse(res, 403, `Origin ${origin.slice(0, 100)} may not call this tap.`);
    if ((req.url ?? '').split('?')[0] !== '/mcp') return refuse(res, 404, 'The tap answers at /mcp only.');
    if (origin !== undefined) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Expose-Headers', 'Mcp-Session-Id, WWW-Authenticate, MCP-Protocol-Version, Last-Event-ID');
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '',
        'Access-Control-Max-Age': '600',
      });
      return res.end();
    }
    if (Number(req.headers['content-length'] ?? 0) > MAX_REQUEST_BYTES)
      return refuse(res, 413, `The request is larger than ${MAX_REQUEST_BYTES} bytes.`);
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !NOT_FORWARDED.has(name)) headers[name] = value;
    // The host's own credentials (its Authorization, a secret-named header) are never kept, even echoed in a body.
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string' && isSecretName(name)) recorder.knowSecrets([value, value.replace(/^\S+\s+/, '')]);
    for (const [name, value] of Object.entries(upstream.headers)) if (headers[name.toLowerCase()] === undefined) headers[name] = value;
    const asked = new BodyCopy(recorder, 'client', false, {
      method: req.method ?? 'POST',
      headers: maskHeaders(
        Object.entries(req.headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value] as [string, string]] : [])),
      ),
    });
    let sent = 0;
    let refused = false;
    let answered = false;
    const outgoing = send(target, { method: req.method, headers, agent }, (answer) => {
      const back: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) back[name] = value;
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, back);
      const copy = new BodyCopy(recorder, 'server', String(answer.headers['content-type'] ?? '').includes('event-stream'), {
        status: answer.statusCode ?? 0,
        headers: maskResponseHeaders(
          Object.entries(answer.headers).flatMap(([name, value]) =>
            typeof value === 'string'
              ? [[name, value] as [string, string]]
              : Array.isArray(value)
                ? value.map((one) => [name, one] as [string, string])
                : [],
          ),
        ),
      });
      answer.on('data', (chunk: Buffer) => {
        if (!res.write(chunk)) {
          answer.pause();
          res.once('drain', () => answer.resume());
        }
        copy.push(chunk);
      });
      answer.on('end', () => {
        answered = true;
        copy.end();
        res.end();
      });
      answer.on('error', () => res.destroy());
    });
    outgoing.on('error', (error) => {
      if (!res.headersSent) refuse(res, 502, `The server did not answer the tap: ${error.message}`);
      else res.destroy();
    });
    // The host went before the answer ended (a closed stream, a cancelled GET): so does the request upstream.
    res.on('close', () => {
      if (!answered) outgoing.destroy();
    });
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      sent += chunk.length;
      if (sent > MAX_REQUEST_BYTES) {
        refused = true;
        outgoing.destroy();
        return refuse(res, 413, `The request is larger than ${MAX_REQUEST_BYTES} bytes.`);
      }
      outgoing.write(chunk);
      asked.push(chunk);
    });
    req.on('end', () => {
      if (refused) return;
      asked.end();
      outgoing.end();
    });
  });
  const url = `http://127.0.0.1:${await listenLoopback(server, port)}/mcp`;
  return {
    url,
    close: async () => {
      server.closeAllConnections();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The proxy, recording into `recorder` until `stopped` resolves; says where it listens. */
export async function runHttpTap(
  upstream: { url: string; headers: Record<string, string> },
  recorder: TapRecorder,
  port: number,
  onListening: (url: string) => void,
  stopped: Promise<void>,
): Promise<void> {
  const proxy = await listenHttpTap(upstream, recorder, port);
  onListening(proxy.url);
  await stopped;
  await proxy.close();
}
