// `toolscope lock`: every tool as listed (all pages) with its digest (SEP-2636, RFC 8785), written
// to --out for `report --lock` in CI. The server is reached as every command reaches it (../reach.ts).
// Exit 0 written, 2 not.
import { countOf } from '../../../src/lib/count.ts';
import { writeFile } from 'node:fs/promises';
import { printable } from '../../../src/lib/printable.ts';
import { rawToolList } from '../../../src/report/collect.ts';
import { lockText, lockTools } from '../../../src/report/lockfile.ts';
import { needsServer, refuse, reportOptions, serverArgs, type ReportOptions, type Target } from '../args.ts';
import { REPORT_ONLY, REPORT_OPTIONS, SERVE_ONLY, UsageError } from '../cliOptions.ts';
import { connectOptions, withServer, type ServerTarget } from '../reach.ts';
import { onServer, resolveTarget } from '../targets.ts';
import type { Command } from '../cliCommand.ts';
import { CONNECTION_USAGE } from '../usage.ts';

type Lock = { kind: 'lock'; target: Exclude<Target, { kind: 'demo' }>; report: ReportOptions; out: string };

export const lock: Command<Lock> = {
  name: 'lock',
  options: REPORT_OPTIONS,
  usage: `  toolscope lock --out toolscope.lock.json <server-url> | -- <command> [args…] | --config …
                                              each tool's definition and its SHA-256 (SEP-2636
                                              digest, RFC 8785), for report --lock in CI
${CONNECTION_USAGE}
Exit status of lock: 0 written, 2 could not lock.`,
  parse: (argv, environ) => {
    const args = serverArgs(argv, REPORT_OPTIONS);
    if (args.kind === 'help') return args;
    refuse(args.values, SERVE_ONLY, 'lock');
    const target = needsServer(args.target, 'lock');
    refuse(args.values, REPORT_ONLY, 'lock');
    const { out } = args.values;
    if (!out) throw new UsageError('lock needs --out FILE (e.g. --out toolscope.lock.json).');
    return { kind: 'lock', target, report: reportOptions(args.values, environ), out };
  },
  run: ({ target, report: options, out }) => {
    connectOptions(options);
    return onServer(resolveTarget(target), (reached) => runLock(reached, options, out));
  },
};

/** `toolscope lock`: every tool as listed (all pages) with its digest, written to `out`. Exit 0 written, 2 not. */
export async function runLock(target: ServerTarget, options: ReportOptions, out: string): Promise<number> {
  return withServer(target, options, 'lock', async (connection, { secrets, failed }) => {
    const { tools, stop } = await rawToolList(connection);
    if (stop) return failed(`Not locked: ${stop}`);
    const lock = await lockTools(connection.server, tools);
    const text = lockText(lock);
    // The connection's own secrets never reach the file, even echoed into a definition by the server.
    if (secrets.some((secret) => secret && text.includes(secret)))
      return failed('Not locked: a tool definition holds a credential this connection sends (bearer, header value or URL secret).');
    await writeFile(out, text);
    console.error(printable(`Locked ${countOf(Object.keys(lock.tools).length, 'tool')} of ${connection.server.name} in ${out}.`));
    return 0;
  });
}
