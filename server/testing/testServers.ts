// Real servers for the test suites, on loopback and free ports, so suites can run side by side.
import { startSandbox, type RunningSandbox } from '../sandbox.ts';
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createApp, type AppOptions } from '../httpApp.ts';
import { demoServerCard } from '../demo/demoServerCard.ts';
import { createDemoHandler, type DemoServerOptions } from '../demo/server.ts';
import { createAuthServer, type AuthServer, type AuthServerOptions } from '../oauth/authServer.ts';

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

function listen(server: Server, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
}

/** The demo MCP server in this process (optionally serving a built app from `staticRoot`). */
export async function startDemoServer(
  options: DemoServerOptions &
    Pick<AppOptions, 'staticRoot' | 'bearerToken' | 'proxy' | 'cors' | 'oauth' | 'mcpOrigins' | 'serverCard' | 'taps'> & {
      /** A fixed port (a test that stops the server and starts it again where the page expects it); default: a free one. */
      port?: number;
    } = {},
): Promise<RunningServer> {
  const mcp = createDemoHandler(options);
  const { staticRoot, bearerToken, proxy, cors, oauth } = options;
  // Serving the app: with its MCP Apps sandbox origin beside it, as `npm start` does.
  let sandbox: RunningSandbox | undefined;
  const listener = getRequestListener(
    // Serving the app, it is Toolscope's own demo (its page alone may call /mcp); bare, it stands
    // for someone else's server, called from another port's page (the SDK's loopback default).
    createApp({
      mcp,
      staticRoot,
      bearerToken,
      proxy,
      cors,
      oauth,
      sandbox: () => sandbox?.origin,
      mcpOrigins: options.mcpOrigins ?? (staticRoot ? 'own' : 'loopback'),
      serverCard: options.serverCard ?? demoServerCard,
      taps: options.taps,
    }).fetch,
  );
  const server = createServer((req, res) => void listener(req, res));
  const port = await listen(server, options.port);
  if (staticRoot) sandbox = await startSandbox(`http://127.0.0.1:${port}`, 0);
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await Promise.all([mcp.close(), sandbox?.stop()]);
    },
  };
}

/** The test authorization server on its own origin (its issuer is that origin). */
export async function startAuthServer(
  options: Omit<AuthServerOptions, 'issuer'> = {},
): Promise<RunningServer & { authServer: AuthServer }> {
  // The issuer is the origin, known only once listening: the handler is set after.
  const route: { listener?: ReturnType<typeof getRequestListener> } = {};
  const server = createServer((req, res) => void route.listener?.(req, res));
  const port = await listen(server);
  const authServer = createAuthServer({ ...options, issuer: `http://127.0.0.1:${port}` });
  route.listener = getRequestListener(authServer.app.fetch);
  return {
    url: authServer.issuer,
    authServer,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** @modelcontextprotocol/server-everything (Streamable HTTP), forced onto loopback. */
export async function startEverything(): Promise<RunningServer> {
  const port = await freePort();
  const preload = fileURLToPath(new URL('../../e2e/fixtures/loopback-preload.mjs', import.meta.url));
  const entry = fileURLToPath(import.meta.resolve('@modelcontextprotocol/server-everything/dist/index.js'));
  const child = spawn(process.execPath, ['--import', preload, entry, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port), MAX_LIFETIME_MS: String(20 * 60_000) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server-everything did not start within 20 s')), 20_000);
    const onData = (chunk: Buffer) => {
      if (chunk.toString().includes('listening on port')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server-everything exited with code ${code}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface RunningToolscope {
  /** Toolscope's page, e.g. http://127.0.0.1:1234/ */
  origin: string;
  /** The deep link it printed (the page connected to its server). */
  link: string;
  /** The server the link opens (for a stdio server: the bridge URL). */
  server: string;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  pid: number;
  stop: () => Promise<void>;
}

const BIN = fileURLToPath(new URL('../../bin/toolscope.mjs', import.meta.url));

/**
 * `toolscope …` as a user runs it (the CLI in its own process group, on a free port), resolved
 * once it prints its "Open:" line. `launcher` defaults to this clone's bin; the package test
 * passes `npx toolscope` in a folder where the package is installed.
 */
export async function startToolscopeCli(
  args: readonly string[],
  { launcher = [process.execPath, BIN], cwd, env = {} }: { launcher?: readonly string[]; cwd?: string; env?: Record<string, string> } = {},
): Promise<RunningToolscope> {
  const [command = '', ...prefix] = launcher;
  const child = spawn(command, [...prefix, '--port', '0', ...args], {
    cwd,
    env: { ...process.env, MAX_LIFETIME_MS: String(30 * 60_000), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own group, so stopping it stops whatever it started (npx's child, the stdio server).
    detached: true,
  });
  let printed = '';
  const link = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`toolscope did not print its link within 60 s:\n${printed}`)), 60_000);
    const onData = (chunk: Buffer) => {
      printed += chunk.toString();
      const match = /Open: (\S+)/.exec(printed);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`toolscope exited with code ${code}:\n${printed}`));
    });
  });
  const url = new URL(link);
  return {
    origin: `${url.origin}/`,
    link,
    server: url.searchParams.get('server') ?? '',
    output: () => printed,
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-(child.pid ?? 0), 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      await exited;
    },
  };
}

/**
 * A `toolscope` command that serves (mock, record --listen) in its own process, resolved with the
 * URL it prints; `stop` sends SIGTERM and resolves with its exit code and all it printed.
 */
export async function startCliServer(
  args: string[],
): Promise<RunningServer & { stopped: () => Promise<{ code: number | null; printed: string }> }> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`toolscope ${args[0]} printed no URL within 30 s:\n${printed}`)), 30_000);
    const onData = (chunk: Buffer) => {
      printed += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(printed);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exit.then((code) => {
      clearTimeout(timer);
      reject(new Error(`toolscope ${args[0]} exited with code ${code}:\n${printed}`));
    });
  });
  const stopped = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return { code: await exit, printed };
  };
  return { url, stopped, stop: async () => void (await stopped()) };
}

/** `toolscope mock FILE` in its own process, resolved with the URL it prints; stopped by `stop` (or by itself, after 15 min). */
export const startMockCli = (cassette: string) => startCliServer(['mock', cassette, '--stop-after', '900']);

/** The entry scripts of the stdio servers the tests run (pinned dev dependencies). */
export const stdioServers = {
  everything: () => [
    process.execPath,
    fileURLToPath(import.meta.resolve('@modelcontextprotocol/server-everything/dist/index.js')),
    'stdio',
  ],
  filesystem: (dir: string) => [
    process.execPath,
    fileURLToPath(import.meta.resolve('@modelcontextprotocol/server-filesystem/dist/index.js')),
    dir,
  ],
  /** An MCP App server written by others (ext-apps' basic vanilla-JS example: get-time and its UI), over stdio. */
  basicApp: () => [
    process.execPath,
    fileURLToPath(new URL('./index.js', import.meta.resolve('@modelcontextprotocol/server-basic-vanillajs'))),
    '--stdio',
  ],
  /** Another ext-apps example by others: a budget allocator (a chart, sliders, industry benchmarks), over stdio. */
  budgetApp: () => [
    process.execPath,
    fileURLToPath(new URL('./index.js', import.meta.resolve('@modelcontextprotocol/server-budget-allocator'))),
    '--stdio',
  ],
  /** Any of the Apps SDK's example servers (pinned in devDependencies), by its package's short name, over stdio. */
  example: (name: string) => [
    process.execPath,
    fileURLToPath(new URL('./index.js', import.meta.resolve(`@modelcontextprotocol/server-${name}`))),
    '--stdio',
  ],
  /** A server that speaks 2026-07-28 or a 2025 revision, as the client opens (our SDK's serveStdio). */
  dualEra: () => [process.execPath, fileURLToPath(new URL('./dualEra.mjs', import.meta.url))],
  /** server-everything, except that while `crashFile` exists it writes "boom" to stderr and exits 3. */
  crashing: (crashFile: string) => [process.execPath, fileURLToPath(new URL('./crashing.mjs', import.meta.url)), crashFile],
};
