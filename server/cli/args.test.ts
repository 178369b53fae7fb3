import { describe, expect, it } from 'vitest';
import { parseCli, UsageError, USAGE } from './args.ts';

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
      report: { format: 'sarif', output: undefined, bearer: undefined, headers: ['X-A: 1'], active: true, era: undefined },
    });
    expect(parseCli(['report', 'https://example.com/mcp'])).toMatchObject({ kind: 'report', report: { format: 'json' } });
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
      [['--config', 'x.json'], /--config needs --server/],
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
});
