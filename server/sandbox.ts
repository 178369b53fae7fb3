// The MCP Apps sandbox: a second loopback origin (default PORT+1, SANDBOX_PORT to change) that
// serves only the sandbox proxy page. Toolscope's page frames it; it frames the app's HTML under
// one of two host profiles (src/mcp/appHosts.ts), chosen by `?profile=`:
// - reference (default), as the Apps SDK's basic-host: the inner frame has allow-same-origin and
//   the HTML is written into it, so the app runs on the sandbox's origin — never Toolscope's;
// - strict: srcdoc with sandbox="allow-scripts allow-forms", an opaque origin.
// It relays JSON-RPC between the app and Toolscope (only to and from Toolscope's origin, which
// is also the only one allowed to frame it).
import { createServer, type Server } from 'node:http';
import { HOST_PROFILES, STRICT_REPORT_ONLY } from '../src/mcp/appHosts.ts';

const READY = 'ui/notifications/sandbox-proxy-ready';
const RESOURCE = 'ui/notifications/sandbox-resource-ready';

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Toolscope app sandbox</title>
<link rel="stylesheet" href="/sandbox.css"></head>
<body><script src="/sandbox.js"></script></body></html>
`;

const STYLE = 'html,body{margin:0;padding:0;height:100%;background:transparent}iframe{border:0;width:100%;height:100%;display:block}';

/** Toolscope's page as the browser may name it: the same port under each loopback name. */
const hostsOf = (host: string) => {
  const url = new URL(host);
  return [`http://127.0.0.1:${url.port}`, `http://localhost:${url.port}`];
};

/** The relay, with Toolscope's origins written in by the server (never read from the URL). */
const script = (host: string) => `'use strict';
(() => {
  const HOSTS = ${JSON.stringify(hostsOf(host))};
  // The host profile, from the page's own URL (two fixed values; anything else is the reference).
  const STRICT = new URLSearchParams(location.search).get('profile') === 'strict';
  // The page that framed us (frame-ancestors admits only these), learnt from its first message.
  let host;
  let inner;
  window.addEventListener('message', (event) => {
    const data = event.data;
    if (event.source === window.parent && HOSTS.includes(event.origin) && (host === undefined || host === event.origin)) {
      host = event.origin;
      if (data && data.method === ${JSON.stringify(RESOURCE)}) {
        const params = data.params || {};
        if (typeof params.html !== 'string') return;
        inner?.remove();
        inner = document.createElement('iframe');
        inner.setAttribute('sandbox', STRICT ? ${JSON.stringify(HOST_PROFILES.strict.frameSandbox)} : ${JSON.stringify(HOST_PROFILES.reference.frameSandbox)});
        inner.setAttribute('title', 'MCP App');
        if (STRICT) {
          // An opaque origin of its own.
          inner.srcdoc = params.html;
          document.body.appendChild(inner);
        } else {
          // As the reference host: written into the frame, on this (the sandbox's) origin.
          document.body.appendChild(inner);
          const doc = inner.contentDocument;
          doc.open();
          doc.write(params.html);
          doc.close();
        }
        return;
      }
      inner?.contentWindow?.postMessage(data, '*');
    } else if (inner && event.source === inner.contentWindow) {
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

/**
 * The sandbox page's own policy, which the app's document inherits: the widest any app may get
 * under any profile (the profile's per-app policy, a <meta> first in the app's <head>, narrows
 * it), and only Toolscope may frame it.
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
    `frame-ancestors ${hostsOf(host).join(' ')}`,
  ].join('; ');
}

export interface RunningSandbox {
  origin: string;
  stop: () => Promise<void>;
}

/** Starts the sandbox origin for the Toolscope page at `host` (its origin), on 127.0.0.1:`port` (0: a free one). */
export async function startSandbox(host: string | (() => string), port: number): Promise<RunningSandbox> {
  const hostOf = typeof host === 'function' ? host : () => host;
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://sandbox').pathname;
    const origin = hostOf();
    const common = {
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': sandboxPolicy(origin),
    };
    if (request.method !== 'GET') {
      response.writeHead(405, common).end();
      return;
    }
    if (path === '/sandbox.html') {
      // Under the reference profile, what the strict one would block is reported, not blocked.
      const strict = new URL(request.url ?? '/', 'http://sandbox').searchParams.get('profile') === 'strict';
      const report = strict ? {} : { 'Content-Security-Policy-Report-Only': STRICT_REPORT_ONLY };
      response.writeHead(200, { ...common, ...report, 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE);
    } else if (path === '/sandbox.js')
      response.writeHead(200, { ...common, 'Content-Type': 'text/javascript; charset=utf-8' }).end(script(origin));
    else if (path === '/sandbox.css') response.writeHead(200, { ...common, 'Content-Type': 'text/css; charset=utf-8' }).end(STYLE);
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
