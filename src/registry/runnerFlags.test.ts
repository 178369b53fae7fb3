import { describe, expect, it } from 'vitest';
import { checkRuntimeArguments } from './runnerFlags.ts';

const refused = (type: string, ...argv: string[]) => checkRuntimeArguments(type, argv).refused;

describe('runtime arguments read as the runner reads them (audit 4, N2)', () => {
  it('npx: any prefix npm expands to a widening flag is refused, and what npm reads it as is said', () => {
    expect(refused('npm', '--regis=http://127.0.0.1:4680/')).toMatch(/--regis \(npx reads it as --registry\)/);
    expect(refused('npm', '--reg=http://127.0.0.1:4680/')).toMatch(/reads it as --registry/);
    expect(refused('npm', '--pack=evil')).toMatch(/reads it as --package/);
    expect(refused('npm', '--node-o=--require=/tmp/x.js')).toMatch(/reads it as --node-options/);
    expect(refused('npm', '--userc', '/tmp/npmrc')).toMatch(/reads it as --userconfig/);
    // Not on the allowlist at all, whatever it would be.
    expect(refused('npm', '--foo=bar')).toMatch(/not one Toolscope lets a registry entry give npx/);
    expect(refused('npm', '-registry=http://x/')).toMatch(/not one Toolscope lets/);
    expect(refused('npm', '--no-yes')).toMatch(/not one Toolscope lets/);
    // A token that is no flag is what npx would run instead of the package.
    expect(refused('npm', 'evil-package')).toMatch(/no flag: npx would take it as the command to run/);
  });

  it('npx: the flags a registry entry may give pass', () => {
    expect(checkRuntimeArguments('npm', ['-y', '--yes', '--silent', '--loglevel=silent', '--loglevel', 'warn'])).toEqual({ warnings: [] });
    expect(refused('npm', '--loglevel=foo')).toMatch(/takes one of silent/);
  });

  it('docker: attached short values, clusters and = forms are read as docker reads them', () => {
    for (const argv of [['-v/:/host'], ['-iv/:/host'], ['-tv/etc:/x'], ['--volume=/:/host'], ['-v', '//etc/../:/h'], ['-v=/:/host']])
      expect(refused('oci', ...argv), argv.join(' ')).toMatch(/the mount -v=|the mount --volume=/);
    expect(refused('oci', '--mount=type=bind,source=/var/run/docker.sock,target=/s')).toMatch(/the mount/);
    expect(refused('oci', '-v', '/home/me/.ssh:/keys')).toMatch(/the mount/);
    expect(refused('oci', '-v', '/home/me:/me')).toMatch(/the mount/);
    expect(refused('oci', '--privileged')).toMatch(/runner flag --privileged would change/);
    expect(refused('oci', '--pid=host')).toMatch(/machine's own namespace/);
    expect(refused('oci', '--net', 'host')).toMatch(/machine's own namespace/);
    expect(refused('oci', '-itP')).toMatch(/not one Toolscope lets a registry entry give docker run/);
    expect(refused('oci', '--entrypoint=/bin/sh')).toMatch(/not one Toolscope lets/);
    expect(refused('oci', 'alpine')).toMatch(/would take it as the image to run/);
  });

  it('docker: the usual runtime arguments pass; a host folder is flagged', () => {
    expect(checkRuntimeArguments('oci', ['-it', '-e', 'LOG=debug', '-p=8080:8080', '--network=bridge', '--rm=true'])).toEqual({
      warnings: [],
    });
    expect(checkRuntimeArguments('oci', ['--mount=type=bind,src=<dir>,dst=/data']).warnings).toEqual([
      'The container is given a folder of this machine: --mount=type=bind,src=<dir>,dst=/data. Check the path before running it.',
    ]);
    expect(checkRuntimeArguments('oci', ['-v/srv/data:/data']).warnings).toHaveLength(1);
  });

  it('uvx and dnx: clusters, attached values and ":" (System.CommandLine) read as theirs', () => {
    expect(checkRuntimeArguments('pypi', ['-qq', '--offline'])).toEqual({ warnings: [] });
    expect(refused('pypi', '-qp3.12')).toMatch(/not one Toolscope lets/);
    expect(refused('pypi', '--index=https://evil.example')).toMatch(/runner flag --index would change/);
    expect(checkRuntimeArguments('nuget', ['--verbosity:quiet', '-v:q'])).toEqual({ warnings: [] });
    expect(refused('nuget', '--source:https://evil.example')).toMatch(/runner flag --source would change/);
    expect(refused('nuget', '--add-source', 'https://evil.example')).toMatch(/runner flag --add-source would change/);
  });
});
