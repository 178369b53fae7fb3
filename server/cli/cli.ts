// `toolscope` — the command line: Toolscope for the demo, a URL or a stdio server, or the
// server report. The only place a command is read from (argv, or a config file named in argv).
import { USAGE } from './usage.ts';
import { redactText } from '../../src/lib/redactUrl.ts';
import { printable } from '../../src/lib/printable.ts';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { StdioBridge } from '../stdio/bridge.ts';
import { StdioChild, describeExit } from '../stdio/child.ts';
import { childEnvironment, readEnvFile } from '../stdio/env.ts';
import { stdioEndpoint } from '../stdio/routes.ts';
import { watchAndRestart } from '../stdio/watch.ts';
import { startToolscope, type LaunchServer } from '../serveApp.ts';
import { UsageError, parseCli, type McpOptions, type RenderOptions, type StdioSpec, type Target } from './args.ts';
import { RenderUnavailable, renderApp, renderSummary } from './render.ts';
import { readMcpServersFile, type HostEntry } from '../../src/lib/mcpServersFile.ts';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createAgentServer, withSkills } from '../agent/agentServer.ts';
import { checkConnectOptions, checkReportOptions, runLock, runReport, type ReportTarget } from './reportCommand.ts';
import { runRecord } from './recordCommand.ts';
import { runBench } from './benchCommand.ts';
import { runHosts } from './hostsCommand.ts';
import { serveMock } from '../mock/mockCommand.ts';
import { errorMessage } from '../../src/lib/errorMessage.ts';
import { guardConsole, knowEnvironmentSecrets } from './stderrGuard.ts';

type Resolved = { kind: 'demo' } | { kind: 'url'; url: string } | { kind: 'stdio'; spec: StdioSpec };

/** The entries of an mcpServers file named on the command line; an unreadable or malformed one is a usage error. */
function readConfig(file: string): HostEntry[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--config ${file}: ${errorMessage(error)}`);
  }
  const read = readMcpServersFile(text);
  if ('error' in read) throw new UsageError(`--config ${file}: ${read.error}`);
  return read.entries;
}

/** A config entry becomes a URL or a command; --env/--env-file/--cwd apply over its own. */
function resolveTarget(target: Target): Resolved {
  if (target.kind === 'config-all') throw new UsageError('--config needs --server NAME (the entry to open).');
  if (target.kind !== 'config') return target;
  const entries = readConfig(target.file);
  const entry = entries.find((candidate) => candidate.name === target.server);
  if (!entry)
    throw new UsageError(
      `--server ${target.server}: not in ${target.file} (it has: ${entries.map((candidate) => candidate.name).join(', ') || 'no servers'}).`,
    );
  if (entry.kind === 'skipped') throw new UsageError(`--server ${target.server}: cannot be opened — ${entry.reason}.`);
  if (entry.kind === 'http') {
    if (target.spec.env.length || target.spec.envFile || target.spec.cwd)
      throw new UsageError(`--server ${target.server} is an http server: --env, --env-file and --cwd are for stdio servers.`);
    return { kind: 'url', url: entry.url };
  }
  return {
    kind: 'stdio',
    spec: {
      command: entry.command,
      args: entry.args,
      envFile: target.spec.envFile,
      // The config's env first, the command line's over it.
      env: [...Object.entries(entry.env), ...target.spec.env],
      cwd: target.spec.cwd ?? entry.cwd,
    },
  };
}

function makeChild(spec: StdioSpec): StdioChild {
  const cwd = spec.cwd ? resolve(spec.cwd) : undefined;
  if (cwd && !(existsSync(cwd) && statSync(cwd).isDirectory())) throw new UsageError(`--cwd ${spec.cwd}: not a directory.`);
  const fromFile = spec.envFile ? readEnvFileOrExplain(spec.envFile) : {};
  const env = childEnvironment(fromFile, Object.fromEntries(spec.env));
  return new StdioChild({ command: spec.command, args: spec.args, env, cwd });
}

function readEnvFileOrExplain(path: string): Record<string, string> {
  try {
    return readEnvFile(path);
  } catch (error) {
    throw new UsageError(errorMessage(error));
  }
}

/** Starts the child and waits until it runs or could not start (a missing command is a usage error). */
async function started(child: StdioChild): Promise<void> {
  const settled = new Promise<void>((done) => {
    const stop = child.onState((state) => {
      if (state.status === 'starting') return;
      stop();
      done();
    });
  });
  child.start();
  await settled;
  if (child.state.status === 'failed') throw new UsageError(`could not start ${child.command}: ${child.state.error}`);
}

/** Runs `run` on a URL as is, or on a stdio server started for it (in process, through the bridge) and stopped after. */
async function reached(target: Exclude<Resolved, { kind: 'demo' }>, run: (target: ReportTarget) => Promise<number>): Promise<number> {
  if (target.kind === 'url') return run({ url: target.url });
  const child = makeChild(target.spec);
  const bridge = new StdioBridge(child);
  try {
    await started(child);
    return await run({
      url: 'http://stdio.toolscope.invalid/mcp',
      label: child.command,
      fetch: (input, init) => bridge.handle(new Request(input, init)),
      explain: () => {
        const tail = child.lines().slice(-10);
        return `The server is ${describeExit(child.state)}.${tail.length ? ` Its last stderr lines:\n${tail.map((line) => `  ${line.text}`).join('\n')}` : ''}`;
      },
    });
  } finally {
    bridge.close();
    await child.stop();
  }
}

async function main(argv: string[]): Promise<number | undefined> {
  const command = parseCli(argv, process.env);
  if (command.kind === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (command.kind === 'mcp') {
    await serveAgent(command.mcp);
    return undefined;
  }
  if (command.kind === 'mock') return serveMock(command);
  if (command.kind === 'hosts')
    return runHosts(readConfig(command.file), command.report, command.plan, (entry, run) =>
      reached(
        entry.kind === 'http'
          ? { kind: 'url', url: entry.url }
          : { kind: 'stdio', spec: { command: entry.command, args: entry.args, env: Object.entries(entry.env), cwd: entry.cwd } },
        run,
      ),
    );
  if (command.kind === 'serve' && command.target.kind === 'config-all') {
    if (command.watch) throw new UsageError('--watch needs --server NAME: the entry it is for.');
    return serveConfig(command.target.file, { port: command.port ?? Number(process.env.PORT ?? 6274), dev: command.dev });
  }
  const target = resolveTarget(command.target);
  if (command.kind === 'report' || command.kind === 'lock' || command.kind === 'record' || command.kind === 'bench') {
    if (command.kind === 'report') checkReportOptions(command.report);
    else checkConnectOptions(command.report);
    const run = (reached: ReportTarget) =>
      command.kind === 'lock'
        ? runLock(reached, command.report, command.out)
        : command.kind === 'record'
          ? runRecord(reached, command.report, command)
          : command.kind === 'bench'
            ? runBench(reached, command.report, command.bench)
            : runReport(reached, command.report);
    if (target.kind === 'demo') return run({ url: '' });
    return reached(target, run);
  }

  if (command.kind === 'render') return render(target, command.render);

  const port = command.port ?? Number(process.env.PORT ?? 6274);
  if (target.kind !== 'stdio') {
    if (command.watch) throw new UsageError('--watch is for a stdio server.');
    await startToolscope({ port, dev: command.dev, open: target });
    return undefined;
  }
  await serveStdioServer(target.spec, { port, dev: command.dev, watch: command.watch });
  return undefined;
}

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
    const spec = { command: first.command, args: first.args, env: Object.entries(first.env), cwd: first.cwd };
    await serveStdioServer(spec, { ...options, launch });
    return undefined;
  }
  const [shown, ...beside] = launch;
  if (!shown) throw new UsageError(`${file}: no entry Toolscope can open.`);
  await startToolscope({ ...options, open: { kind: 'url', url: shown.url }, launch: beside });
  return undefined;
}

/** `toolscope render`: Toolscope on a free port, quiet, for as long as the render takes. */
async function render(target: Resolved, options: RenderOptions): Promise<number> {
  const child = target.kind === 'stdio' ? makeChild(target.spec) : undefined;
  const bridge = child ? new StdioBridge(child) : undefined;
  try {
    if (child) await started(child);
    const app = await startToolscope({
      port: 0,
      quiet: true,
      open: bridge ? { kind: 'stdio', endpoint: stdioEndpoint(bridge) } : target.kind === 'url' ? target : { kind: 'demo' },
    });
    try {
      const log = await renderApp(app.link, options);
      for (const line of renderSummary(log, options.log)) console.log(printable(redactText(line)));
      return log.verdict === 'ok' ? 0 : 1;
    } catch (error) {
      if (!(error instanceof RenderUnavailable)) throw error;
      console.error(printable(redactText(`toolscope render: ${error.message}`)));
      return 2;
    } finally {
      await app.close();
    }
  } finally {
    bridge?.close();
    await child?.stop();
  }
}

/** `toolscope mcp`: the agent's server on this process's stdin/stdout (nothing else may write to stdout). */
async function serveAgent(options: McpOptions): Promise<void> {
  // stdout is the protocol's channel: whatever anything in this process logs goes to stderr, so a
  // dependency's console.log can never put a line into the JSON-RPC stream.
  const toStderr = (...parts: unknown[]) => console.error(...parts);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  const entries = options.config ? readConfig(options.config) : [];
  if (options.server !== undefined && !entries.some((entry) => entry.name === options.server))
    throw new UsageError(`--server ${options.server}: ${options.config ?? 'the config file'} has no such entry.`);
  const children = new Set<StdioChild>();
  const factory = createAgentServer({
    allowDestructive: options.allowDestructive,
    allowWrites: options.allowWrites,
    allowSwitch: options.allowSwitch,
    ...(options.server !== undefined ? { pinned: options.server } : {}),
    allowHosts: options.allowHosts,
    limits: { timeoutMs: options.timeoutMs, responseBytes: options.maxResponseBytes },
    entries,
    environment: process.env,
    // Only a configured entry runs: its command and arguments as the file gives them, no shell.
    openStdio: async (entry) => {
      const child = makeChild({ command: entry.command, args: entry.args, env: Object.entries(entry.env), cwd: entry.cwd });
      const bridge = new StdioBridge(child);
      children.add(child);
      try {
        await started(child);
      } catch (error) {
        // It never came up: nothing of it stays behind.
        bridge.close();
        children.delete(child);
        await child.stop(500);
        throw error;
      }
      return {
        fetch: (input, init) => bridge.handle(new Request(input, init)),
        stop: async () => {
          bridge.close();
          children.delete(child);
          await child.stop();
        },
      };
    },
  });
  // Children never outlive toolscope mcp: the agent closing its end, a signal, or exit stops them.
  process.on('exit', () => {
    for (const child of children) child.kill();
  });
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    void Promise.allSettled([...children].map((child) => child.stop(1000))).then(() => process.exit(0));
  };
  process.stdin.on('end', shutdown);
  process.stdin.on('close', shutdown);
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  serveStdio(await withSkills(factory), {
    legacy: 'serve',
    onerror: (error) => console.error(printable(redactText(`toolscope mcp: ${errorMessage(error)}`))),
  });
}

// Whatever prints on stderr — a dependency too — goes through the one redactor (./stderrGuard.ts).
guardConsole();
knowEnvironmentSecrets(process.env);
try {
  const code = await main(process.argv.slice(2));
  if (code !== undefined) {
    // A long result on a pipe may still be queued: exiting now would cut it.
    if (process.stdout.writableLength) await new Promise((resolve) => process.stdout.once('drain', resolve));
    process.exit(code);
  }
} catch (error) {
  const message = errorMessage(error);
  console.error(printable(redactText(`toolscope: ${message}`)));
  process.exit(error instanceof UsageError ? 2 : 1);
}
