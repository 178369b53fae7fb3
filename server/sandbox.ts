// The MCP Apps sandbox: a second loopback port (default PORT+1, SANDBOX_PORT to change) with two
// kinds of origin on it, so an app never shares an origin with anything it could abuse:
// - the relay, http://127.0.0.1:<port>/sandbox.html: framed by Toolscope's page alone, it relays
//   JSON-RPC between the page and the app. Its own policy allows no network and no frame but an
//   app origin's, so nothing running in it could reach out.
// - the app, http://<id>.localhost:<port>/app.html: one origin per server (<id> is a hash of the
//   server's URL, chosen by the page), so no app shares storage with another server's app, and
//   none is on 127.0.0.1 (no cookies of any web app on 127.0.0.1, no Origin a loopback MCP server
//   accepts by the SDK's default — localhost, 127.0.0.1, [::1] only). The page is a loader: the
//   relay hands it the app's HTML and it writes it into itself. Under the reference profile
//   (the Apps SDK's basic-host) the frame has allow-same-origin, so the app runs on that origin;
//   under strict it does not, so the origin is opaque.
// The app's policy is this server's header, built from what the resource declares
// (src/mcp/appHosts.ts buildAppCsp): in force before the app's first byte, and its violations are
// reported by the browser to this server (report-uri), where the page reads them — an app cannot
// hide a blocked load or invent a quiet one by editing its own document.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { HOST_PROFILES, STRICT_REPORT_ONLY, buildAppCsp, isHostProfile } from '../src/mcp/appHosts.ts';
import type { AppCsp } from '../src/mcp/mcpApps.ts';

const READY = 'ui/notifications/sandbox-proxy-ready';
const RESOURCE = 'ui/notifications/sandbox-resource-ready';
const LOADER_READY = 'toolscope/app-loader-ready';
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
(() => {
  const HOSTS = ${JSON.stringify(hostsOf(host))};
  const query = new URLSearchParams(location.search);
  // The host profile, from the page's own URL (two fixed values; anything else is the reference).
  const STRICT = query.get('profile') === 'strict';
  const APP = ${APP_ID.toString()}.test(query.get('app') || '') ? query.get('app') : 'app';
  const REPORT = ${TOKEN.toString()}.test(query.get('report') || '') ? query.get('report') : '';
  // The app's own origin, on this port: never this relay's, never Toolscope's.
  const APP_ORIGIN = 'http://' + APP + '.localhost:' + location.port;
  // An opaque origin cannot be named: the strict frame is reached by its window alone.
  const TARGET = STRICT ? '*' : APP_ORIGIN;
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
        if (typeof params.html !== 'string') return;
        inner?.remove();
        pending = params.html;
        inner = document.createElement('iframe');
        inner.setAttribute('sandbox', STRICT ? ${JSON.stringify(HOST_PROFILES.strict.frameSandbox)} : ${JSON.stringify(HOST_PROFILES.reference.frameSandbox)});
        inner.setAttribute('title', 'MCP App');
        const csp = JSON.stringify(params.csp && typeof params.csp === 'object' ? params.csp : {});
        inner.src = APP_ORIGIN + '/app.html?' + new URLSearchParams({ profile: STRICT ? 'strict' : 'reference', csp, report: REPORT });
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
    document.write(data.html);
    document.close();
  };
  window.addEventListener('message', take);
  window.parent.postMessage({ method: ${JSON.stringify(LOADER_READY)} }, '*');
})();
`;

/**
 * The relay page's own policy: its script and style, the app origins on this port as frames,
 * nothing else — no network, no images, no forms — and only Toolscope may frame it.
 */
export function relayPolicy(host: string, port: string | number): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `frame-src http://*.localhost:${port}`,
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${hostsOf(host).join(' ')}`,
  ].join('; ');
}

/**
 * The widest any app may get under any profile; the profile's per-app policy (a second header)
 * narrows it. Framed only through the relay, inside Toolscope's page (frame-ancestors names every
 * ancestor).
 */
export function sandboxPolicy(host: string, port: string | number): string {
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
    `frame-ancestors ${[...hostsOf(host), ...hostsOf(`http://127.0.0.1:${port}`)].join(' ')}`,
  ].join('; ');
}

/** What the resource declares (`_meta.ui.csp`), as the relay passed it: lists of strings, else nothing. */
function declared(text: string | null): AppCsp {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text ?? '{}');
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object') return {};
  const csp: AppCsp = {};
  for (const field of ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const) {
    const list: unknown = (parsed as Record<string, unknown>)[field];
    if (Array.isArray(list)) csp[field] = list.filter((item): item is string => typeof item === 'string').slice(0, 100);
  }
  return csp;
}

export interface CspReport {
  directive: string;
  blocked: string;
  disposition: 'enforce' | 'report';
  sample: string;
}

/** The browser's report (report-uri's `application/csp-report`), in the page's words. */
function reportOf(body: string): CspReport | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const report = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>)['csp-report'] : undefined;
  if (!report || typeof report !== 'object') return undefined;
  const field = (name: string) => {
    const value = (report as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : '';
  };
  const directive = (field('effective-directive') || field('violated-directive').split(' ')[0] || '').slice(0, 80);
  if (!directive) return undefined;
  return {
    directive,
    blocked: field('blocked-uri').slice(0, 300),
    disposition: field('disposition') === 'report' ? 'report' : 'enforce',
    sample: field('script-sample').slice(0, 80),
  };
}

const MAX_CHANNELS = 64;
const MAX_REPORTS = 200;

/** Reports per app session, bounded: the oldest session is dropped first. */
class Reports {
  private channels = new Map<string, CspReport[]>();
  add(token: string, report: CspReport) {
    let list = this.channels.get(token);
    if (!list) {
      list = [];
      this.channels.set(token, list);
      const oldest = this.channels.keys().next().value;
      if (this.channels.size > MAX_CHANNELS && oldest !== undefined) this.channels.delete(oldest);
    }
    if (list.length < MAX_REPORTS) list.push(report);
  }
  get(token: string) {
    return this.channels.get(token) ?? [];
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
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const path = url.pathname;
    const origin = hostOf();
    const listening = request.socket.localPort ?? 0;
    // Which origin was asked for: the relay (a loopback name) or an app (<id>.localhost); any other
    // Host (a rebound DNS name) is refused.
    const hostHeader = (request.headers.host ?? '').toLowerCase();
    const relayHost = hostHeader === `127.0.0.1:${listening}` || hostHeader === `localhost:${listening}`;
    const appHost = new RegExp(`^([a-z0-9]{1,40})\\.localhost:${listening}$`).exec(hostHeader)?.[1];
    const common = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' };
    if (!relayHost && !appHost) {
      response.writeHead(421, common).end('Misdirected request');
      return;
    }
    // The browser's violation reports, from an app's page (report-uri): kept per app session.
    const reportTo = /^\/csp-report\/([a-f0-9]{16,64})$/.exec(path)?.[1];
    if (request.method === 'POST' && reportTo) {
      void readBody(request, 64 * 1024).then((body) => {
        const report = body === undefined ? undefined : reportOf(body);
        if (report) reports.add(reportTo, report);
        response.writeHead(204, common).end();
      });
      return;
    }
    // Toolscope's page reads them (and only Toolscope's page may: CORS for its origins alone).
    const reportsOf = /^\/csp-reports\/([a-f0-9]{16,64})$/.exec(path)?.[1];
    if (request.method === 'GET' && reportsOf && relayHost) {
      const asker = request.headers.origin;
      const cors = asker && hostsOf(origin).includes(asker) ? { 'Access-Control-Allow-Origin': asker, Vary: 'Origin' } : {};
      response.writeHead(200, { ...common, ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify(reports.get(reportsOf)));
      return;
    }
    if (request.method !== 'GET') {
      response.writeHead(405, common).end();
      return;
    }
    if (relayHost && path === '/sandbox.html')
      response
        .writeHead(200, {
          ...common,
          'Content-Security-Policy': relayPolicy(origin, listening),
          'Content-Type': 'text/html; charset=utf-8',
        })
        .end(RELAY_PAGE);
    else if (relayHost && path === '/sandbox.js')
      response.writeHead(200, { ...common, 'Content-Type': 'text/javascript; charset=utf-8' }).end(relayScript(origin));
    else if (relayHost && path === '/sandbox.css')
      response.writeHead(200, { ...common, 'Content-Type': 'text/css; charset=utf-8' }).end(STYLE);
    else if (appHost && path === '/app.html') {
      const profileParam = url.searchParams.get('profile');
      const profile = isHostProfile(profileParam) ? profileParam : 'reference';
      const token = url.searchParams.get('report') ?? '';
      const reportUri = TOKEN.test(token) ? `; report-uri /csp-report/${token}` : '';
      const app = buildAppCsp(declared(url.searchParams.get('csp')), profile).policy;
      response
        .writeHead(200, {
          ...common,
          // Both enforced: the widest any app gets, and this app's own (the narrower wins).
          'Content-Security-Policy': [sandboxPolicy(origin, listening), `${app}${reportUri}`],
          // Under the reference profile, what the strict one would block is reported, not blocked.
          ...(profile === 'reference' ? { 'Content-Security-Policy-Report-Only': `${STRICT_REPORT_ONLY}${reportUri}` } : {}),
          'Content-Type': 'text/html; charset=utf-8',
        })
        .end(APP_PAGE);
    } else if (appHost && path === '/app-loader.js')
      response
        .writeHead(200, { ...common, 'Content-Type': 'text/javascript; charset=utf-8' })
        .end(loaderScript(hostsOf(`http://127.0.0.1:${listening}`)));
    else response.writeHead(404, common).end('Not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address();
  return {
    origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
