import { describe, expect, it } from 'vitest';
import { UsageError } from './cliOptions.ts';
import { USAGE, parseCli } from './commandTable.ts';

function usageError(argv: string[]): string {
  try {
    parseCli(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`parseCli(${JSON.stringify(argv)}) did not refuse`);
}

describe('parseCli', () => {
  it('with nothing, serves the demo', () => {
    expect(parseCli([])).toEqual({ kind: 'serve', target: { kind: 'demo' }, port: undefined, dev: false, watch: undefined });
  });

  it('takes everything after -- as the command, verbatim (options and shell characters included)', () => {
    const parsed = parseCli([
      '--port',
      '0',
      '--env',
      'A=1',
      '--env',
      'B=x=y',
      '--cwd',
      '/tmp',
      '--',
      'node',
      'build/index.js',
      '--port',
      '9',
      '$(rm -rf ~)',
      '--',
    ]);
    expect(parsed).toEqual({
      kind: 'serve',
      port: 0,
      dev: false,
      watch: undefined,
      target: {
        kind: 'stdio',
        spec: {
          command: 'node',
          args: ['build/index.js', '--port', '9', '$(rm -rf ~)', '--'],
          env: [
            ['A', '1'],
            ['B', 'x=y'],
          ],
          envFile: undefined,
          cwd: '/tmp',
        },
      },
    });
  });

  it('opens a URL, an mcpServers entry, or reports on any of them', () => {
    expect(parseCli(['http://127.0.0.1:3000/mcp'])).toMatchObject({
      kind: 'serve',
      target: { kind: 'url', url: 'http://127.0.0.1:3000/mcp' },
    });
    expect(parseCli(['--config', 'mcp.json', '--server', 'files', '--watch', 'src'])).toMatchObject({
      kind: 'serve',
      watch: 'src',
      target: { kind: 'config', file: 'mcp.json', server: 'files' },
    });
    expect(parseCli(['report', '--format', 'sarif', '--active', '--header', 'X-A: 1', '--', 'node', 's.js'])).toEqual({
      kind: 'report',
      target: { kind: 'stdio', spec: { command: 'node', args: ['s.js'], env: [], envFile: undefined, cwd: undefined } },
      report: {
        format: 'sarif',
        confirm: [],
        output: undefined,
        bearer: undefined,
        headers: ['X-A: 1'],
        active: true,
        era: undefined,
        timeoutMs: 30_000,
        maxResponseBytes: 16 * 1024 * 1024,
        lockFail: 'breaking',
      },
    });
    expect(parseCli(['report', 'https://example.com/mcp'])).toMatchObject({ kind: 'report', report: { format: 'json' } });
    // A lockfile to compare with; `lock` writes one (connection options only).
    expect(parseCli(['report', '--lock', 'l.json', '--lock-fail', 'any', 'https://example.com/mcp'])).toMatchObject({
      report: { lock: 'l.json', lockFail: 'any' },
    });
    expect(parseCli(['lock', '--out', 'l.json', '--bearer', 't', 'https://example.com/mcp'])).toMatchObject({
      kind: 'lock',
      out: 'l.json',
      target: { kind: 'url', url: 'https://example.com/mcp' },
      report: { bearer: 't' },
    });
    expect(() => parseCli(['report', '--lock-fail', 'any', 'https://example.com/mcp'])).toThrow('--lock-fail needs --lock FILE');
    expect(() => parseCli(['report', '--out', 'l.json', 'https://example.com/mcp'])).toThrow('--out is a lock option');
    expect(() => parseCli(['lock', '--out', 'l.json', '--active', 'https://example.com/mcp'])).toThrow('--active is not a lock option');
    expect(() => parseCli(['lock', '--out', 'l.json'])).toThrow('lock needs a server');
    // record: each --call with the --args at its place; mock: a file, on a port or stdio.
    expect(
      parseCli([
        'record',
        '--out',
        's.jsonl',
        '--call',
        'a',
        '--args',
        '{"x":1}',
        '--call',
        'b',
        '--allow-destructive',
        '--',
        'node',
        's.js',
      ]),
    ).toMatchObject({
      kind: 'record',
      out: 's.jsonl',
      calls: [
        { tool: 'a', args: { x: 1 } },
        { tool: 'b', args: {} },
      ],
      allowDestructive: true,
      target: { kind: 'stdio', spec: { command: 'node', args: ['s.js'] } },
    });
    expect(() => parseCli(['record', '--out', 's.jsonl', '--args', '{}', 'https://example.com/mcp'])).toThrow('--args without a --call');
    expect(() => parseCli(['record', '--out', 's.jsonl', '--call', 'a', '--args', '[1]', 'https://example.com/mcp'])).toThrow(
      'expected a JSON object',
    );
    // record --listen: a recording proxy on 127.0.0.1 (0: a free port), stopping itself after --stop-after seconds.
    expect(parseCli(['record', '--out', 's.jsonl', '--listen', '0', '--stop-after', '90', 'https://example.com/mcp'])).toMatchObject({
      listen: { port: 0, stopAfterMs: 90_000 },
    });
    expect(parseCli(['record', '--out', 's.jsonl', 'https://example.com/mcp'])).not.toHaveProperty('listen');
    expect(() => parseCli(['record', '--out', 's.jsonl', '--listen', 'x', 'https://example.com/mcp'])).toThrow(
      '--listen x: expected a port',
    );
    expect(() => parseCli(['record', '--out', 's.jsonl', '--stop-after', '9', 'https://example.com/mcp'])).toThrow(
      'give --listen PORT too',
    );
    expect(() => parseCli(['record', '--out', 's.jsonl', '--listen', '0', '--stop-after', '0', 'https://example.com/mcp'])).toThrow(
      '--stop-after 0: expected seconds',
    );
    expect(() => parseCli(['report', '--call', 'a', 'https://example.com/mcp'])).toThrow('unknown option --call');
    expect(parseCli(['mock', 'c.jsonl', '--port', '7000'])).toEqual({ kind: 'mock', file: 'c.jsonl', port: 7000, stdio: false });
    expect(parseCli(['mock', 'c.jsonl', '--stdio'])).toEqual({ kind: 'mock', file: 'c.jsonl', stdio: true });
    expect(parseCli(['mock', 'c.jsonl', '--stop-after', '60'])).toEqual({
      kind: 'mock',
      file: 'c.jsonl',
      stdio: false,
      stopAfterMs: 60_000,
    });
    expect(() => parseCli(['mock'])).toThrow('mock needs a cassette');
    expect(() => parseCli(['mock', 'c.jsonl', '--stdio', '--port', '1'])).toThrow('not both');
    // hosts: a config file, some hosts (default all), json or markdown.
    expect(parseCli(['hosts', '--config', 'mcp.json', '--host', 'cursor', '--format', 'markdown'])).toEqual(
      expect.objectContaining({ kind: 'hosts', file: 'mcp.json', plan: { hosts: ['cursor'], format: 'markdown' } }),
    );
    expect(parseCli(['hosts', '--config', 'mcp.json'])).toEqual(
      expect.objectContaining({
        plan: expect.objectContaining({ hosts: ['vscode', 'claude-code', 'cursor', 'windsurf', 'claude-desktop', 'chatgpt'] }),
      }),
    );
    expect(() => parseCli(['hosts'])).toThrow('hosts needs --config FILE');
    expect(() => parseCli(['hosts', '--config', 'mcp.json', 'https://example.com/mcp'])).toThrow('reads its servers from --config');
    expect(parseCli(['hosts', '--config', 'mcp.json', '--format', 'sarif', '--queries', 'q.json'])).toEqual(
      expect.objectContaining({ plan: expect.objectContaining({ format: 'sarif', queriesFile: 'q.json' }) }),
    );
    expect(() => parseCli(['hosts', '--config', 'mcp.json', '--format', 'html'])).toThrow('use json, markdown, junit, sarif');
    // The page opens a whole config file; every other command one entry of it.
    expect(parseCli(['--config', 'mcp.json'])).toEqual(
      expect.objectContaining({ kind: 'serve', target: { kind: 'config-all', file: 'mcp.json' } }),
    );
    // load: each --args and --weight belongs to the --tool before it.
    expect(parseCli(['load', '--tool', 'a', '--tool', 'b', '--args', '{"x":1}', '--weight', '3', 'https://example.com/mcp'])).toEqual(
      expect.objectContaining({
        kind: 'load',
        load: expect.objectContaining({
          calls: [
            { tool: 'a', args: {}, weight: 1 },
            { tool: 'b', args: { x: 1 }, weight: 3 },
          ],
          requests: 100,
          concurrency: 1,
        }),
      }),
    );
    expect(() => parseCli(['load', '--args', '{}', '--tool', 'a', 'https://example.com/mcp'])).toThrow('--args before any --tool');
    expect(() => parseCli(['load', '--tool', 'a', '--lock', 'l.json', 'https://example.com/mcp'])).toThrow('--lock is not a load option');
    expect(() => parseCli(['load', '--tool', 'a', '--budget', 'b:p95<1s', 'https://example.com/mcp'])).toThrow(
      'b is not a --tool of this run',
    );
    expect(
      parseCli([
        'report',
        '--profile',
        'openai-apps',
        '--confirm',
        'openai-privacy, openai-test-cases',
        '--confirm',
        'openai-auth',
        'https://example.com/mcp',
      ]),
    ).toMatchObject({ report: { profile: 'openai-apps', confirm: ['openai-privacy', 'openai-test-cases', 'openai-auth'] } });
  });

  it('report credentials can come from the environment (out of ps and CI logs); an option wins', () => {
    const env = { TOOLSCOPE_BEARER: 'tok-env', TOOLSCOPE_HEADERS: 'X-Api-Key: from-env\nX-Tenant: acme\n' };
    expect(parseCli(['report', 'https://example.com/mcp'], env)).toMatchObject({
      report: { bearer: 'tok-env', headers: ['X-Api-Key: from-env', 'X-Tenant: acme'] },
    });
    expect(parseCli(['report', '--bearer', 'tok-arg', '--header', 'x-tenant: other', 'https://example.com/mcp'], env)).toMatchObject({
      report: { bearer: 'tok-arg', headers: ['X-Api-Key: from-env', 'x-tenant: other'] },
    });
    // Never read for serving, nor without asking.
    expect(parseCli(['report', 'https://example.com/mcp'])).toMatchObject({ report: { bearer: undefined, headers: [] } });
  });

  it('--timeout and --max-mb take positive numbers', () => {
    expect(parseCli(['report', '--timeout', '2.5', '--max-mb', '1', 'https://example.com/mcp'])).toMatchObject({
      report: { timeoutMs: 2500, maxResponseBytes: 1024 * 1024 },
    });
    expect(() => parseCli(['report', '--timeout', '0', 'https://example.com/mcp'])).toThrow(/--timeout 0: expected a number above 0/);
    expect(() => parseCli(['report', '--max-mb', 'lots', 'https://example.com/mcp'])).toThrow(/--max-mb lots/);
  });

  it('--help wins, and the text lists every mode and the environment rule', () => {
    expect(parseCli(['--help'])).toEqual({ kind: 'help' });
    expect(parseCli(['report', '-h'])).toEqual({ kind: 'help' });
    for (const phrase of ['-- <command>', '--config FILE --server NAME', 'toolscope report', '--env-file', '--watch', 'only PATH, HOME'])
      expect(USAGE).toContain(phrase);
  });

  it('refuses what it cannot mean, in one line', () => {
    const cases: [string[], RegExp][] = [
      [['--frobnicate'], /^unknown option --frobnicate/],
      [['--'], /a command is missing after "--"/],
      [['--port'], /--port needs a value/],
      [['--port', 'x', '--', 'node'], /--port x: expected a port number/],
      [['node', 'build/index.js'], /unexpected argument/],
      [['node'], /"node" is not an http\(s\) URL; to run a command, put it after "--"/],
      [['http://a/mcp', '--', 'node'], /unexpected argument/],
      [['report', '--config', 'x.json'], /--config needs --server/],
      [['render', '--out', 'a.png', '--tool', 't', '--config', 'x.json'], /--config needs --server/],
      [['--config', 'x.json', '--env', 'A=1'], /need --server NAME/],
      [['--server', 'x'], /--server needs --config/],
      [['--config', 'x.json', '--server', 'a', '--', 'node'], /give one server/],
      [['--env', 'A=1'], /are for a stdio server/],
      [['--env', 'NOPE', '--', 'node'], /expected KEY=VALUE/],
      [['--env', '1A=2', '--', 'node'], /expected KEY=VALUE/],
      [['report'], /report needs a server/],
      [['report', '--port', '1', 'http://a/mcp'], /--port is not a report option/],
    ];
    for (const [argv, message] of cases) {
      const text = usageError(argv);
      expect(text, argv.join(' ')).toMatch(message);
      expect(text).not.toContain('\n');
    }
  });

  it('toolscope mcp: its options, and no command or URL of its own', () => {
    expect(parseCli(['mcp'])).toEqual({
      kind: 'mcp',
      mcp: {
        allowDestructive: false,
        allowWrites: false,
        allowSwitch: false,
        allowHosts: [],
        config: undefined,
        timeoutMs: 30_000,
        maxResponseBytes: 16 * 1024 * 1024,
      },
    });
    // The CLI's bounds, for the agent too.
    expect(parseCli(['mcp', '--timeout', '5', '--max-mb', '2'])).toMatchObject({
      mcp: { timeoutMs: 5000, maxResponseBytes: 2 * 1024 * 1024 },
    });
    expect(
      parseCli(['mcp', '--allow-destructive', '--allow-host', 'MCP.Example.com', '--allow-host', '10.0.0.5', '--config', 'c.json']),
    ).toEqual({
      kind: 'mcp',
      mcp: {
        allowDestructive: true,
        allowWrites: false,
        allowSwitch: false,
        allowHosts: ['mcp.example.com', '10.0.0.5'],
        config: 'c.json',
        timeoutMs: 30_000,
        maxResponseBytes: 16 * 1024 * 1024,
      },
    });
    // One entry pinned, or switching allowed — not both; writes on their own flag.
    expect(parseCli(['mcp', '--config', 'c.json', '--server', 'local', '--allow-writes'])).toMatchObject({
      mcp: { server: 'local', allowWrites: true, allowSwitch: false },
    });
    expect(() => parseCli(['mcp', '--server', 'local'])).toThrow(/--server needs --config/);
    expect(() => parseCli(['mcp', '--config', 'c.json', '--server', 'local', '--allow-switch'])).toThrow(/give one/);
    expect(() => parseCli(['mcp', '--', 'node', 'server.js'])).toThrow(/runs no command of its own/);
    expect(() => parseCli(['mcp', 'http://127.0.0.1:3000/mcp'])).toThrow(/unexpected argument/);
    expect(() => parseCli(['mcp', '--allow-host', 'http://example.com'])).toThrow(/without scheme or port/);
    expect(() => parseCli(['mcp', '--port', '3000'])).toThrow(/unknown option --port/);
  });

  it('toolscope render: the tool, the PNG, the log beside it, the profile; the command after -- as given', () => {
    expect(parseCli(['render', '--tool', 'show', '--out', 'out/app.png', '--', 'node', 'server.js', '--stdio'])).toEqual({
      kind: 'render',
      target: { kind: 'stdio', spec: { command: 'node', args: ['server.js', '--stdio'], env: [], envFile: undefined, cwd: undefined } },
      render: {
        tool: 'show',
        args: {},
        out: 'out/app.png',
        log: 'out/app.json',
        profile: 'reference',
        waitMs: 20_000,
        allowAppCalls: false,
      },
    });
    const strict = parseCli([
      'render',
      '--tool',
      't',
      '--out',
      'a',
      '--args',
      '{"n":1}',
      '--profile',
      'strict',
      '--wait',
      '5',
      'http://127.0.0.1:1/mcp',
    ]);
    expect(strict).toMatchObject({ target: { kind: 'url' }, render: { args: { n: 1 }, log: 'a.json', profile: 'strict', waitMs: 5000 } });
    expect(() => parseCli(['render', '--out', 'a.png', '--', 'node'])).toThrow(/render needs --tool NAME/);
    expect(() => parseCli(['render', '--tool', 't', '--', 'node'])).toThrow(/render needs --out FILE/);
    expect(() => parseCli(['render', '--tool', 't', '--out', 'a', '--args', '[1]', '--', 'node'])).toThrow(/expected a JSON object/);
    expect(() => parseCli(['render', '--tool', 't', '--out', 'a', '--args', '{', '--', 'node'])).toThrow(/--args: not JSON/);
    expect(() => parseCli(['render', '--tool', 't', '--out', 'a', '--profile', 'loose', '--', 'node'])).toThrow(/reference or strict/);
    expect(() => parseCli(['render', '--tool', 't', '--out', 'a', '--port', '1', '--', 'node'])).toThrow(/not a render option/);
  });
});
