import { describe, expect, it } from 'vitest';
import { serverKey } from './serverKey.ts';

describe('serverKey', () => {
  const canonical = 'http://127.0.0.1:6274/mcp';
  it.each([
    ['as typed', 'http://127.0.0.1:6274/mcp'],
    ['with spaces around it', '  http://127.0.0.1:6274/mcp \n'],
    ['with an upper-case scheme', 'HTTP://127.0.0.1:6274/mcp'],
    ['with a fragment', 'http://127.0.0.1:6274/mcp#tools'],
  ])('one key for a URL %s', (_, url) => {
    expect(serverKey(url)).toBe(canonical);
  });

  it('one key for a URL without a path', () => {
    expect(serverKey('https://mcp.example.com')).toBe('https://mcp.example.com/');
    expect(serverKey('https://mcp.example.com/')).toBe('https://mcp.example.com/');
  });

  it('one key for an upper-case host', () => {
    expect(serverKey('https://MCP.Example.COM/mcp')).toBe('https://mcp.example.com/mcp');
  });

  it('one key for an explicit default port', () => {
    expect(serverKey('https://mcp.example.com:443/mcp')).toBe('https://mcp.example.com/mcp');
    expect(serverKey('http://mcp.example.com:80/mcp')).toBe('http://mcp.example.com/mcp');
  });

  it('keeps what names another endpoint apart: path case, query, a non-default port', () => {
    expect(serverKey('https://mcp.example.com/MCP')).not.toBe(serverKey('https://mcp.example.com/mcp'));
    expect(serverKey('https://mcp.example.com/mcp?tenant=a')).not.toBe(serverKey('https://mcp.example.com/mcp?tenant=b'));
    expect(serverKey('https://mcp.example.com:8443/mcp')).not.toBe(serverKey('https://mcp.example.com/mcp'));
  });

  it('a URL that does not parse keeps its trimmed text', () => {
    expect(serverKey(' not a url ')).toBe('not a url');
  });
});

describe('serverKey and credentials', () => {
  it('holds no credential of the URL, yet keeps two keys of one server apart', () => {
    const one = serverKey('https://alice:hunter22@mcp.example.com/mcp?api_key=sk-live-123456&region=eu');
    const two = serverKey('https://mcp.example.com/mcp?api_key=sk-live-999999&region=eu');
    for (const key of [one, two]) {
      expect(key).not.toMatch(/hunter22|alice|sk-live/);
      expect(key).toMatch(/^https:\/\/mcp\.example\.com\/mcp\?api_key=REDACTED&region=eu#\w+$/);
    }
    expect(one).not.toBe(two);
    expect(serverKey('https://mcp.example.com/mcp?api_key=sk-live-999999&region=eu')).toBe(two);
  });

  it('a URL without credentials keeps its plain key', () => {
    expect(serverKey('https://mcp.example.com/mcp?region=eu')).toBe('https://mcp.example.com/mcp?region=eu');
  });
});
