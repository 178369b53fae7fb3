// `toolscope` with no command word: the page on 127.0.0.1 — on its demo, a URL, a stdio server
// started from this terminal (bridged; --watch restarts it), an entry of an mcpServers file, or every
// entry of one at once. The command comes only from this terminal: no web request can start or
// change it.
import { resolve } from 'node:path';
import { printable } from '../../../src/lib/printable.ts';
import { StdioBridge } from '../../stdio/bridge.ts';
import { stdioEndpoint } from '../../stdio/routes.ts';
import { watchAndRestart } from '../../stdio/watch.ts';
import { startToolscope, type LaunchServer } from '../../serveApp.ts';
import { serverArgs, type StdioSpec, type Target } from '../args.ts';
import { SERVE_OPTIONS, UsageError, parsePort } from '../cliOptions.ts';
import { readConfig } from '../files.ts';
import { entrySpec, makeChild, resolveTarget, started } from '../targets.ts';
import type { Command } from '../cliCommand.ts';

type Serve = { kind: 'serve'; target: Target; port?: number; dev: boolean; watch?: string };

export const serve: Command<Serve> = {
  name: 'serve',
  options: SERVE_OPTIONS,
  usage: `  toolscope                                   Toolscope with its built-in demo server
  toolscope <server-url>                      Toolscope connected to a Streamable HTTP server
  toolscope [options] -- <command> [args…]    a stdio server: runs <command> (no shell) and opens it
  toolscope [options] --config FILE --server NAME
                                              an entry of an mcpServers file (Claude, Cursor, VS Code):
                                              stdio entries run as above, http entries open their URL
  toolscope [options] --config FILE           every entry at once, as several servers in one page:
                                              the first stdio entry bridged, http entries beside it
Options:
  --port N          port of Toolscope's page on 127.0.0.1 (default: $PORT, else 6274)
  --env KEY=VALUE   set a variable for the stdio server (repeatable)
  --env-file FILE   read variables for the stdio server from a dotenv file
  --cwd DIR         working directory of the stdio server (default: this one)
  --watch DIR       restart the stdio server when files under DIR change
  --config FILE     an mcpServers JSON file;  --server NAME  the entry to open
  --dev             Vite's dev server with hot reload (from a clone)
  -h, --help        this text

The stdio server's environment: only PATH, HOME, USER, LOGNAME, SHELL and TERM are inherited
(as other MCP hosts do), then --env-file, the config's "env", then each --env, in that order.
Its stderr is shown in Toolscope's "Server console"; Restart and Stop are in the page.
The command comes only from this terminal: no web request can start or change it.`,
  parse: (argv) => {
    const args = serverArgs(argv, SERVE_OPTIONS, true);
    if (args.kind === 'help') return args;
    const { values, target } = args;
    return { kind: 'serve', target, port: parsePort(values.port), dev: values.dev ?? false, watch: values.watch };
  },
  run: async (command) => {
    const port = command.port ?? Number(process.env.PORT ?? 6274);
    if (command.target.kind === 'config-all') {
      if (command.watch) throw new UsageError('--watch needs --server NAME: the entry it is for.');
      return serveConfig(command.target.file, { port, dev: command.dev });
    }
    const target = resolveTarget(command.target);
    if (target.kind !== 'stdio') {
      if (command.watch) throw new UsageError('--watch is for a stdio server.');
      await startToolscope({ port, dev: command.dev, open: target });
      return undefined;
    }
    await serveStdioServer(target.spec, { port, dev: command.dev, watch: command.watch });
    return undefined;
  },
};

/** The page on a stdio server from the terminal (bridged), with other servers of a config opened beside it. */
async function serveStdioServer(
  spec: StdioSpec,
  options: { port: number; dev: boolean; watch?: string; launch?: readonly LaunchServer[] },
) {
  const child = makeChild(spec);
  const bridge = new StdioBridge(child);
  const stopWatching = options.watch ? watchAndRestart(resolve(options.watch), child) : undefined;
  // The child goes when Toolscope goes, however it goes.
  process.on('exit', () => void child.stop(0));
  await started(child);
  await startToolscope({
    port: options.port,
    dev: options.dev,
    open: { kind: 'stdio', endpoint: stdioEndpoint(bridge, options.watch ? resolve(options.watch) : undefined) },
    ...(options.launch ? { launch: options.launch } : {}),
    onStop: async () => {
      stopWatching?.();
      bridge.close();
      await child.stop();
    },
  });
}

/**
 * `toolscope --config FILE`: the page opens every entry of an mcpServers file — the first stdio
 * entry through the bridge (one stdio server per launch), every http entry with its headers (held
 * in the page's memory, as typed ones are). What cannot be opened is said, by name.
 */
async function serveConfig(file: string, options: { port: number; dev: boolean }): Promise<undefined> {
  const entries = readConfig(file);
  const stdio = entries.flatMap((entry) => (entry.kind === 'stdio' ? [entry] : []));
  const http = entries.flatMap((entry) => (entry.kind === 'http' ? [entry] : []));
  for (const entry of entries) if (entry.kind === 'skipped') console.error(printable(`  ${entry.name}: not opened — ${entry.reason}.`));
  for (const entry of stdio.slice(1))
    console.error(
      printable(`  ${entry.name}: not opened — one stdio server per launch (toolscope --config ${file} --server ${entry.name}).`),
    );
  const launch = http.map((entry) => ({ url: entry.url, headers: entry.headers }));
  const [first] = stdio;
  if (first) {
    await serveStdioServer(entrySpec(first), { ...options, launch });
    return undefined;
  }
  const [shown, ...beside] = launch;
  if (!shown) throw new UsageError(`${file}: no entry Toolscope can open.`);
  await startToolscope({ ...options, open: { kind: 'url', url: shown.url }, launch: beside });
  return undefined;
}
