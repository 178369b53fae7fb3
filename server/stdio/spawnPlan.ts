// How a stdio server's argv becomes a process, on every platform: argv as given, never a shell
// line made of it. On Windows a command is looked up as cmd.exe would (PATH × PATHEXT), and a
// batch file — `npx.cmd`, a `node_modules/.bin/*.cmd` shim, any `.bat` — cannot be started
// without cmd.exe: it is run as `cmd.exe /d /s /c "…"` with every word escaped the way
// cross-spawn does it (its own escape functions, https://github.com/moxystudio/node-cross-spawn,
// lib/parse.js), so a word holding `&`, `|` or `"` stays one argument and runs nothing.
// The platform, the environment and the file check are given, so the Windows rules are
// unit-tested on any machine (spawnPlan.test.ts).
import { existsSync } from 'node:fs';
import { win32 } from 'node:path';
import * as escape from 'cross-spawn/lib/util/escape.js';

export interface SpawnPlan {
  command: string;
  args: string[];
  /** Windows only: the arguments are already quoted for cmd.exe (node must not quote them again). */
  windowsVerbatimArguments?: true;
}

export interface PlatformFacts {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  exists?: (path: string) => boolean;
}

const EXECUTABLE = /\.(?:com|exe)$/i;
const CMD_SHIM = /node_modules[\\/]\.bin[\\/][^\\/]+\.cmd$/i;

/** Windows's variables are case-insensitive: Path, PATH and path are one. */
const envOf = (env: PlatformFacts['env'], name: string) => Object.entries(env).find(([key]) => key.toUpperCase() === name)?.[1];

/** The file cmd.exe would run for `command` (PATH × PATHEXT), or undefined when none is found. */
export function resolveWindowsCommand(command: string, facts: PlatformFacts): string | undefined {
  const exists = facts.exists ?? existsSync;
  const extensions = (envOf(facts.env, 'PATHEXT') ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean);
  const hasExtension = win32.extname(command) !== '';
  const names = hasExtension ? [command, ...extensions.map((ext) => command + ext)] : extensions.map((ext) => command + ext);
  const explicit = /[\\/]/.test(command);
  const dirs = explicit ? [''] : ['', ...(envOf(facts.env, 'PATH') ?? '').split(';').filter(Boolean)];
  for (const dir of dirs)
    for (const name of names) {
      const file = dir ? win32.join(dir, name) : name;
      if (exists(file)) return file;
    }
  return undefined;
}

/** The process to start for argv on this platform. */
export function spawnPlan(command: string, args: readonly string[], facts: PlatformFacts): SpawnPlan {
  if (facts.platform !== 'win32') return { command, args: [...args] };
  const file = resolveWindowsCommand(command, facts) ?? command;
  if (EXECUTABLE.test(file)) return { command: file, args: [...args] };
  // A batch file: cmd.exe reads the line once, a .bin shim hands it to cmd.exe again (escaped twice).
  const twice = CMD_SHIM.test(file);
  const line = [escape.command(win32.normalize(command)), ...args.map((arg) => escape.argument(arg, twice))].join(' ');
  return {
    command: envOf(facts.env, 'COMSPEC') ?? 'cmd.exe',
    args: ['/d', '/s', '/c', `"${line}"`],
    windowsVerbatimArguments: true,
  };
}

/** This machine's plan for argv (the platform and environment of this process). */
export const localSpawnPlan = (command: string, args: readonly string[], env: Readonly<Record<string, string | undefined>>) =>
  spawnPlan(command, args, { platform: process.platform, env: { ...process.env, ...env } });
