// `toolscope mock FILE [--port N | --stdio]`: a cassette read and checked here (a file that cannot be
// read or parsed is a usage error), then served by ../../mock/serveMock.ts — on 127.0.0.1 only, or on
// stdin/stdout.
import { readFileSync } from 'node:fs';
import { errorMessage } from '../../../src/lib/errorMessage.ts';
import { parseCassette } from '../../../src/mcp/recording/cassette.ts';
import { serveMock } from '../../mock/serveMock.ts';
import { MOCK_OPTIONS, UsageError, parseOptions, parsePort } from '../cliOptions.ts';
import { stopAfterMs } from '../recordingArgs.ts';
import type { Command } from '../cliCommand.ts';

/** `toolscope mock`: a cassette served as an MCP server, on loopback HTTP or on stdio. */
export interface MockCommand {
  kind: 'mock';
  file: string;
  port?: number;
  stdio: boolean;
  /** --stop-after: exits by itself after this long. */
  stopAfterMs?: number;
}

export const mock: Command<MockCommand> = {
  name: 'mock',
  options: MOCK_OPTIONS,
  usage: `  toolscope mock FILE [--port N | --stdio] [--stop-after S]
                                              serves a cassette as an MCP server (127.0.0.1 only):
                                              recorded answers, an unrecorded call a JSON-RPC error`,
  parse: (argv) => parseMock(argv),
  run: ({ file, ...how }) => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new UsageError(`${file}: ${errorMessage(error)}`);
    }
    const cassette = parseCassette(text);
    if ('error' in cassette) throw new UsageError(`${file}: ${cassette.error}.`);
    return serveMock(cassette, how);
  },
};

/** `toolscope mock FILE [--port N | --stdio] [--stop-after S]`: loopback only; the file is read later. */
export function parseMock(args: string[]): { kind: 'help' } | MockCommand {
  const { values, positionals } = parseOptions(args, MOCK_OPTIONS);
  if (values.help) return { kind: 'help' };
  const [file, extra] = positionals;
  if (!file) throw new UsageError('mock needs a cassette: toolscope mock FILE [--port N | --stdio].');
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}" (see toolscope --help).`);
  if (values.stdio && values.port !== undefined) throw new UsageError('--port and --stdio: the mock serves one way, not both.');
  const stop = stopAfterMs(values['stop-after']);
  return {
    kind: 'mock',
    file,
    ...(values.port !== undefined ? { port: parsePort(values.port) } : {}),
    stdio: values.stdio === true,
    ...(stop !== undefined ? { stopAfterMs: stop } : {}),
  };
}
