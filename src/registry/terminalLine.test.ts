import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
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

// Every shell a person may paste into, where this machine has it (.ci/run installs fish and zsh).
const SHELLS = ['/bin/bash', '/bin/dash', '/usr/bin/fish', '/usr/bin/zsh'].filter((shell) => existsSync(shell));
/** What a shell reads a line as: printf, a builtin in all four, prints each word it is given. */
const readBy = (shell: string, line: string) =>
  spawnSync(shell, ['-c', `printf '[%s]\\n' ${line}`], { encoding: 'utf8' })
    .stdout.split('\n')
    .slice(0, -1)
    .map((word) => word.slice(1, -1));

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
        runtimeArguments: [{ type: 'named', name: '--loglevel', value: 'silent' }],
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
      '--loglevel=silent',
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
    const values = [
      "it's",
      'a b',
      'x;rm -rf ~',
      'a|b&c',
      '#not-a-comment',
      '!!',
      '"dq"',
      '*glob?',
      '~',
      '$HOME',
      '>out',
      '%self',
      '=ls',
      '{a,b}',
      "'",
      "a'; echo x; #",
    ];
    const line = packageLine(pkg({ packageArguments: values.map((value) => ({ type: 'positional' as const, value })) }));
    expect(line.refused).toBeUndefined();
    // /bin/sh reads the line back into exactly the argv: nothing interpreted, nothing split.
    expect(shellArgv(line.line!)).toEqual(line.argv);
    expect(line.argv!.slice(-values.length)).toEqual(values);
    for (const shell of SHELLS) expect(readBy(shell, line.line!), shell).toEqual(line.argv);
    for (const danger of [
      '$(id)',
      '`id`',
      'a\nb',
      'a\rb',
      'bell\u0007',
      'back\\slash',
      'bidi\u202Egnp.exe',
      'zero\u200Bwidth',
      'soft\u00ADhyphen',
    ]) {
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

  it("a backslash is refused: fish reads \\' inside single quotes as a quote, and the next value would run", () => {
    // The audit's probe: a value ending in \ and a value holding "; cmd ; #". POSIX quoting is
    // right for bash and dash, and wrong for fish — so such a value never reaches a line.
    const values = ['a\\', '; echo PWNED ; #'];
    const posix = values.map(shellQuote).join(' ');
    expect(readBy('/bin/sh', posix)).toEqual(values);
    // fish runs the echo: its output holds a bare PWNED line, which no quoted word would print.
    if (existsSync('/usr/bin/fish'))
      expect(spawnSync('/usr/bin/fish', ['-c', `printf '[%s]\\n' ${posix}`], { encoding: 'utf8' }).stdout).toMatch(/^PWNED$/m);
    const line = packageLine(pkg({ packageArguments: values.map((value) => ({ type: 'positional' as const, value })) }));
    expect(line.line).toBeUndefined();
    expect(line.refused).toMatch(/a backslash \(fish reads/);
  });

  it('every line reads the same in bash, dash, fish and zsh (each installed here is asked)', () => {
    for (const entry of seed.flatMap((server) => server.packages ?? [])) {
      const line = packageLine(entry);
      if (!line.line) continue;
      for (const shell of SHELLS) expect(readBy(shell, line.line), `${shell}: ${line.line}`).toEqual(line.argv);
    }
    expect(SHELLS.length).toBeGreaterThanOrEqual(2);
  });

  it('runner settings are refused: env that reconfigures the runner, flags that widen what it fetches or what a container sees', () => {
    for (const name of [
      'NODE_OPTIONS',
      'npm_config_registry',
      'NPM_CONFIG_USERCONFIG',
      'DOCKER_HOST',
      'LD_PRELOAD',
      'PATH',
      'PYTHONPATH',
      'UV_INDEX_URL',
    ])
      expect(packageLine(pkg({ environmentVariables: [{ name, value: 'x' }] })).refused, name).toMatch(/reconfigures the runner/);
    expect(packageLine(pkg({ environmentVariables: [{ name: 'PYTHONUNBUFFERED', value: '1' }] })).line).toBeDefined();
    const npx = (name: string, value?: string) =>
      packageLine(pkg({ runtimeArguments: [{ type: 'named', name, ...(value ? { value } : {}) }] }));
    expect(npx('--package', 'evil').refused).toMatch(/runner flag --package/);
    expect(npx('--registry', 'https://evil.example').refused).toMatch(/runner flag --registry/);
    expect(npx('--node-options', '--require=/tmp/x.js').refused).toMatch(/runner flag --node-options/);
    const uvx = (name: string, value: string) =>
      packageLine(pkg({ registryType: 'pypi', runtimeArguments: [{ type: 'named', name, value }] })).refused;
    expect(uvx('--from', 'git+https://evil.example/x')).toMatch(/runner flag --from/);
    expect(uvx('--index', 'https://evil.example')).toMatch(/runner flag --index/);
    const docker = (...runtimeArguments: Package['runtimeArguments'] & object) =>
      packageLine(pkg({ registryType: 'oci', runtimeArguments }));
    expect(docker({ type: 'named', name: '--privileged' }).refused).toMatch(/runner flag --privileged/);
    expect(docker({ type: 'named', name: '-v', value: '/:/host' }).refused).toMatch(/the mount -v=\/:\/host gives the container/);
    expect(docker({ type: 'positional', value: '-v' }, { type: 'positional', value: '/var/run/docker.sock:/s' }).refused).toMatch(/mount/);
    expect(docker({ type: 'named', name: '--network', value: 'host' }).refused).toMatch(/machine's own namespace/);
    expect(docker({ type: 'named', name: '--pid', value: 'host' }).refused).toMatch(/machine's own namespace/);
    // docker's -p publishes a port: not npx's --package.
    expect(docker({ type: 'named', name: '-p', value: '8080:8080' }).line).toBeDefined();
    const mounted = docker({
      type: 'named',
      name: '--mount',
      value: 'type=bind,src={dir},dst=/data',
      variables: { dir: { isRequired: true } },
    });
    expect(mounted.line).toBeDefined();
    expect(mounted.warnings).toEqual([
      'The container is given a folder of this machine: --mount=type=bind,src=<dir>,dst=/data. Check the path before running it.',
    ]);
  });

  it('the line as shown reveals every character outside printable ASCII; the copy keeps them', () => {
    const line = packageLine(
      pkg({
        packageArguments: [
          { type: 'positional', value: 'a\u00A0b' },
          { type: 'positional', value: 'c\u0430t' },
        ],
      }),
    );
    expect(line.line).toContain('a\u00A0b');
    expect(line.revealed).toContain("'a⟨U+00A0⟩b' 'c⟨U+0430⟩t'");
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
