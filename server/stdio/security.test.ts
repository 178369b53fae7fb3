// The stdio bridge's lock, over raw HTTP against `toolscope -- <server-everything>` run as a user
// runs it: no token, a foreign Origin, a rebinding Host → refused; and no route, given a body or
// a query naming a command, arguments, environment or working directory, ever spawns anything
// but the command the terminal gave (checked on the process list, not on status codes).
import { execFileSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolscopeCli, stdioServers, type RunningToolscope } from '../testing/testServers.ts';

const MARKER = 'toolscope-pwned-marker';
let toolscope: RunningToolscope;
let origin: string;
let host: string;
let token: string;

interface Raw {
  status: number;
  body: string;
}

/** An HTTP request with exactly the headers given (fetch would not let a test forge Host). */
function raw(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  const url = new URL(path, origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers: { host, ...headers }, timeout: 10_000 },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          // An event stream never ends: its first event is enough.
          if (res.headers['content-type']?.startsWith('text/event-stream')) req.destroy();
        });
        res.on('close', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', (error) => (error.message === 'socket hang up' ? undefined : reject(error)));
    req.end(body);
  });
}

/** Every process below Toolscope's, with its command line (but tsx's esbuild service, in a clone). */
function descendants(pid: number): { pid: number; args: string }[] {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ pid: Number(match[1]), ppid: Number(match[2]), args: match[3] ?? '' }));
  const found: { pid: number; args: string }[] = [];
  const walk = (parent: number) => {
    for (const row of table)
      if (row.ppid === parent) {
        found.push({ pid: row.pid, args: row.args });
        walk(row.pid);
      }
  };
  walk(pid);
  return found.filter((row) => !/\/esbuild --service=/.test(row.args));
}

const anyProcessWithMarker = () =>
  execFileSync('ps', ['-eo', 'args='], { encoding: 'utf8' })
    .split('\n')
    .some((line) => line.includes(MARKER) && !line.includes('vitest'));

const everything = stdioServers.everything();
const page = () => ({ origin, 'content-type': 'application/json', accept: 'application/json, text/event-stream' });

beforeAll(async () => {
  toolscope = await startToolscopeCli(['--', ...everything]);
  origin = toolscope.origin.replace(/\/$/, '');
  host = new URL(origin).host;
  const session = await raw('GET', '/proxy/session', { origin });
  token = (JSON.parse(session.body) as { stdio: { token: string } }).stdio.token;
}, 90_000);

afterAll(async () => {
  await toolscope?.stop();
});

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'security-test', version: '1' } },
});

describe('the stdio bridge over raw HTTP', () => {
  it('runs exactly the terminal’s command, and answers its own page with the token', async () => {
    const children = descendants(toolscope.pid);
    expect(children).toHaveLength(1);
    expect(children[0]?.args).toBe(everything.join(' '));
    const answer = await raw('POST', '/stdio/mcp', { ...page(), 'x-toolscope-stdio-token': token }, initialize);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('"serverInfo"');
    // The token is never in the page's HTML.
    const html = await raw('GET', '/', {});
    expect(html.status).toBe(200);
    expect(html.body).not.toContain(token);
  });

  it('refuses a caller without the token, with a wrong one, or with it in the URL', async () => {
    for (const [path, headers] of [
      ['/stdio/mcp', page()],
      ['/stdio/mcp', { ...page(), 'x-toolscope-stdio-token': `${token}x` }],
      [`/stdio/mcp?token=${token}`, page()],
      [`/stdio/restart?x-toolscope-stdio-token=${token}`, page()],
      ['/stdio/stop', page()],
    ] as const) {
      const answer = await raw('POST', path, headers, initialize);
      expect(answer.status, path).toBe(401);
      expect(answer.body).toContain('bad_token');
    }
    expect((await raw('GET', '/stdio/events', { origin })).status).toBe(401);
  });

  it('refuses a foreign page and a rebinding Host, even with the token', async () => {
    const withToken = { 'content-type': 'application/json', 'x-toolscope-stdio-token': token };
    const foreign = await raw('POST', '/stdio/mcp', { ...withToken, origin: 'http://evil.example' }, initialize);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toContain('origin_not_allowed');
    const crossSite = await raw('POST', '/stdio/restart', { ...withToken, 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const port = new URL(origin).port;
    const rebound = await raw(
      'POST',
      '/stdio/mcp',
      { ...withToken, host: `evil.example:${port}`, origin: `http://evil.example:${port}` },
      initialize,
    );
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain('host_not_allowed');
    const handout = await raw('GET', '/proxy/session', { host: `evil.example:${port}`, origin: `http://evil.example:${port}` });
    expect(handout.status).toBe(403);
    expect(handout.body).not.toContain(token);
  });

  it('no route spawns what a request names: command, args, env and cwd go nowhere', async () => {
    const before = descendants(toolscope.pid);
    const hostile = {
      command: process.execPath,
      args: ['-e', `setTimeout(() => {}, 60000) // ${MARKER}`],
      env: { NODE_OPTIONS: `--require /tmp/${MARKER}.js`, [MARKER]: '1' },
      cwd: `/tmp/${MARKER}`,
      server: MARKER,
      config: `/tmp/${MARKER}.json`,
    };
    const body = JSON.stringify(hostile);
    const rpc = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'spawn', arguments: hostile, ...hostile } });
    const query = `?${new URLSearchParams({ command: hostile.command, args: hostile.args.join(' '), cwd: hostile.cwd, server: MARKER })}`;
    const withToken = { ...page(), 'x-toolscope-stdio-token': token };
    const routes = [
      '/stdio/mcp',
      '/stdio/events',
      '/stdio/restart',
      '/stdio/stop',
      '/stdio/start',
      '/stdio/spawn',
      '/proxy',
      '/proxy/session',
      '/proxy/diagnose',
      '/mcp',
      '/',
    ];
    for (const route of routes)
      for (const method of ['POST', 'PUT', 'GET'])
        for (const payload of [body, rpc]) await raw(method, `${route}${query}`, withToken, method === 'GET' ? undefined : payload);

    // /stdio/stop and /stdio/restart did what they do, to the terminal's command only: start it
    // again and compare the whole process tree.
    await raw('POST', '/stdio/restart', withToken, body);
    const after = descendants(toolscope.pid);
    expect(anyProcessWithMarker()).toBe(false);
    expect(after.map((child) => child.args)).toEqual(before.map((child) => child.args));
    expect(after.map((child) => child.args)).toEqual([everything.join(' ')]);
    expect(after[0]?.pid).not.toBe(before[0]?.pid);
    // Its environment is the launch's, not the request's.
    const environ = execFileSync('cat', [`/proc/${after[0]?.pid}/environ`], { encoding: 'utf8' });
    expect(environ).not.toContain(MARKER);
  }, 60_000);
});
