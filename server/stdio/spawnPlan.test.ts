import { describe, expect, it } from 'vitest';
import { spawnPlan } from './spawnPlan.ts';

const windows = (files: string[], env: Record<string, string> = {}) => ({
  platform: 'win32' as const,
  env: {
    Path: 'C:\\nodejs;C:\\proj\\node_modules\\.bin',
    PATHEXT: '.COM;.EXE;.BAT;.CMD',
    ComSpec: 'C:\\Windows\\system32\\cmd.exe',
    ...env,
  },
  exists: (file: string) => files.map((name) => name.toLowerCase()).includes(file.toLowerCase()),
});

describe('spawnPlan', () => {
  it('starts argv as given elsewhere than Windows, whatever the words hold', () => {
    expect(spawnPlan('npx', ['-y', 'a & b', '"q"'], { platform: 'linux', env: {} })).toEqual({
      command: 'npx',
      args: ['-y', 'a & b', '"q"'],
    });
  });

  it('starts an .exe found on PATH directly, its words untouched', () => {
    const plan = spawnPlan('node', ['server.js', 'a&b'], windows(['C:\\nodejs\\node.exe']));
    expect(plan.command.toLowerCase()).toBe('c:\\nodejs\\node.exe');
    expect(plan).toEqual({ command: plan.command, args: ['server.js', 'a&b'] });
  });

  it('runs a .cmd shim through cmd.exe, each word quoted and its metacharacters escaped', () => {
    const plan = spawnPlan('npx', ['-y', '@scope/server', 'a & calc'], windows(['C:\\nodejs\\npx.cmd']));
    expect(plan.command).toBe('C:\\Windows\\system32\\cmd.exe');
    expect(plan.windowsVerbatimArguments).toBe(true);
    expect(plan.args.slice(0, 3)).toEqual(['/d', '/s', '/c']);
    // One quoted line: the & is escaped (^&) inside its own quoted word, so cmd.exe runs no second command.
    expect(plan.args[3]).toBe('"npx ^"-y^" ^"@scope/server^" ^"a^ ^&^ calc^""');
  });

  it('escapes twice for a node_modules/.bin shim (cmd.exe reads its line again)', () => {
    const plan = spawnPlan('my-server', ['x|y'], windows(['C:\\proj\\node_modules\\.bin\\my-server.CMD']));
    expect(plan.args[3]).toBe('"my-server ^^^"x^^^|y^^^""');
  });

  it('runs a .bat given by its path, and a command it cannot find still through cmd.exe (which says so)', () => {
    expect(spawnPlan('.\\start.bat', [], windows(['.\\start.bat'])).args[3]).toBe('"start.bat"');
    expect(spawnPlan('nothere', ['1'], windows([])).command).toBe('C:\\Windows\\system32\\cmd.exe');
  });

  it('keeps a quote inside a word as part of that word', () => {
    const plan = spawnPlan('npx', ['say "hi"'], windows(['C:\\nodejs\\npx.cmd']));
    expect(plan.args[3]).toBe('"npx ^"say^ \\^"hi\\^"^""');
  });
});
