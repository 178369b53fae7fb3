import { describe, expect, it } from 'vitest';
import { connectTarget } from './agentPolicy.ts';
import type { HostEntry } from '../../src/lib/mcpServersFile.ts';

const entries: HostEntry[] = [
  { name: 'local', kind: 'stdio', command: 'node', args: ['server.js'], env: {} },
  { name: 'remote', kind: 'http', url: 'https://mcp.example.com/mcp', headers: {} },
  { name: 'broken', kind: 'skipped', reason: 'no command' },
];

describe('where connect may go', () => {
  it('a configured entry by its exact name (its URL may be anywhere: the person wrote it)', () => {
    expect(connectTarget('local', entries, [])).toEqual({ entry: entries[0] });
    expect(connectTarget('remote', entries, [])).toEqual({ entry: entries[1] });
    expect(connectTarget('broken', entries, [])).toMatchObject({ refused: expect.stringContaining('no command') });
  });

  it('a URL only on loopback, or on a host the person allowed', () => {
    expect(connectTarget('http://127.0.0.1:3000/mcp', entries, [])).toEqual({ url: 'http://127.0.0.1:3000/mcp' });
    expect(connectTarget('http://localhost:3000/mcp', entries, [])).toEqual({ url: 'http://localhost:3000/mcp' });
    expect(connectTarget('http://[::1]:3000/mcp', entries, [])).toEqual({ url: 'http://[::1]:3000/mcp' });
    expect(connectTarget('https://mcp.example.com/mcp', entries, [])).toMatchObject({
      refused: expect.stringContaining('--allow-host mcp.example.com'),
    });
    expect(connectTarget('https://MCP.example.com/mcp', entries, ['mcp.example.com'])).toEqual({ url: 'https://mcp.example.com/mcp' });
    // A look-alike is not the allowed host.
    expect(connectTarget('https://mcp.example.com.evil.test/mcp', entries, ['mcp.example.com'])).toHaveProperty('refused');
    expect(connectTarget('http://127.0.0.1.nip.io/mcp', entries, [])).toHaveProperty('refused');
  });

  it('anything else is refused, never run: commands, shell text, other schemes, near-miss names', () => {
    for (const hostile of [
      'node server.js',
      '$(id)',
      'local; rm -rf /',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'LOCAL',
      ' local',
      '',
    ])
      expect(connectTarget(hostile, entries, []), hostile).toHaveProperty('refused');
  });
});
