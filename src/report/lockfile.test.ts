import { describe, expect, it } from 'vitest';
import { compareLock, lockFindings, lockText, lockTools, parseLockfile, type Lockfile } from './lockfile.ts';

const tool = (name: string, description = 'A tool.') => ({ name, description, inputSchema: { type: 'object' } });

describe('lockfile: tool names are the server’s, never the object prototype’s (audit 4, N9)', () => {
  const server = { name: 'probe' };
  const names = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'plain_tool'];

  it('a removed tool named like a prototype member is removed (an error), an added one is added', async () => {
    const lock = await lockTools(
      server,
      names.map((name) => tool(name)),
    );
    const read = (await parseLockfile(lockText(lock))) as Lockfile;
    expect(Object.keys(read.tools).sort()).toEqual([...names].sort());
    const drifts = await compareLock(read, [tool('plain_tool'), tool('valueOf')]);
    expect(drifts.map((drift) => `${drift.tool}:${drift.kind}`).sort()).toEqual([
      '__proto__:removed',
      'constructor:removed',
      'hasOwnProperty:removed',
      'toString:removed',
      'valueOf:added',
    ]);
    const rules = lockFindings(drifts).map((finding) => `${finding.rule}:${finding.severity}`);
    expect(rules.filter((rule) => rule === 'lock-tool-removed:error')).toHaveLength(4);
    expect(rules).not.toContain('lock-tool-changed:warning');
  });

  it('a prototype-named tool that changed is "changed", one unchanged is not listed', async () => {
    const lock = await lockTools(server, [tool('constructor'), tool('toString')]);
    const drifts = await compareLock(lock, [tool('constructor', 'Now different.'), tool('toString')]);
    expect(drifts.map((drift) => `${drift.tool}:${drift.kind}`)).toEqual(['constructor:changed']);
  });
});
