import { describe, expect, it } from 'vitest';
import { matchCommands, type Command } from './commands.ts';

const command = (id: string, label: string, extra: Partial<Command> = {}): Command => ({
  id,
  label,
  group: 'Tools',
  run: () => {},
  ...extra,
});

describe('palette matching', () => {
  const commands = [
    command('tool:report_price_issue', 'Report price issue'),
    command('tool:compile', 'Compile annual report'),
    command('report', 'Report — the server report: score and findings', { group: 'View', aliases: ['report', 'server report'] }),
    command('model', 'Model’s view — the tool list as the model is given it', { group: 'View', aliases: ['model'] }),
    command('tool:search', 'Search catalog', { keywords: 'find products by model number' }),
  ];

  it('puts the command a query names first, ahead of tools whose label starts the same', () => {
    expect(matchCommands(commands, 'report')[0]?.id).toBe('report');
    expect(matchCommands(commands, '  Server   Report ')[0]?.id).toBe('report');
    expect(matchCommands(commands, 'model')[0]?.id).toBe('model');
  });

  it('ranks label starts, then label matches, then matches in the detail or keywords; every word must match', () => {
    expect(matchCommands(commands, 'annual rep').map((found) => found.id)).toEqual(['tool:compile']);
    expect(matchCommands(commands, 'price').map((found) => found.id)).toEqual(['tool:report_price_issue']);
    expect(matchCommands(commands, 'model number').map((found) => found.id)).toEqual(['tool:search']);
    expect(matchCommands(commands, 'nothing here')).toEqual([]);
  });
});
