import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configKeyOf } from '../../report/hosts.ts';
import { serverLabels } from '../../workspace/serverLabels.ts';
import { MAX_SERVERS, loadServerSet, rememberServerSet } from './serverSet.ts';

let items: Map<string, string>;
beforeEach(() => {
  items = new Map<string, string>();
  vi.stubGlobal('window', {
    sessionStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    },
  });
});

describe('the set of servers a reload restores', () => {
  it('keeps URLs once, in order, bounded; never a URL with a credential in it', () => {
    rememberServerSet([
      'http://127.0.0.1:3000/mcp',
      'http://127.0.0.1:3001/mcp?api_key=sk-live-123456',
      'https://user:hunter22@example.com/mcp',
      'http://127.0.0.1:3000/mcp',
      'http://127.0.0.1:3002/mcp',
    ]);
    expect(loadServerSet()).toEqual(['http://127.0.0.1:3000/mcp', 'http://127.0.0.1:3002/mcp']);
    expect([...items.values()].join()).not.toMatch(/sk-live|hunter22/);
    rememberServerSet(Array.from({ length: MAX_SERVERS + 5 }, (_, index) => `http://127.0.0.1:${4000 + index}/mcp`));
    expect(loadServerSet()).toHaveLength(MAX_SERVERS);
  });

  it('an empty set leaves nothing behind; a stored value that is not a list of http URLs reads as none', () => {
    rememberServerSet(['http://127.0.0.1:3000/mcp']);
    rememberServerSet([]);
    expect(items.size).toBe(0);
    items.set('toolscope:server-set', JSON.stringify(['javascript:alert(1)', 42, 'file:///etc/passwd', 'http://127.0.0.1:1/mcp']));
    expect(loadServerSet()).toEqual(['http://127.0.0.1:1/mcp']);
    items.set('toolscope:server-set', '{not json');
    expect(loadServerSet()).toEqual([]);
  });
});

describe('names in lists and in a host config', () => {
  it('labels by title, else name; two servers of one name say where they are', () => {
    const labels = serverLabels([
      { url: 'http://127.0.0.1:3000/mcp', name: 'toolscope-demo', title: 'Toolscope demo shop' },
      { url: 'http://127.0.0.1:3001/mcp', name: 'mcp-servers/everything' },
      { url: 'http://127.0.0.1:3002/mcp', name: 'toolscope-demo', title: 'Toolscope demo shop' },
    ]);
    expect([...labels.values()]).toEqual([
      'Toolscope demo shop (127.0.0.1:3000/mcp)',
      'mcp-servers/everything',
      'Toolscope demo shop (127.0.0.1:3002/mcp)',
    ]);
  });

  it('derives a config key from the server name, unique among those taken', () => {
    expect(configKeyOf('mcp-servers/everything', new Set())).toBe('everything');
    expect(configKeyOf('Toolscope Demo!', new Set())).toBe('toolscope-demo');
    expect(configKeyOf('toolscope-demo', new Set(['toolscope-demo', 'toolscope-demo-2']))).toBe('toolscope-demo-3');
    expect(configKeyOf('///', new Set())).toBe('server');
  });
});
