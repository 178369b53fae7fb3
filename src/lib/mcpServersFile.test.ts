import { describe, expect, it } from 'vitest';
import { readMcpServersFile, shellQuote, stdioCommandLines } from './mcpServersFile.ts';

describe('mcpServers files', () => {
  it('reads Claude/Cursor stdio entries with args, env and cwd, and VS Code’s typed ones', () => {
    const read = readMcpServersFile(
      JSON.stringify({
        mcpServers: {
          files: { command: 'npx', args: ['-y', 'pkg', '/tmp/a b'], env: { API_KEY: 'k', N: 3 }, cwd: '/srv' },
          typed: { type: 'stdio', command: 'node', args: ['build/index.js'] },
          noCommand: { type: 'stdio' },
          badArgs: { command: 'node', args: ['a', 1] },
        },
      }),
    );
    if ('error' in read) throw new Error(read.error);
    expect(read.entries).toEqual([
      { name: 'files', kind: 'stdio', command: 'npx', args: ['-y', 'pkg', '/tmp/a b'], env: { API_KEY: 'k' }, cwd: '/srv' },
      { name: 'typed', kind: 'stdio', command: 'node', args: ['build/index.js'], env: {}, cwd: undefined },
      { name: 'noCommand', kind: 'skipped', reason: 'a stdio entry without a "command"' },
      { name: 'badArgs', kind: 'skipped', reason: '"args" must be a list of strings' },
    ]);
  });

  it('spells the terminal command so a shell reads back the same words, never an env value', () => {
    expect(shellQuote("it's $HOME; rm -rf /")).toBe(`'it'\\''s $HOME; rm -rf /'`);
    expect(shellQuote('')).toBe("''");
    const lines = stdioCommandLines({
      name: 'my server',
      kind: 'stdio',
      command: 'uv',
      args: ['run', 'a b.py'],
      env: { TOKEN: 'secret' },
      cwd: '/x y',
    });
    expect(lines.config).toBe("npx toolscope --config <your-config.json> --server 'my server'");
    expect(lines.direct).toBe(`npx toolscope --cwd '/x y' --env TOKEN="$TOKEN" -- uv run 'a b.py'`);
    expect(lines.direct).not.toContain('secret');
  });
});
