// Which server a command runs on, made real: a config entry resolved to a URL or a command, and a
// stdio server started for the command's run (in process, through the page's bridge — no port is
// opened) and stopped after. Only what this terminal (or a config file it names) gives is run:
// its command and arguments as given, no shell.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { HostEntry } from '../../src/lib/mcpServersFile.ts';
import type { FetchLike } from '../../src/mcp/recording/traffic.ts';
import { errorMessage } from '../../src/lib/errorMessage.ts';
import { StdioBridge } from '../stdio/bridge.ts';
import { StdioChild, describeExit } from '../stdio/child.ts';
import { childEnvironment, readEnvFile } from '../stdio/env.ts';
import { UsageError } from './cliOptions.ts';
import type { StdioSpec, Target } from './args.ts';
import { readConfig } from './files.ts';
import type { ServerTarget } from './reach.ts';

export type Resolved = { kind: 'demo' } | { kind: 'url'; url: string } | { kind: 'stdio'; spec: StdioSpec };

/** A config entry becomes a URL or a command; --env/--env-file/--cwd apply over its own. */
export function resolveTarget(target: Exclude<Target, { kind: 'demo' }>): Exclude<Resolved, { kind: 'demo' }>;
export function resolveTarget(target: Target): Resolved;
export function resolveTarget(target: Target): Resolved {
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
  // The config's env first, the command line's over it.
  return {
    kind: 'stdio',
    spec: {
      ...entrySpec(entry),
      envFile: target.spec.envFile,
      env: [...Object.entries(entry.env), ...target.spec.env],
      cwd: target.spec.cwd ?? entry.cwd,
    },
  };
}

/** A config file's stdio entry as a command to run. */
export const entrySpec = (entry: Extract<HostEntry, { kind: 'stdio' }>): StdioSpec => ({
  command: entry.command,
  args: entry.args,
  env: Object.entries(entry.env),
  ...(entry.cwd !== undefined ? { cwd: entry.cwd } : {}),
});

/** A config file's entry as something a command can run on. */
export const entryTarget = (entry: Exclude<HostEntry, { kind: 'skipped' }>): Exclude<Resolved, { kind: 'demo' }> =>
  entry.kind === 'http' ? { kind: 'url', url: entry.url } : { kind: 'stdio', spec: entrySpec(entry) };

export function makeChild(spec: StdioSpec): StdioChild {
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
export async function started(child: StdioChild): Promise<void> {
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

/** Runs `run` on a URL as is, or on a stdio server started for it and stopped after. */
export async function onServer(
  target: Exclude<Resolved, { kind: 'demo' }>,
  run: (target: ServerTarget) => Promise<number>,
): Promise<number> {
  if (target.kind === 'url') return run({ url: target.url });
  const child = makeChild(target.spec);
  const bridge = new StdioBridge(child);
  try {
    await started(child);
    return await run({
      url: 'http://stdio.toolscope.invalid/mcp',
      label: child.command,
      fetch: (input, init) => bridge.handle(new Request(input, init)),
      restart: () => child.restart(),
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

/** A stdio entry started for a long-lived user (the agent): its requests, and how to stop it. Nothing stays if it never came up. */
export async function openStdio(spec: StdioSpec, children: Set<StdioChild>): Promise<{ fetch: FetchLike; stop: () => Promise<void> }> {
  const child = makeChild(spec);
  const bridge = new StdioBridge(child);
  children.add(child);
  try {
    await started(child);
  } catch (error) {
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
}
