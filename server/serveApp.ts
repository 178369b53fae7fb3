// Toolscope's one Node process on 127.0.0.1: the built app, the demo MCP server at /mcp, the
// loopback proxy, and — when the terminal gave a command — the stdio bridge at /stdio/mcp.
// Prints the deep link that opens the workspace connected to the chosen server.
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './httpApp.ts';
import { securityHeaders } from './csp.ts';
import { startSandbox, type RunningSandbox } from './sandbox.ts';
import { buildIfNeeded } from './build.ts';
import { createProxy } from './proxyRoutes.ts';
import { createDemoHandler } from './demo/server.ts';
import { demoServerCard } from './demo/demoServerCard.ts';
import { createAuthServer } from './oauth/authServer.ts';
import { demoLazyProtection, demoProtection } from './oauth/protectedResource.ts';
import { redactText } from '../src/lib/redactUrl.ts';
import { STDIO_PATH, type StdioEndpoint } from './stdio/routes.ts';
import { runningTaps } from './tap/tapRegistry.ts';
import type * as Vite from 'vite';

/** The folder holding Toolscope's package.json: a clone, or the installed package. */
export function packageRoot(from = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

export interface StartOptions {
  port: number;
  dev?: boolean;
  /** What the printed link opens: the demo (default), a server URL, or the stdio bridge. */
  open?: { kind: 'demo' } | { kind: 'url'; url: string } | { kind: 'stdio'; endpoint: StdioEndpoint };
  /** Called when Toolscope stops (Ctrl-C, MAX_LIFETIME_MS): the stdio child goes with it. */
  onStop?: () => Promise<void>;
  /** Prints nothing (a command that uses the page itself, as `toolscope render` does). */
  quiet?: boolean;
  /** Other servers the page opens beside the first (`toolscope --config FILE`): handed out with the session. */
  launch?: readonly LaunchServer[];
}

/** A server of the launch's config: its URL and the headers its entry gives. */
export interface LaunchServer {
  url: string;
  headers: Record<string, string>;
}

const intEnv = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);

export interface RunningApp {
  /** The deep link that opens the workspace connected to the chosen server. */
  link: string;
  /** Stops the page, the sandbox and the demo, and calls onStop (the process stays). */
  close: () => Promise<void>;
}

export async function startToolscope({
  port,
  dev = false,
  open = { kind: 'demo' },
  onStop,
  quiet = false,
  launch = [],
}: StartOptions): Promise<RunningApp> {
  const log = quiet ? () => undefined : (line: string) => console.log(line);
  const host = '127.0.0.1';
  const root = packageRoot();
  const mcp = createDemoHandler({
    pageSize: intEnv('DEMO_PAGE_SIZE'),
    extraTools: intEnv('DEMO_EXTRA_TOOLS'),
    basketLifetimeMs: intEnv('DEMO_BASKET_LIFETIME_MS'),
  });

  // DEMO_OAUTH=1: /mcp becomes an OAuth-protected resource of a small authorization server
  // two ports up (OAUTH_PORT; the next one is the MCP Apps sandbox), so the whole sign-in can be tried locally.
  // DEMO_OAUTH=lazy: anyone may connect and list; only two tools ask for a sign-in (lazy auth).
  let oauth: ReturnType<typeof demoProtection> | undefined;
  if (process.env.DEMO_OAUTH === '1' || process.env.DEMO_OAUTH === 'lazy') {
    const oauthPort = Number(process.env.OAUTH_PORT ?? port + 2);
    // A machine client for `toolscope report --client-id demo-machine --client-secret …` (no browser).
    const machineSecret = process.env.DEMO_MACHINE_SECRET ?? randomBytes(18).toString('base64url');
    const authServer = createAuthServer({
      issuer: `http://${host}:${oauthPort}`,
      machineClients: [{ client_id: 'demo-machine', client_secret: machineSecret, scopes: ['catalog:read'] }],
    });
    if (!process.env.DEMO_MACHINE_SECRET)
      console.log(`  Machine client: demo-machine, secret ${machineSecret} (set DEMO_MACHINE_SECRET to choose it)`);
    const authListener = getRequestListener(authServer.app.fetch);
    const authHttp = createServer((req, res) => void authListener(req, res));
    authHttp.listen(oauthPort, host, () => log(`  Demo authorization server: ${authServer.issuer}`));
    process.on('exit', () => authHttp.close());
    oauth = process.env.DEMO_OAUTH === 'lazy' ? demoLazyProtection(authServer) : demoProtection(authServer);
  }

  // One proxy token per launch; the page fetches it (and the stdio bridge's) from /proxy/session.
  const proxy = createProxy();
  const stdio = open.kind === 'stdio' ? open.endpoint : undefined;
  // The MCP Apps sandbox origin starts once this server listens (it needs this origin, and this
  // page's CSP names it).
  let sandbox: RunningSandbox | undefined;
  const appOptions = {
    mcp,
    bearerToken: process.env.DEMO_BEARER_TOKEN,
    proxy,
    oauth,
    stdio,
    launch,
    sandbox: () => sandbox?.origin,
    serverCard: demoServerCard,
    taps: runningTaps,
  };
  const server = createServer();
  if (dev) {
    let vite: typeof Vite;
    try {
      vite = await import('vite');
    } catch {
      throw new Error('--dev needs a clone of Toolscope with its dev dependencies (npm install).');
    }
    const devServer = await vite.createServer({ root, server: { middlewareMode: true, hmr: { server } }, appType: 'spa' });
    const mcpListener = getRequestListener(createApp(appOptions).fetch);
    // The same security headers as the built app (the CSP with only what Vite's hot reload needs).
    server.on('request', (req, res) => {
      if (/^\/(mcp|proxy|stdio\/|oauth\/|\.well-known\/)/.test(req.url ?? '')) void mcpListener(req, res);
      else {
        for (const [name, value] of Object.entries(securityHeaders({ dev: true, sandbox: sandbox?.origin }))) res.setHeader(name, value);
        devServer.middlewares(req, res);
      }
    });
  } else {
    await buildIfNeeded(root);
    const listener = getRequestListener(createApp({ ...appOptions, staticRoot: join(root, 'dist') }).fetch);
    server.on('request', (req, res) => void listener(req, res));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`port ${port} on ${host} is in use: pass --port N (or set PORT).`) : error),
    );
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  const origin = `http://${host}:${listening}`;
  const sandboxPort = intEnv('SANDBOX_PORT') ?? (port === 0 ? 0 : listening + 1);
  try {
    sandbox = await startSandbox(origin, sandboxPort);
  } catch (error) {
    // Toolscope works without it; only MCP Apps cannot be shown.
    console.warn(
      `  MCP Apps sandbox: port ${sandboxPort} unavailable (${(error as Error).message}); apps will not render. Set SANDBOX_PORT.`,
    );
  }
  const target = open.kind === 'url' ? open.url : `${origin}${open.kind === 'stdio' ? STDIO_PATH : '/mcp'}`;
  const link = `${origin}/?server=${encodeURIComponent(target)}`;
  log(`Toolscope ${dev ? '(dev, hot reload) ' : ''}is running.`);
  if (open.kind === 'demo') log(`  Demo MCP server: ${target}`);
  if (open.kind === 'stdio') log(`  stdio server: ${open.endpoint.bridge.child.command} — its stderr is in the page's Server console`);
  for (const other of launch) log(`  Also opened beside it: ${redactText(other.url)}`);
  log(`  Open: ${link}`);

  // Stop cleanly on Ctrl-C, and on its own after MAX_LIFETIME_MS when tests set it.
  let stopping: Promise<void> | undefined;
  const close = () =>
    (stopping ??= (async () => {
      server.close();
      server.closeAllConnections();
      await Promise.allSettled([mcp.close(), onStop?.(), sandbox?.stop()]);
    })());
  const stop = async () => {
    await close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  const lifetime = intEnv('MAX_LIFETIME_MS');
  if (lifetime) setTimeout(() => void stop(), lifetime).unref();
  return { link, close };
}
