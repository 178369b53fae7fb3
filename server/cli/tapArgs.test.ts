import { describe, expect, it } from 'vitest';
import { UsageError } from './cliOptions.ts';
import { parseCli } from './commandTable.ts';

const refusal = (argv: string[]) => {
  try {
    parseCli(argv);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error(`parseCli(${JSON.stringify(argv)}) did not refuse`);
};

describe('toolscope tap', () => {
  it('over stdio: everything after -- is the server, as given', () => {
    expect(parseCli(['tap', '--out', 'f.jsonl', '--', 'npx', '-y', 'a & b', '--out', 'x'])).toEqual({
      kind: 'tap',
      out: 'f.jsonl',
      page: true,
      compare: false,
      target: { kind: 'stdio', spec: { command: 'npx', args: ['-y', 'a & b', '--out', 'x'], env: [], envFile: undefined, cwd: undefined } },
    });
  });

  it('over HTTP: --listen, the headers and the bearer token added; --no-page, --compare', () => {
    expect(
      parseCli([
        'tap',
        '--out',
        'f',
        '--listen',
        '0',
        '--stop-after',
        '5',
        '--header',
        'X-Key: k1',
        '--bearer',
        't0k3n',
        '--no-page',
        '--compare',
        'http://127.0.0.1:3000/mcp',
      ]),
    ).toEqual({
      kind: 'tap',
      out: 'f',
      page: false,
      compare: true,
      target: {
        kind: 'http',
        url: 'http://127.0.0.1:3000/mcp',
        port: 0,
        stopAfterMs: 5000,
        headers: { 'X-Key': 'k1', Authorization: 'Bearer t0k3n' },
      },
    });
  });

  it('refuses what it cannot do, with a sentence', () => {
    expect(refusal(['tap', '--', 'node', 's.js'])).toMatch(/tap needs --out FILE/);
    expect(refusal(['tap', '--out', 'f', 'http://127.0.0.1:3000/mcp'])).toMatch(/needs --listen PORT/);
    expect(refusal(['tap', '--out', 'f', '--listen', '7000', '--', 'node'])).toMatch(/--listen is for an HTTP server/);
    expect(refusal(['tap', '--out', 'f'])).toMatch(/tap needs a server/);
    expect(refusal(['tap', '--out', 'f', '--port', '1', '--', 'node'])).toMatch(/--port/);
  });
});
