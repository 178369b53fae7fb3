import { describe, expect, it } from 'vitest';
import { parseMcpServers, toMcpServers } from './serverList.ts';

describe('mcpServers import and export', () => {
  it('imports http servers from a host config, gives stdio entries their terminal command, reports what it cannot use', () => {
    const result = parseMcpServers(
      JSON.stringify({
        mcpServers: {
          shop: { type: 'http', url: 'https://shop.example/mcp', headers: { 'X-API-Key': 'k-123' } },
          plain: { url: 'http://127.0.0.1:3000/mcp' },
          files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/'] },
          legacy: { type: 'sse', url: 'https://old.example/sse' },
          broken: { type: 'http', url: 'javascript:alert(1)' },
          odd: 42,
        },
      }),
    );
    if ('error' in result) throw new Error(result.error);
    expect(result.servers).toEqual([
      { name: 'shop', url: 'https://shop.example/mcp', headers: { 'X-API-Key': 'k-123' }, keepSecrets: false },
      { name: 'plain', url: 'http://127.0.0.1:3000/mcp', headers: {}, keepSecrets: false },
    ]);
    expect(result.skipped.map((entry) => entry.name)).toEqual(['legacy', 'broken', 'odd']);
    expect(result.stdio).toEqual([
      {
        name: 'files',
        config: 'npx toolscope --config <your-config.json> --server files',
        direct: 'npx toolscope -- npx -y @modelcontextprotocol/server-filesystem /',
      },
    ]);
  });

  it('accepts VS Code’s "servers" map and says what is wrong with anything else', () => {
    const vscode = parseMcpServers('{"servers":{"a":{"type":"http","url":"https://a.example/mcp"}}}');
    expect('error' in vscode ? vscode.error : vscode.servers.map((server) => server.name)).toEqual(['a']);
    expect(parseMcpServers('{"mcpServers": ')).toMatchObject({ error: expect.stringMatching(/^Not valid JSON/) });
    expect(parseMcpServers('[]')).toEqual({ error: 'Expected a JSON object with an "mcpServers" map.' });
    expect(parseMcpServers('{"other":{}}')).toEqual({ error: 'No "mcpServers" (or "servers") map found.' });
  });

  it('exports header names only unless secrets are asked for, and round-trips', () => {
    const servers = [{ name: 'shop', url: 'https://shop.example/mcp', headers: { 'X-API-Key': 'k-123' }, keepSecrets: true }];
    expect(JSON.parse(toMcpServers(servers, false))).toEqual({
      mcpServers: { shop: { type: 'http', url: 'https://shop.example/mcp', headers: { 'X-API-Key': '' } } },
    });
    const again = parseMcpServers(toMcpServers(servers, true));
    expect('error' in again ? again : again.servers[0]?.headers).toEqual({ 'X-API-Key': 'k-123' });
  });
});
