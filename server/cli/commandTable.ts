// The commands of `toolscope`, by their word: the dispatcher only picks one (no word, or a word
// that is not a command: the page) and hands it the rest of argv. Each command reads its own
// options and runs itself (./commands/).
import type { Environ } from './args.ts';
import { UsageError } from './cliOptions.ts';
import type { Command } from './cliCommand.ts';
import { INTRO, OUTRO } from './usage.ts';
import { serve } from './commands/serveCommand.ts';
import { report } from './commands/reportCommand.ts';
import { lock } from './commands/lockCommand.ts';
import { record } from './commands/recordCommand.ts';
import { tap } from './commands/tapCommand.ts';
import { test } from './commands/testCommand.ts';
import { fuzz } from './commands/fuzzCommand.ts';
import { load } from './commands/loadCommand.ts';
import { hosts } from './commands/hostsCommand.ts';
import { mock } from './commands/mockCommand.ts';
import { renderCommand } from './commands/renderCommand.ts';
import { mcp } from './commands/mcpCommand.ts';

/** A command as the dispatcher holds it: parse and run tied together (each command's own types inside). */
const entry = <P extends { kind: string }>(command: Command<P>) => ({
  name: command.name,
  usage: command.usage,
  parse: command.parse,
  start: (argv: string[], environ: Environ) => start(command, argv, environ),
});

// The order of `toolscope --help`.
const COMMANDS = [
  entry(serve),
  entry(report),
  entry(lock),
  entry(record),
  entry(tap),
  entry(test),
  entry(fuzz),
  entry(load),
  entry(hosts),
  entry(mock),
  entry(renderCommand),
  entry(mcp),
] as const;
const [PAGE] = COMMANDS;

export type CliCommand = ReturnType<(typeof COMMANDS)[number]['parse']>;

/** Every command's part of --help, in order, with the lines none owns. */
export const USAGE = [INTRO, ...COMMANDS.map((command) => command.usage), OUTRO].join('\n\n');

/** Words that named a command once: said, never guessed (`bench` meant two things; `npm run bench` measures Toolscope). */
const RENAMED: Readonly<Record<string, string>> = { bench: 'load' };

/** The command argv names, and the argv it reads (its word removed). */
function commandFor(argv: readonly string[]) {
  const renamed = argv[0] !== undefined && Object.hasOwn(RENAMED, argv[0]) ? RENAMED[argv[0]] : undefined;
  if (renamed)
    throw new UsageError(`toolscope ${argv[0]} is now toolscope ${renamed} (the same options; see toolscope ${renamed} --help).`);
  const named = COMMANDS.find((command) => command.name !== 'serve' && command.name === argv[0]);
  return named ? { command: named, rest: argv.slice(1) } : { command: PAGE, rest: [...argv] };
}

/** What argv asks, from argv alone (no I/O): the command's parse. */
export function parseCli(argv: readonly string[], environ: Environ = {}): CliCommand {
  const { command, rest } = commandFor(argv);
  return command.parse(rest, environ);
}

/** Parses and runs: `help` prints the command's usage (the whole text for the page's). */
export async function dispatch(argv: readonly string[], environ: Environ): Promise<number | undefined> {
  const { command, rest } = commandFor(argv);
  return command.start(rest, environ);
}

async function start<P extends { kind: string }>(command: Command<P>, argv: string[], environ: Environ) {
  const parsed = command.parse(argv, environ);
  if (isHelp(parsed)) {
    console.log(command.name === 'serve' ? USAGE : `${INTRO}\n\n${command.usage}\n\n${OUTRO}`);
    return 0;
  }
  return command.run(parsed);
}

const isHelp = (parsed: { kind: string }): parsed is { kind: 'help' } => parsed.kind === 'help';
