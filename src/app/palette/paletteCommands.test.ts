import { describe, expect, it } from 'vitest';
import type { McpTool } from '../../mcp/tools.ts';
import { matchCommands } from './commandMatch.ts';
import { serverCommands, type PaletteActions } from './paletteCommands.ts';

const tool = (name: string, extra: Partial<McpTool> = {}) => ({ name, annotations: {}, inputSchema: {}, ...extra }) as unknown as McpTool;

function recorder() {
  const done: string[] = [];
  const actions: PaletteActions = {
    openTool: (name) => done.push(`open ${name}`),
    runLast: (name, args) => done.push(`run-last ${name} ${JSON.stringify(args)}`),
    filter: (filter) => done.push(`filter ${filter}`),
    report: (tab) => done.push(`report ${tab}`),
    appResources: () => done.push('app-resources'),
    toggleDock: (tab) => done.push(`dock ${tab}`),
    copyLastAsCurl: () => done.push('copy-curl'),
    cancelRunning: () => done.push('cancel'),
    skills: () => done.push('skills'),
    find: () => done.push('find'),
    hosts: () => done.push('hosts'),
    model: () => done.push('model'),
  };
  return { done, actions };
}

const filters = [
  { value: 'all' as const, label: 'all tools' },
  { value: 'read-only' as const, label: 'read-only only' },
];

describe('the palette’s commands for a server', () => {
  it('a tool’s exact name typed out comes first, before tools whose title starts with the same words', () => {
    const { actions } = recorder();
    const tools = [tool('search_catalog_v2', { title: 'Search catalog v2' }), tool('search_catalog', { title: 'Find products' })];
    const commands = serverCommands({ tools, filters }, actions);
    expect(matchCommands(commands, 'search_catalog')[0]?.command.id).toBe('tool:search_catalog');
  });

  it('lists each tool by its display name, its raw name as detail, with invisible characters shown', () => {
    const { done, actions } = recorder();
    const commands = serverCommands({ tools: [tool('get\u200bfile', { title: 'Read a file' }), tool('echo')], filters }, actions);
    const file = commands.find((command) => command.id === 'tool:get\u200bfile');
    expect(file).toMatchObject({ group: 'Tools', label: 'Read a file' });
    expect(file?.detail).not.toContain('\u200b');
    file?.run();
    expect(done).toEqual(['open get\u200bfile']);
  });

  it('offers "Run the last call again" only after a call, first, with its arguments; it runs that call', () => {
    const { done, actions } = recorder();
    expect(serverCommands({ tools: [tool('echo')], filters }, actions).some((command) => command.id === 'run-last')).toBe(false);
    const commands = serverCommands({ tools: [tool('echo')], filters, last: { tool: 'echo', args: { message: 'hi' } } }, actions);
    expect(commands[0]).toMatchObject({ id: 'run-last', detail: 'echo {"message":"hi"}' });
    commands[0]?.run();
    expect(done).toEqual(['run-last echo {"message":"hi"}']);
    // "curl" finds the copy of that call.
    matchCommands(commands, 'curl')[0]?.command.run();
    expect(done.at(-1)).toBe('copy-curl');
  });

  it('"Cancel the running call" only while calls run, first of all, and says how many', () => {
    const { done, actions } = recorder();
    expect(serverCommands({ tools: [tool('echo')], filters }, actions).some((command) => command.id === 'cancel-running')).toBe(false);
    const one = serverCommands({ tools: [tool('echo')], filters, running: 1 }, actions);
    expect(one[0]).toMatchObject({ id: 'cancel-running', label: 'Cancel the running call' });
    expect(serverCommands({ tools: [tool('echo')], filters, running: 3 }, actions)[0]?.label).toBe('Cancel the 3 running calls');
    matchCommands(one, 'cancel')[0]?.command.run();
    expect(done).toEqual(['cancel']);
  });

  it('"Skills" only when the server offers them; "skills" finds it', () => {
    const { done, actions } = recorder();
    expect(serverCommands({ tools: [tool('echo')], filters }, actions).some((command) => command.id === 'skills')).toBe(false);
    const commands = serverCommands({ tools: [tool('skill_lookup')], filters, skills: true }, actions);
    matchCommands(commands, 'skills')[0]?.command.run();
    expect(done).toEqual(['skills']);
  });

  it('the views and filters do what they say, and "report" finds the report before a tool named report_…', () => {
    const { done, actions } = recorder();
    const commands = serverCommands({ tools: [tool('report_price_issue')], filters }, actions);
    expect(matchCommands(commands, 'report')[0]?.command.id).toBe('report');
    for (const id of ['report', 'model', 'app-resources', 'history', 'saved', 'filter:read-only'])
      commands.find((command) => command.id === id)?.run();
    expect(done).toEqual(['report findings', 'report model', 'app-resources', 'dock history', 'dock saved', 'filter read-only']);
  });
});
