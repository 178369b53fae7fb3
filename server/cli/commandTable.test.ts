// The table of commands: each command's --help names every option it takes (an option no help
// names is one nobody finds), and the dispatcher picks by the first word only.
import { describe, expect, it } from 'vitest';
import type { Command } from './cliCommand.ts';
import { NOT_LOAD, REPORT_ONLY, SERVE_ONLY } from './cliOptions.ts';
import { USAGE, parseCli } from './commandTable.ts';
import { load } from './commands/loadCommand.ts';
import { hosts } from './commands/hostsCommand.ts';
import { lock } from './commands/lockCommand.ts';
import { mcp } from './commands/mcpCommand.ts';
import { mock } from './commands/mockCommand.ts';
import { record } from './commands/recordCommand.ts';
import { renderCommand } from './commands/renderCommand.ts';
import { report } from './commands/reportCommand.ts';
import { serve } from './commands/serveCommand.ts';

const commands: Command<{ kind: string }>[] = [serve, report, lock, record, load, hosts, mock, renderCommand, mcp] as never;

// Options a command's table holds but refuses (the page's own, and the report's that mean nothing to it).
const refused: Record<string, readonly string[]> = {
  report: [...SERVE_ONLY, 'out'],
  lock: [...SERVE_ONLY, ...REPORT_ONLY],
  record: [...SERVE_ONLY, ...REPORT_ONLY],
  load: [...SERVE_ONLY, ...NOT_LOAD],
  render: [...SERVE_ONLY],
};

describe('the command table', () => {
  it.each(commands.map((command) => [command.name, command] as const))('%s: its help names every option it takes', (name, command) => {
    const untold = Object.keys(command.options).filter(
      (option) => option !== 'help' && !refused[name]?.includes(option) && !command.usage.includes(`--${option}`),
    );
    expect(untold).toEqual([]);
    expect(USAGE).toContain(command.usage);
  });

  it('picks a command by its first word only; anything else is the page', () => {
    expect(parseCli(['report', '-h'])).toEqual({ kind: 'help' });
    expect(parseCli(['https://example.com/report'])).toMatchObject({ kind: 'serve', target: { kind: 'url' } });
    expect(() => parseCli(['reports'])).toThrow(/not an http\(s\) URL/);
    // A word that named a command once is said, not taken for a URL.
    expect(() => parseCli(['bench', '--tool', 'a'])).toThrow('toolscope bench is now toolscope load');
  });
});
