import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningServer } from '../../../server/testing/testServers.ts';
import { curlCommand, readLinkArgs, shareLink, typescriptSnippet, type CallContext } from './callExport.ts';
import { withoutSecrets } from '../secrets.ts';

const run = promisify(execFile);

describe('Copy link', () => {
  it('carries server, tool and arguments, and opens them again', () => {
    const { url, notes } = shareLink('http://127.0.0.1:5173/?server=old&tool=old#x', {
      server: 'http://127.0.0.1:3000/mcp',
      tool: 'search_catalog',
      args: { query: 'cable', limit: 3 },
    });
    const params = new URL(url).searchParams;
    expect(params.get('server')).toBe('http://127.0.0.1:3000/mcp');
    expect(params.get('tool')).toBe('search_catalog');
    expect(readLinkArgs(params.get('args'))).toEqual({ args: { query: 'cable', limit: 3 } });
    expect(notes).toEqual([]);
  });

  it('never carries a secret: secret-named arguments at any depth, credentials in the server URL', () => {
    const { url, notes } = shareLink('http://app/', {
      server: 'https://user:pw@api.example.com/mcp?api_key=s3cret&region=eu',
      tool: 'login',
      args: { user: 'ann', password: 'hunter2', nested: { apiKey: 'k-123', note: 'ok' }, list: [{ token: 't' }] },
    });
    expect(url).not.toMatch(/hunter2|k-123|s3cret|pw@|%22t%22/);
    const params = new URL(url).searchParams;
    expect(params.get('server')).toBe('https://api.example.com/mcp?region=eu');
    expect(readLinkArgs(params.get('args')).args).toEqual({ user: 'ann', nested: { note: 'ok' }, list: [{}] });
    expect(notes.join(' ')).toContain('password, nested.apiKey, list[0].token');
    expect(notes.join(' ')).toContain('api_key');
  });

  it('refuses link arguments that are not a JSON object', () => {
    expect(readLinkArgs('[1]').problem).toContain('not a JSON object');
    expect(readLinkArgs('{').problem).toContain('not valid JSON');
    expect(readLinkArgs(null)).toEqual({});
    expect(withoutSecrets({ token: '' }).dropped).toEqual([]);
  });
});

describe('Copy as curl / TypeScript', () => {
  const context = (server: string, era: CallContext['era']): CallContext => ({
    server,
    tool: 'search_catalog',
    args: { query: 'it\'s a "cable" $(rm -rf /)' },
    era,
    protocolVersion: era === 'modern' ? '2026-07-28' : '2025-11-25',
    bearer: false,
    headers: { 'X-Region': 'eu', 'X-Api-Key': 'never-copied' },
  });

  it('puts a placeholder for secrets, never the value', () => {
    const command = curlCommand({ ...context('http://x/mcp', 'modern'), bearer: true });
    expect(command).not.toContain('never-copied');
    expect(command).toContain('-H "X-Api-Key: $X_API_KEY"');
    expect(command).toContain('-H "Authorization: Bearer $TOKEN"');
    expect(command.split('\n')[0]).toBe('# Set TOKEN, X_REGION, X_API_KEY first (credentials and header values are not copied).');
    expect(typescriptSnippet(context('http://x/mcp', 'modern'))).toContain('process.env.X_API_KEY');
  });

  it('never inlines a header its source declared secret, even when values are copied', () => {
    const inline = {
      ...context('http://x/mcp', 'modern'),
      headers: { 'X-Region': 'eu', 'X-Workspace': 'ws_private' },
      headerValues: 'inline' as const,
    };
    expect(curlCommand(inline)).toContain('ws_private');
    const declared = curlCommand({ ...inline, secretHeaders: ['X-Workspace'] });
    expect(declared).not.toContain('ws_private');
    expect(declared).toContain('-H "X-Workspace: $X_WORKSPACE"');
    expect(declared).toContain("-H 'X-Region: eu'");
  });

  describe('run with the shell against the demo server', () => {
    let demo: RunningServer;
    beforeAll(async () => {
      demo = await startDemoServer();
    });
    afterAll(() => demo.stop());

    const response = async (era: CallContext['era'], args: Record<string, unknown>) => {
      const command = curlCommand({ ...context(demo.url, era), args, headers: { 'X-Region': 'eu' } });
      const { stdout } = await run('sh', ['-c', command], { encoding: 'utf8', timeout: 20_000 });
      // 2026: a JSON body; 2025: an SSE stream whose data line is the JSON-RPC response.
      const body = era === 'modern' ? stdout : (/^data: (.*)$/m.exec(stdout)?.[1] ?? '');
      return JSON.parse(body) as { result?: { structuredContent?: { total?: number }; content?: { text?: string }[] } };
    };

    it.each(['modern', 'legacy'] as const)('%s era: the command returns the tool’s result', async (era) => {
      expect((await response(era, { query: 'cable' })).result?.structuredContent?.total).toBe(3);
      // Quotes and $(…) reach the server as typed: nothing is interpreted by the shell.
      expect((await response(era, { query: `it's "$(echo pwned)"` })).result?.content?.[0]?.text).toContain(`it's "$(echo pwned)"`);
    });
  });
});
