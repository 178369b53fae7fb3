// `npm start` / `npm run dev`: ONE Node process on 127.0.0.1 serving Toolscope and the demo
// MCP server, printing a deep link that connects at once.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app.ts';
import { buildIfNeeded } from './build.ts';
import { createProxy } from './proxy.ts';
import { createDemoHandler } from './demo/server.ts';
import { createAuthServer } from './oauth/authServer.ts';
import { demoProtection } from './oauth/protectedResource.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dev = process.argv.includes('--dev');
const host = '127.0.0.1';
const port = Number(process.env.PORT ?? 6274);
const intEnv = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);

const mcp = createDemoHandler({
  pageSize: intEnv('DEMO_PAGE_SIZE'),
  extraTools: intEnv('DEMO_EXTRA_TOOLS'),
  basketLifetimeMs: intEnv('DEMO_BASKET_LIFETIME_MS'),
});

// DEMO_OAUTH=1: /mcp becomes an OAuth-protected resource of a small authorization server
// on the next port (OAUTH_PORT), so the whole sign-in can be tried locally.
let oauth: ReturnType<typeof demoProtection> | undefined;
if (process.env.DEMO_OAUTH === '1') {
  const oauthPort = Number(process.env.OAUTH_PORT ?? port + 1);
  const authServer = createAuthServer({ issuer: `http://${host}:${oauthPort}` });
  const authListener = getRequestListener(authServer.app.fetch);
  const authHttp = createServer((req, res) => void authListener(req, res));
  authHttp.listen(oauthPort, host, () => console.log(`  Demo authorization server: ${authServer.issuer}`));
  process.on('exit', () => authHttp.close());
  oauth = demoProtection(authServer);
}

// One proxy token per launch; the page fetches it from /proxy/session.
const proxy = createProxy();
const appOptions = { mcp, bearerToken: process.env.DEMO_BEARER_TOKEN, proxy, oauth };
const server = createServer();
if (dev) {
  const { createServer: createVite } = await import('vite');
  const vite = await createVite({ root, server: { middlewareMode: true, hmr: { server } }, appType: 'spa' });
  const mcpListener = getRequestListener(createApp(appOptions).fetch);
  server.on('request', (req, res) => {
    if (/^\/(mcp|proxy|oauth\/|\.well-known\/)/.test(req.url ?? '')) void mcpListener(req, res);
    else vite.middlewares(req, res);
  });
} else {
  await buildIfNeeded(root);
  const listener = getRequestListener(createApp({ ...appOptions, staticRoot: join(root, 'dist') }).fetch);
  server.on('request', (req, res) => void listener(req, res));
}

server.listen(port, host, () => {
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const origin = `http://${host}:${actualPort}`;
  const endpoint = `${origin}/mcp`;
  console.log(`Toolscope ${dev ? '(dev, hot reload) ' : ''}is running.`);
  console.log(`  Demo MCP server: ${endpoint}`);
  console.log(`  Open: ${origin}/?server=${encodeURIComponent(endpoint)}`);
});

// Stop cleanly on Ctrl-C, and on its own after MAX_LIFETIME_MS when tests set it.
const stop = () => {
  server.close();
  void mcp.close();
  server.closeAllConnections();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
const lifetime = intEnv('MAX_LIFETIME_MS');
if (lifetime) setTimeout(stop, lifetime).unref();
