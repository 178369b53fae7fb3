import { describe, expect, it } from 'vitest';
import { appCommands } from './appCommands.ts';

describe('the app’s own palette commands', () => {
  it('offers each only when its action is given', () => {
    expect(appCommands({ find: () => undefined }).map((command) => command.id)).toEqual(['registry:find', 'tap:watch']);
    const all = appCommands({
      find: () => undefined,
      add: () => undefined,
      diagnose: () => undefined,
      restart: { command: 'node build/index.js', run: () => undefined },
    });
    expect(all.map((command) => command.id)).toEqual(['registry:find', 'servers:add', 'diagnose', 'stdio:restart', 'tap:watch']);
    expect(all.find((command) => command.id === 'stdio:restart')?.detail).toBe('node build/index.js');
  });
});
