import { describe, expect, it } from 'vitest';
import { registerTap, runningTaps, tapLink } from './tapRegistry.ts';

describe('the taps of this machine', () => {
  it('keeps a link only when it is a tap page on 127.0.0.1, rebuilt from its parts', () => {
    expect(tapLink('http://127.0.0.1:4100/?tap=abcdefghijklmnop1234')).toBe('http://127.0.0.1:4100/?tap=abcdefghijklmnop1234');
    expect(tapLink('http://127.0.0.1:4100/x?tap=abcdefghijklmnop1234&next=evil')).toBe('http://127.0.0.1:4100/?tap=abcdefghijklmnop1234');
    for (const bad of [
      'javascript:alert(1)//?tap=abcdefghijklmnop1234',
      'http://evil.example:80/?tap=abcdefghijklmnop1234',
      'https://127.0.0.1:4100/?tap=abcdefghijklmnop1234',
      'http://127.0.0.1/?tap=abcdefghijklmnop1234',
      'http://127.0.0.1:4100/?tap=short',
      42,
    ])
      expect(tapLink(bad)).toBeUndefined();
  });

  it('lists a registered tap (this process), and no longer once it says it has ended', () => {
    const link = 'http://127.0.0.1:4100/?tap=abcdefghijklmnop1234';
    const unregister = registerTap({ link, transport: 'stdio', target: 'node server.js', startedAt: 1234 });
    expect(runningTaps().filter((tap) => tap.pid === process.pid)).toEqual([
      { link, pid: process.pid, transport: 'stdio', target: 'node server.js', startedAt: 1234 },
    ]);
    unregister();
    expect(runningTaps().filter((tap) => tap.pid === process.pid)).toEqual([]);
  });
});
