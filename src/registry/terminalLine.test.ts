import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Package, ServerDetail } from './serverJson.ts';
import { packageLine, shellQuote } from './terminalLine.ts';

// The registry's seed slice: real entries, one per registry type.
const seed = JSON.parse(readFileSync(new URL('../../server/testing/registry/seed.json', import.meta.url), 'utf8')) as ServerDetail[];
const airtable = seed.find((server) => server.version === '1.7.3')?.packages ?? [];
const pkg = (over: Partial<Package>): Package => ({
  registryType: 'npm',
  identifier: 'demo-server',
  version: '1.0.0',
  transport: { type: 'stdio' },
  ...over,
});

/** What /bin/sh makes of a line: its argv, one per line (printf runs, nothing else does). */
const shellArgv = (line: string) =>
  spawnSync('/bin/sh', ['-c', `set -- ${line}; for a in "$@"; do printf '%s\\0' "$a"; done`], { encoding: 'utf8' })
    .stdout.split('\0')
    .slice(0, -1);

describe('a registry package becomes the line that opens it with Toolscope', () => {
  it('npm: npx -y name@version, the secret a placeholder', () => {
    const line = packageLine(airtable[0]!);
    expect(line.line).toBe("npx toolscope --env 'AIRTABLE_API_KEY=<AIRTABLE_API_KEY>' -- npx -y airtable-mcp-server@1.7.3");
    expect(line.placeholders).toEqual(['AIRTABLE_API_KEY']);
  });

  it('oci: docker run -i --rm, the variable passed into the container by name', () => {
    expect(packageLine(airtable[1]!).line).toBe(
      "npx toolscope --env 'AIRTABLE_API_KEY=<AIRTABLE_API_KEY>' -- docker run -i --rm -e AIRTABLE_API_KEY docker.io/domdomegg/airtable-mcp-server:1.7.3",
    );
  });

  it('mcpb: no line — a bundle is installed into a desktop host; its digest is said', () => {
    const line = packageLine(airtable[2]!);
    expect(line.line).toBeUndefined();
    expect(line.refused).toMatch(/desktop host.*SHA-256 is 0f28a912/);
  });

  it('nuget: dnx name@version --yes; pypi: uvx name@version, and a hint it does not follow is said', () => {
    const nuget = seed.find((server) => server.name.endsWith('time-mcp-nuget'))!.packages![0]!;
    const pypi = seed.find((server) => server.name.endsWith('time-mcp-pypi'))!.packages![0]!;
    expect(packageLine(nuget).line).toBe('npx toolscope -- dnx TimeMcpServer@1.0.8 --yes');
    const python = packageLine(pypi);
    expect(python.line).toBe('npx toolscope -- uvx time-mcp-pypi@1.0.6');
    expect(python.notes).toEqual(['The entry hints "python"; this line uses uvx, the runner for pypi packages.']);
  });

  it('arguments: positional values, named --flag=value, a switch, runtime arguments before the package, variables filled', () => {
    const line = packageLine(
      pkg({
        runtimeArguments: [{ type: 'named', name: '--node-options', value: '--max-old-space-size=512' }],
        packageArguments: [
          { type: 'positional', valueHint: 'config_path' },
          { type: 'named', name: '--port', value: '8080' },
          { type: 'named', name: '--read-only' },
          { type: 'named', name: '--region', value: '{region}', variables: { region: { default: 'eu-west-1' } } },
          { type: 'named', name: '--token', isRequired: true, isSecret: true },
          { type: 'named', name: '--log', default: 'info', isRequired: false },
          { type: 'named', name: '--color', description: 'never or auto', choices: ['never', 'auto'] },
        ],
      }),
    );
    expect(line.argv).toEqual([
      'npx',
      'toolscope',
      '--',
      'npx',
      '-y',
      '--node-options=--max-old-space-size=512',
      'demo-server@1.0.0',
      '<config_path>',
      '--port=8080',
      '--read-only',
      '--region=eu-west-1',
      '--token=<token>',
      '--log=info',
    ]);
    expect(line.notes).toEqual(['Optional, left out: color — never or auto']);
    expect(line.placeholders).toEqual(['config_path', 'token']);
  });

  it('hostile values: quoted so that a shell passes them literally, or refused', () => {
    const values = ["it's", 'a b', 'x;rm -rf ~', 'a|b&c', '#not-a-comment', '!!', 'back\\slash', '"dq"', '*glob?', '~', '$HOME', '>out'];
    const line = packageLine(pkg({ packageArguments: values.map((value) => ({ type: 'positional' as const, value })) }));
    expect(line.refused).toBeUndefined();
    // /bin/sh reads the line back into exactly the argv: nothing interpreted, nothing split.
    expect(shellArgv(line.line!)).toEqual(line.argv);
    expect(line.argv!.slice(-values.length)).toEqual(values);
    for (const danger of ['$(id)', '`id`', 'a\nb', 'a\rb', 'bell\u0007']) {
      const refused = packageLine(pkg({ packageArguments: [{ type: 'positional', value: danger }] }));
      expect(refused.line, JSON.stringify(danger)).toBeUndefined();
      expect(refused.refused).toMatch(/which a shell could act on/);
    }
    expect(packageLine(pkg({ environmentVariables: [{ name: 'A;B', value: '1' }] })).refused).toMatch(/not an environment variable name/);
    expect(packageLine(pkg({ identifier: '--registry=https://evil.example' })).refused).toMatch(/not an npm package name/);
    expect(packageLine(pkg({ registryType: 'pypi', identifier: '--index-url=https://evil.example' })).refused).toMatch(
      /not a plain package name/,
    );
    expect(packageLine(pkg({ identifier: 'Evil Name' })).refused).toMatch(/not a plain package name|not an npm package name/);
    expect(packageLine(pkg({ version: '1.0.0 && curl x' })).refused).toMatch(/not a plain version/);
    expect(packageLine(pkg({ packageArguments: [{ type: 'named', name: 'rm' }] })).refused).toMatch(/is not a --flag/);
  });

  it('a placeholder pasted unedited is passed literally (no redirection from < >)', () => {
    const line = packageLine(pkg({ environmentVariables: [{ name: 'KEY', isRequired: true, isSecret: true }] }));
    expect(shellArgv(line.line!)).toContain('KEY=<KEY>');
  });

  it('an unknown type or an HTTP package: no line, and why', () => {
    expect(packageLine(pkg({ registryType: 'cargo' })).refused).toBe('Toolscope does not know how to run a "cargo" package');
    expect(packageLine(pkg({ transport: { type: 'streamable-http', url: 'http://localhost:{port}/mcp' } })).refused).toMatch(
      /start it yourself/,
    );
  });

  it('shellQuote leaves plain words bare and single-quotes the rest', () => {
    expect(shellQuote('@scope/pkg@1.2.3')).toBe('@scope/pkg@1.2.3');
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellQuote('')).toBe("''");
  });
});
