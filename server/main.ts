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

// One proxy token per launch; the page fetches it from /proxy/session.
const proxy = createProxy();
const server = createServer();
if (dev) {
  const { createServer: createVite } = await import('vite');
  const vite = await createVite({ root, server: { middlewareMode: true, hmr: { server } }, appType: 'spa' });
  const mcpListener = getRequestListener(createApp({ mcp, bearerToken: process.env.DEMO_BEARER_TOKEN, proxy }).fetch);
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/mcp') || req.url?.startsWith('/proxy')) void mcpListener(req, res);
    else vite.middlewares(req, res);
  });
} else {
  await buildIfNeeded(root);
  const listener = getRequestListener(
    createApp({ mcp, staticRoot: join(root, 'dist'), bearerToken: process.env.DEMO_BEARER_TOKEN, proxy }).fetch,
  );
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
