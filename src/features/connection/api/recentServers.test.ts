import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_RECENT, forgetRecentServer, loadRecentServers, rememberRecentServer, rememberRecentTool } from './recentServers.ts';

beforeEach(() => {
  const items = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    },
  });
});

describe('recent servers', () => {
  it('keeps each URL once, newest first, at most MAX_RECENT', () => {
    for (let index = 0; index < MAX_RECENT + 3; index++) rememberRecentServer(`http://127.0.0.1:${3000 + index}/mcp`, index);
    rememberRecentServer('http://127.0.0.1:3005/mcp', 100);
    const recent = loadRecentServers();
    expect(recent).toHaveLength(MAX_RECENT);
    expect(recent[0]).toEqual({ url: 'http://127.0.0.1:3005/mcp', at: 100 });
    expect(recent.filter((entry) => entry.url === 'http://127.0.0.1:3005/mcp')).toHaveLength(1);
    expect(recent.map((entry) => entry.url)).not.toContain('http://127.0.0.1:3000/mcp');
  });

  it('stores only http(s) URLs without credentials, and drops corrupt entries', () => {
    rememberRecentServer('javascript:alert(1)');
    rememberRecentServer('https://user:pw@a.example/mcp');
    rememberRecentServer('https://a.example/mcp?api_key=s3cret');
    rememberRecentServer('https://a.example/mcp?sig=abc&X-Amz-Credential=AKIA');
    rememberRecentServer('https://a.example/mcp?sessionId=abc');
    expect(loadRecentServers()).toEqual([]);
    // Words that only look like secrets are not: the URL is kept.
    expect(rememberRecentServer('https://a.example/mcp?keyword=usb&author=me', 2)).toEqual([
      { url: 'https://a.example/mcp?keyword=usb&author=me', at: 2 },
    ]);
    forgetRecentServer('https://a.example/mcp?keyword=usb&author=me');
    window.localStorage.setItem('toolscope:recent-servers', JSON.stringify([{ url: 'https://a.example/mcp', at: 1 }, { url: 5 }, 'x']));
    expect(loadRecentServers()).toEqual([{ url: 'https://a.example/mcp', at: 1 }]);
    expect(forgetRecentServer('https://a.example/mcp')).toEqual([]);
  });

  it('remembers where a server was found, and keeps it when it is opened again from the list', () => {
    rememberRecentServer('https://shop.example/mcp?tenant=acme', 1, 'the MCP Registry: io.github.toolscope/demo-shop 1.0.0');
    rememberRecentServer('https://shop.example/mcp?tenant=acme', 2);
    expect(loadRecentServers()).toEqual([
      { url: 'https://shop.example/mcp?tenant=acme', at: 2, from: 'the MCP Registry: io.github.toolscope/demo-shop 1.0.0' },
    ]);
  });

  it('names a row by what the server said (cut to a length) and keeps the tool last open for the next reconnect', () => {
    rememberRecentServer('http://127.0.0.1:4000/mcp', 1, undefined, { name: 'Toolscope demo shop', era: '2026-07-28' });
    rememberRecentTool('http://127.0.0.1:4000/mcp', 'search_catalog');
    // A server never connected is not added by a tool.
    rememberRecentTool('http://127.0.0.1:4001/mcp', 'x');
    rememberRecentServer('http://127.0.0.1:4000/mcp', 2, undefined, { name: 'x'.repeat(500) });
    const [entry, ...rest] = loadRecentServers();
    expect(rest).toEqual([]);
    expect(entry).toEqual({ url: 'http://127.0.0.1:4000/mcp', at: 2, name: 'x'.repeat(120), era: '2026-07-28', tool: 'search_catalog' });
    // Stored values of the wrong type are dropped, not shown.
    window.localStorage.setItem(
      'toolscope:recent-servers',
      JSON.stringify([{ url: 'https://a.example/mcp', at: 1, name: { html: '<b>' }, tool: 7 }]),
    );
    expect(loadRecentServers()).toEqual([{ url: 'https://a.example/mcp', at: 1 }]);
  });
});
