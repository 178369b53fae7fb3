// The line "Find a server" gives for an npm package, pasted into a terminal as is: /bin/sh runs it,
// `npx toolscope` starts, its stdio bridge runs the package, and the server answers initialize.
import { execFile } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkRuntimeArguments } from '../../src/registry/runnerFlags.ts';
import { packageLine } from '../../src/registry/terminalLine.ts';
import { everythingEntry } from '../testing/registry.ts';
import { startToolscopeCli, type RunningToolscope } from '../testing/testServers.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
let toolscope: RunningToolscope | undefined;
afterAll(async () => {
  await toolscope?.stop();
});

function post(page: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
  const url = new URL(path, page);
  const origin = url.origin;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: body ? 'POST' : 'GET',
        headers: { origin, ...headers },
        timeout: 30_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('a registry package’s terminal line', () => {
  it('run by the shell exactly as shown, opens the server in Toolscope', async () => {
    const pkg = everythingEntry.server.packages?.[0];
    if (!pkg) throw new Error('the entry has a package');
    const { line, argv } = packageLine(pkg);
    expect(line).toBe('npx toolscope -- npx -y @modelcontextprotocol/server-everything@2026.8.31 stdio');
    expect(argv?.slice(0, 2)).toEqual(['npx', 'toolscope']);
    // The shell is the person's terminal here; Toolscope's own port comes from $PORT (0: a free one).
    toolscope = await startToolscopeCli([], { launcher: ['/bin/sh', '-c', line ?? 'false'], cwd: root, env: { PORT: '0' } });
    expect(toolscope.output()).toContain('npx -y @modelcontextprotocol/server-everything@2026.8.31 stdio');
    const session = await post(toolscope.origin, '/proxy/session', {});
    const token = (JSON.parse(session.body) as { stdio: { token: string } }).stdio.token;
    const answer = await post(
      toolscope.origin,
      '/stdio/mcp',
      { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-toolscope-stdio-token': token },
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'registry-line-test', version: '1' } },
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(/"serverInfo":\{"name":"[^"]*everything/);
  }, 120_000);
});

describe('runtime flags read as npm reads them (audit 4, N2), checked against npm itself', () => {
  const npmConfig = (key: string, argv: string[]) =>
    new Promise<string>((resolve) =>
      execFile('npm', ['config', 'get', key, ...argv], { encoding: 'utf8', timeout: 30_000 }, (_error, stdout) => resolve(stdout.trim())),
    );

  it('each abbreviation npm expands to a widening flag is refused; each allowed spelling leaves npm’s registry as it was', async () => {
    const before = await npmConfig('registry', []);
    for (const [key, flag] of [
      ['registry', '--regis=http://127.0.0.1:4680/'],
      ['registry', '--reg=http://127.0.0.1:4680/'],
      ['userconfig', '--userc=/tmp/x-npmrc'],
      ['node-options', '--node-o=--require=/tmp/x.js'],
    ] as const) {
      // npm reads it as the widening flag (the threat is real, not assumed)…
      expect(await npmConfig(key, [flag]), flag).toBe(flag.slice(flag.indexOf('=') + 1));
      // …and Toolscope gives no line for it.
      expect(checkRuntimeArguments('npm', [flag]).refused, flag).toMatch(/reads it as --/);
    }
    for (const argv of [['-y'], ['--yes'], ['--silent'], ['--loglevel=silent'], ['--loglevel', 'warn']]) {
      expect(checkRuntimeArguments('npm', argv).refused).toBeUndefined();
      expect(await npmConfig('registry', argv), argv.join(' ')).toBe(before);
    }
  }, 120_000);
});
