// The MCP Apps sandbox: a second loopback port (default PORT+1, SANDBOX_PORT to change) on which
// every server gets an origin of its own, http://<id>.localhost:<port> (<id> a hash of the
// server's URL, chosen by the page). Apps of two servers never share storage; none is on
// 127.0.0.1 (no cookies of any web app there, and no Origin a loopback MCP server accepts by the
// SDK's default — localhost, 127.0.0.1, [::1] only).
// - The relay, <id>.localhost/sandbox.html, framed by Toolscope's page alone, relays JSON-RPC
//   between the page and the app. Its policy allows no network, no eval, no inline code and no
//   frame but its own origin's: an app that reaches into it (under the reference profile it
//   may, as under the Apps SDK's basic-host) finds nothing to send with.
// - The app, <id>.localhost/app.html?session=…, a loader the relay hands the app's HTML to, which
//   writes it into itself. Its policy is this server's header, built from what the resource
//   declares (src/mcp/apps/appHosts.ts buildAppCsp) and registered by Toolscope's page for one load
//   only (POST /app-session from the page's origin): an app cannot load itself again under a
//   wider one. The browser reports its violations here (report-uri), where the page reads them —
//   an app cannot hide a blocked load by editing its own document.
// Under the reference profile the app frame has allow-same-origin (it runs on its server's
// origin); under strict it does not (an opaque origin).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { HOST_PROFILES, STRICT_REPORT_ONLY, buildAppCsp, isHostProfile } from '../src/mcp/apps/appHosts.ts';
import type { AppCsp } from '../src/mcp/apps/mcpApps.ts';
import { NO_WEBRTC } from './noWebRtc.ts';
import { Reports, reportOf } from './cspReports.ts';
import { listenLoopback } from './loopback.ts';

const READY = 'ui/notifications/sandbox-proxy-ready';
const RESOURCE = 'ui/notifications/sandbox-resource-ready';
const LOADER_READY = 'toolscope/app-loader-ready';
/** How long a registered app session waits for its one load. */
const SESSION_MS = 60_000;
const DOCUMENT = 'toolscope/app-document';

/** An app origin's label: what the page sends (a hash), checked again here. */
export const APP_ID = /^[a-z0-9]{1,40}$/;
/** A report channel: a random token the page chose for one app session. */
const TOKEN = /^[a-f0-9]{16,64}$/;

const RELAY_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Toolscope app sandbox</title>
<link rel="stylesheet" href="/sandbox.css"></head>
<body><script src="/sandbox.js"></script></body></html>
`;
const APP_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>MCP App</title></head>
<body><script src="/app-loader.js"></script></body></html>
`;

const STYLE = 'html,body{margin:0;padding:0;height:100%;background:transparent}iframe{border:0;width:100%;height:100%;display:block}';

/** An origin as the browser may name it: the same port under each loopback name. */
const hostsOf = (origin: string) => {
  const url = new URL(origin);
  return [`http://127.0.0.1:${url.port}`, `http://localhost:${url.port}`];
};

/** The relay, with Toolscope's origins written in by the server (never read from the URL). */
const relayScript = (host: string) => `'use strict';
// An app of the same origin may reach into its relay: it finds no WebRTC here either (./noWebRtc.ts).
(${NO_WEBRTC})(window);
(() => {
  const HOSTS = ${JSON.stringify(hostsOf(host))};
  const query = new URLSearchParams(location.search);
  // The host profile, from the page's own URL (two fixed values; anything else is the reference).
  const STRICT = query.get('profile') === 'strict';
  const SESSION = ${TOKEN.toString()}.test(query.get('session') || '') ? query.get('session') : '';
  // An opaque origin cannot be named: the strict frame is reached by its window alone.
  const TARGET = STRICT ? '*' : location.origin;
  // The page that framed us (frame-ancestors admits only these), learnt from its first message.
  let host;
  let inner;
  let pending;
  window.addEventListener('message', (event) => {
    const data = event.data;
    if (event.source === window.parent && HOSTS.includes(event.origin) && (host === undefined || host === event.origin)) {
      host = event.origin;
      if (data && data.method === ${JSON.stringify(RESOURCE)}) {
        const params = data.params || {};
        if (typeof params.html !== 'string' || inner) return;
        pending = params.html;
        inner = document.createElement('iframe');
        inner.setAttribute('sandbox', STRICT ? ${JSON.stringify(HOST_PROFILES.strict.frameSandbox)} : ${JSON.stringify(HOST_PROFILES.reference.frameSandbox)});
        inner.setAttribute('title', 'MCP App');
        // The page registered this load's policy; the session serves it once.
        inner.src = '/app.html?' + new URLSearchParams({ session: SESSION });
        document.body.appendChild(inner);
        return;
      }
      inner?.contentWindow?.postMessage(data, TARGET);
    } else if (inner && event.source === inner.contentWindow) {
      // The loader asks once for the document; after that the frame is the app's.
      if (data && data.method === ${JSON.stringify(LOADER_READY)} && pending !== undefined) {
        inner.contentWindow.postMessage({ method: ${JSON.stringify(DOCUMENT)}, html: pending }, TARGET);
        pending = undefined;
        return;
      }
      if (host) window.parent.postMessage(data, host);
    }
  });
  // To the page that framed us, when the browser names it (ancestorOrigins); else to each name
  // Toolscope may have — the browser delivers it only to the real one.
  const framer = window.location.ancestorOrigins && window.location.ancestorOrigins[0];
  for (const origin of HOSTS.includes(framer) ? [framer] : HOSTS)
    window.parent.postMessage({ jsonrpc: '2.0', method: ${JSON.stringify(READY)}, params: {} }, origin);
})();
`;

/** The app page's loader: takes the document from the relay (and nobody else), then is gone. */
const loaderScript = (relays: string[]) => `'use strict';
(() => {
  const RELAYS = ${JSON.stringify(relays)};
  const take = (event) => {
    const data = event.data;
    if (event.source !== window.parent || !RELAYS.includes(event.origin)) return;
    if (!data || data.method !== ${JSON.stringify(DOCUMENT)} || typeof data.html !== 'string') return;
    window.removeEventListener('message', take);
    document.open();
    // No WebRTC for the app (./noWebRtc.ts): after open(), which erases the document's listeners.
    (${NO_WEBRTC})(window, true);
    document.write(data.html);
    document.close();
  };
  window.addEventListener('message', take);
  window.parent.postMessage({ method: ${JSON.stringify(LOADER_READY)} }, '*');
})();
`;

/**
 * The relay page's own policy: its script and style, its app frame (its own origin), nothing
 * else — no network, no eval, no inline code, no images, no forms — and only Toolscope may frame it.
 */
export function relayPolicy(host: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "frame-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${hostsOf(host).join(' ')}`,
  ].join('; ');
}

/**
 * The widest any app may get under any profile; the profile's per-app policy (a second header)
 * narrows it. Framed only by its relay (its own origin), inside Toolscope's page (frame-ancestors
 * names every ancestor).
 */
export function sandboxPolicy(host: string): string {
  return [
    "default-src 'none'",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' https: blob: data:",
    "worker-src 'self' https: blob:",
    "style-src 'self' 'unsafe-inline' https: blob: data:",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data: blob: https:",
    "media-src 'self' data: blob: https:",
    "connect-src 'self' https: wss: http://localhost:* http://127.0.0.1:*",
    'frame-src https:',
    "object-src 'none'",
    "base-uri 'self' https:",
    "form-action 'none'",
    `frame-ancestors ${[...hostsOf(host), "'self'"].join(' ')}`,
  ].join('; ');
}

/** What the resource declares (`_meta.ui.csp`), as the page registered it: lists of strings, else nothing. */
function declared(parsed: unknown): AppCsp {
  if (!parsed || typeof parsed !== 'object') return {};
  const csp: AppCsp = {};
  for (const field of ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const) {
    const list: unknown = (parsed as Record<string, unknown>)[field];
    if (Array.isArray(list)) csp[field] = list.filter((item): item is string => typeof item === 'string').slice(0, 100);
  }
  return csp;
}

interface AppSession {
  app: string;
  profile: 'reference' | 'strict';
  csp: AppCsp;
  report: string;
  expires: number;
}

/** The loads the page registered: each served once, on its own app's origin, within a minute. */
class Sessions {
  private sessions = new Map<string, AppSession>();
  add(token: string, session: AppSession) {
    for (const [key, value] of this.sessions) if (value.expires < Date.now() || this.sessions.size >= 256) this.sessions.delete(key);
    this.sessions.set(token, session);
  }
  take(token: string, app: string): AppSession | undefined {
    const session = this.sessions.get(token);
    if (!session || session.app !== app || session.expires < Date.now()) return undefined;
    this.sessions.delete(token);
    return session;
  }
}

const readBody = (request: IncomingMessage, limit: number) =>
  new Promise<string | undefined>((resolve) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        resolve(undefined);
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', () => resolve(undefined));
  });

export interface RunningSandbox {
  origin: string;
  stop: () => Promise<void>;
}

/** Starts the sandbox for the Toolscope page at `host` (its origin), on 127.0.0.1:`port` (0: a free one). */
export async function startSandbox(host: string | (() => string), port: number): Promise<RunningSandbox> {
  const hostOf = typeof host === 'function' ? host : () => host;
  const reports = new Reports();
  const sessions = new Sessions();
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const path = url.pathname;
    const origin = hostOf();
    const listening = request.socket.localPort ?? 0;
    // Which origin was asked for: the port's own (a loopback name: the page's endpoints) or a
    // server's (<id>.localhost: its relay and app); any other Host (a rebound DNS name) is refused.
    const hostHeader = (request.headers.host ?? '').toLowerCase();
    const portHost = hostHeader === `127.0.0.1:${listening}` || hostHeader === `localhost:${listening}`;
    const app = new RegExp(`^([a-z0-9]{1,40})\\.localhost:${listening}$`).exec(hostHeader)?.[1];
    const common = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' };
    if (!portHost && !app) {
      response.writeHead(421, common).end('Misdirected request');
      return;
    }
    // Toolscope's page, and nothing else (CORS for its origins alone; an app's fetch carries its own
    // Origin and is refused), registers a load and reads its reports.
    const asker = request.headers.origin;
    const fromPage = asker !== undefined && hostsOf(origin).includes(asker);
    const cors = fromPage ? { 'Access-Control-Allow-Origin': asker, Vary: 'Origin' } : {};
    if (portHost && path === '/app-session' && request.method === 'POST') {
      if (!fromPage) {
        response.writeHead(403, common).end('Only Toolscope’s page registers an app.');
        return;
      }
      void readBody(request, 256 * 1024).then((body) => {
        let parsed: Record<string, unknown> = {};
        try {
          const value: unknown = JSON.parse(body ?? '');
          if (value && typeof value === 'object') parsed = value as Record<string, unknown>;
        } catch {
          // answered below
        }
        const { app: id, profile, report } = parsed;
        if (typeof id !== 'string' || !APP_ID.test(id) || (report !== undefined && (typeof report !== 'string' || !TOKEN.test(report)))) {
          response.writeHead(400, { ...common, ...cors }).end('An app session needs app (a label) and report (a token).');
          return;
        }
        const token = randomBytes(16).toString('hex');
        sessions.add(token, {
          app: id,
          profile: isHostProfile(profile) ? profile : 'reference',
          csp: declared(parsed.csp),
          report: typeof report === 'string' ? report : '',
          expires: Date.now() + SESSION_MS,
        });
        response.writeHead(200, { ...common, ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify({ session: token }));
      });
      return;
    }
    const reportsOf = /^\/csp-reports\/([a-f0-9]{16,64})$/.exec(path)?.[1];
    if (portHost && reportsOf && request.method === 'GET') {
      response.writeHead(200, { ...common, ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify(reports.get(reportsOf)));
      return;
    }
    // The browser's violation reports, from an app's page (report-uri): kept per app session.
    const reportTo = /^\/csp-report\/([a-f0-9]{16,64})$/.exec(path)?.[1];
    if (app && reportTo && request.method === 'POST') {
      void readBody(request, 64 * 1024).then((body) => {
        const report = body === undefined ? undefined : reportOf(body);
        if (report) reports.add(reportTo, report);
        response.writeHead(204, common).end();
      });
      return;
    }
    if (request.method !== 'GET' || !app) {
      response.writeHead(request.method === 'GET' ? 404 : 405, common).end();
      return;
    }
    if (path === '/sandbox.html')
      response
        .writeHead(200, { ...common, 'Content-Security-Policy': relayPolicy(origin), 'Content-Type': 'text/html; charset=utf-8' })
        .end(RELAY_PAGE);
    else if (path === '/sandbox.js')
      response.writeHead(200, { ...common, 'Content-Type': 'text/javascript; charset=utf-8' }).end(relayScript(origin));
    else if (path === '/sandbox.css') response.writeHead(200, { ...common, 'Content-Type': 'text/css; charset=utf-8' }).end(STYLE);
    else if (path === '/app.html') {
      const session = sessions.take(url.searchParams.get('session') ?? '', app);
      if (!session) {
        response.writeHead(404, common).end('No such app session (each is served once).');
        return;
      }
      const reportUri = session.report ? `; report-uri /csp-report/${session.report}` : '';
      const policy = buildAppCsp(session.csp, session.profile).policy;
      response
        .writeHead(200, {
          ...common,
          // Both enforced: the widest any app gets, and this app's own (the narrower wins).
          'Content-Security-Policy': [sandboxPolicy(origin), `${policy}${reportUri}`],
          // Under the reference profile, what the strict one would block is reported, not blocked.
          ...(session.profile === 'reference' ? { 'Content-Security-Policy-Report-Only': `${STRICT_REPORT_ONLY}${reportUri}` } : {}),
          'Content-Type': 'text/html; charset=utf-8',
        })
        .end(APP_PAGE);
    } else if (path === '/app-loader.js')
      response
        .writeHead(200, { ...common, 'Content-Type': 'text/javascript; charset=utf-8' })
        .end(loaderScript([`http://${app}.localhost:${listening}`]));
    else response.writeHead(404, common).end('Not found');
  });
  const bound = await listenLoopback(server, port);
  return {
    origin: `http://127.0.0.1:${bound}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
