// What a command of `toolscope` is: its word, its options, its lines of --help, how it reads its
// argv (no I/O) and how it runs. The dispatcher (./commandTable.ts) only picks one by its word.
import type { Environ } from './args.ts';

export interface Command<P extends { kind: string }> {
  /** The word after `toolscope` ('serve': none — the page). */
  name: P['kind'];
  /** Its options, as node:util's parseArgs takes them (its --help names each). */
  options: Readonly<Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }>>;
  /** Its part of `toolscope --help`: synopsis, options, exit status. */
  usage: string;
  /** From argv alone (the word removed): what it was asked, `help`, or a UsageError. */
  parse: (argv: string[], environ: Environ) => P | { kind: 'help' };
  /** Its exit status; undefined while it serves (the page, the agent, a mock) until stopped. */
  run: (parsed: P) => Promise<number | undefined>;
}
