import { beforeEach, describe, expect, it, vi } from 'vitest';
import { matchCommands } from './commandMatch.ts';
import { loadRecentCommands, rememberCommand, storedKey, type Command } from './commands.ts';

const command = (id: string, label: string, extra: Partial<Command> = {}): Command => ({
  id,
  label,
  group: 'Tools',
  run: () => {},
  ...extra,
});

const ids = (found: ReturnType<typeof matchCommands>) => found.map((match) => match.command.id);

describe('palette matching', () => {
  const commands = [
    command('tool:report_price_issue', 'Report price issue'),
    command('tool:compile', 'Compile annual report'),
    command('report', 'Report — the server report: score and findings', { group: 'Actions', aliases: ['report', 'server report'] }),
    command('model', 'Model’s view — the tool list as the model is given it', { group: 'Actions', aliases: ['model'] }),
    command('tool:search', 'Search catalog', { keywords: 'find products by model number' }),
    command('shortcuts', 'Keyboard shortcuts', { group: 'Help' }),
    command('server:a', 'Connect to staging', { group: 'Servers', detail: 'https://staging.example/mcp' }),
  ];

  it('puts the command a query names first, ahead of tools whose label starts the same', () => {
    expect(matchCommands(commands, 'report')[0]?.command.id).toBe('report');
    expect(matchCommands(commands, '  Server   Report ')[0]?.command.id).toBe('report');
    expect(matchCommands(commands, 'model')[0]?.command.id).toBe('model');
  });

  it('matches letters in order, across words (fuzzy), and marks the label’s characters that matched', () => {
    const [first] = matchCommands(commands, 'srch cat');
    expect(first?.command.id).toBe('tool:search');
    // S, r, c, h of "Search" and c, a, t of "catalog".
    expect(first?.marks.map((index) => 'Search catalog'[index]).join('')).toBe('Srchcat');
    expect(ids(matchCommands(commands, 'annual rep'))[0]).toBe('tool:compile');
    expect(ids(matchCommands(commands, 'price'))).toEqual(['tool:report_price_issue']);
    expect(ids(matchCommands(commands, 'nothing here'))).toEqual([]);
  });

  it('ranks a label match above one in the detail, and one in the description last', () => {
    expect(ids(matchCommands(commands, 'staging'))[0]).toBe('server:a');
    // "find products" is the search tool's description, and a label of its own.
    const finder = command('tool:find', 'Find products');
    expect(ids(matchCommands([...commands, finder], 'find products'))).toEqual(['tool:find', 'tool:search']);
    expect(ids(matchCommands(commands, 'model number'))).toEqual(['tool:search']);
  });

  it('empty: pinned, then recent (most recent first, under Recent), then the groups in order', () => {
    const pinned = command('cancel', 'Cancel the running call', { group: 'Actions', pinned: true });
    const found = matchCommands([...commands, pinned], '', { recent: ['shortcuts', storedKey('tool:compile'), 'gone'] });
    expect(ids(found).slice(0, 3)).toEqual(['cancel', 'shortcuts', 'tool:compile']);
    expect(found.slice(1, 3).map((match) => match.section)).toEqual(['Recent', 'Recent']);
    expect(found.slice(3).map((match) => match.section)).toEqual(['Tools', 'Tools', 'Servers', 'Actions', 'Actions']);
  });

  it('a recent command wins a close race, not a clear one', () => {
    const twins = [command('a', 'Open staging'), command('b', 'Open staging')];
    expect(ids(matchCommands(twins, 'staging', { recent: ['b'] }))[0]).toBe('b');
    expect(ids(matchCommands(commands, 'report', { recent: [storedKey('tool:compile')] }))[0]).toBe('report');
  });
});

describe('recent commands', () => {
  const items = new Map<string, string>();
  beforeEach(() => {
    items.clear();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
        removeItem: (key: string) => void items.delete(key),
      },
    });
  });

  it('keeps the last five, newest first, per server (forgotten with it: the key ends in its server key)', () => {
    for (const id of ['a', 'b', 'c', 'a', 'd', 'e', 'f']) rememberCommand('https://one.example/mcp', id);
    expect(loadRecentCommands('https://one.example/mcp')).toEqual(['f', 'e', 'd', 'a', 'c']);
    expect(loadRecentCommands('https://two.example/mcp')).toEqual([]);
    expect(loadRecentCommands(undefined)).toEqual([]);
    expect([...items.keys()].every((key) => key.startsWith('toolscope:palette:'))).toBe(true);
  });

  it('keeps a tool’s command as a hash of its name, never the server’s text; it is still known again', () => {
    rememberCommand('https://one.example/mcp', 'tool:wipe_everything');
    expect([...items.values()].join('')).not.toContain('wipe_everything');
    const recent = loadRecentCommands('https://one.example/mcp');
    const found = matchCommands([command('tool:other', 'Other'), command('tool:wipe_everything', 'Wipe everything')], '', { recent });
    expect(found.map((match) => [match.command.id, match.section])).toEqual([
      ['tool:wipe_everything', 'Recent'],
      ['tool:other', 'Tools'],
    ]);
  });

  it('reads a corrupt entry as none', () => {
    items.set('toolscope:palette', '{"not":"a list"}');
    expect(loadRecentCommands(undefined)).toEqual([]);
    items.set('toolscope:palette', '[1, "ok", null]');
    expect(loadRecentCommands(undefined)).toEqual(['ok']);
  });
});
