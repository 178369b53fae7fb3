import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_PROBLEMS, checkServerJson, jsonPath } from './serverJson.ts';

// The registry's published examples (server/testing/registry/examples, copied from its repository).
const examples = new URL('../../server/testing/registry/examples/', import.meta.url);
const read = (kind: string, file: string) => readFileSync(new URL(`${kind}/${file}`, examples), 'utf8');
const errors = (text: string) => checkServerJson(text).problems.filter((problem) => problem.severity === 'error');

describe('server.json against the 2025-12-11 schema', () => {
  it.each(readdirSync(new URL('valid/', examples)))('the valid example %s has no problem', (file) => {
    expect(checkServerJson(read('valid', file)).problems).toEqual([]);
  });

  it.each([
    ['bad-name-pattern.json', 'name', /not namespace\/name in reverse-DNS form/],
    ['description-too-long.json', 'description', /^111 characters; at most 100$/],
    ['missing-name.json', 'name', /^missing \(required\)$/],
    ['package-version-latest.json', 'packages[0].version', /specific version, not "latest"/],
    ['positional-argument-missing-value.json', 'packages[0].packageArguments[0]', /needs a valueHint or a value/],
  ])('the invalid example %s is rejected at %s, and only there', (file, path, message) => {
    const found = errors(read('invalid', file));
    expect(found.map((problem) => problem.path)).toEqual([path]);
    expect(found[0]?.message).toMatch(message);
  });

  it('a named argument or a transport is not judged by the branches it is not', () => {
    const found = errors(
      JSON.stringify({
        name: 'io.github.user/x',
        description: 'x',
        version: '1.0.0',
        packages: [
          { registryType: 'npm', identifier: 'x', version: '1.0.0', transport: { type: 'stdio' }, packageArguments: [{ type: 'named' }] },
        ],
        remotes: [{ type: 'streamable-http', url: 'ftp://example.com/mcp' }],
      }),
    );
    expect(found).toEqual([
      { path: 'packages[0].packageArguments[0].name', message: 'missing (required)', severity: 'error' },
      {
        path: 'remotes[0].url',
        message: '"ftp://example.com/mcp" must start with http:// or https:// and contain no spaces',
        severity: 'error',
      },
    ]);
  });

  it('says what the schema cannot: version ranges, an mcpb without its digest, an undeclared URL variable, a missing runtime hint', () => {
    const checked = checkServerJson({
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
      name: 'io.github.user/x',
      description: 'x',
      version: '^1.0.0',
      packages: [
        {
          registryType: 'npm',
          identifier: 'x',
          version: '~2.1',
          transport: { type: 'stdio' },
          runtimeArguments: [{ type: 'positional', value: '-q' }],
        },
        { registryType: 'mcpb', identifier: 'https://example.com/x.mcpb', transport: { type: 'stdio' } },
      ],
      remotes: [{ type: 'sse', url: 'https://{region}.example.com/sse' }],
    });
    expect(checked.problems.map((problem) => `${problem.severity} ${problem.path}: ${problem.message}`)).toEqual([
      'error version: "^1.0.0" is a range; a version must be one version',
      'error packages[0].version: "~2.1" is a range; pin one version',
      'warning packages[0].runtimeHint: missing: runtimeArguments are given, so say which runtime they are for',
      'error packages[1].fileSha256: missing: an mcpb package must give its SHA-256',
      'error remotes[0].url: {region} is not declared in remotes[0].variables',
      'warning remotes[0].type: "sse" is the deprecated HTTP+SSE transport; offer "streamable-http"',
    ]);
  });

  it('not JSON, not an object, an unknown $schema: each said, none thrown', () => {
    expect(checkServerJson('{"name": "a/b",\n}').problems[0]).toMatchObject({ path: '(root)', message: /^not JSON \(line 2\)/ });
    expect(checkServerJson('[1]').problems).toEqual([{ path: '(root)', message: 'must be an object, got an array', severity: 'error' }]);
    const old = checkServerJson({
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-07-09/server.schema.json',
      name: 'a/b',
      description: 'x',
      version: '1',
    });
    expect(old.problems).toEqual([
      expect.objectContaining({ path: '$schema', severity: 'warning', message: expect.stringMatching(/not a schema Toolscope ships/) }),
    ]);
  });

  it('paths read as JSON paths', () => {
    expect(jsonPath('')).toBe('(root)');
    expect(jsonPath('/packages/0/environmentVariables/2/name')).toBe('packages[0].environmentVariables[2].name');
    expect(jsonPath('/_meta/io.modelcontextprotocol.registry~1publisher-provided')).toBe(
      '_meta["io.modelcontextprotocol.registry/publisher-provided"]',
    );
  });

  it('a file of 20,000 broken packages: each list item judged alone (no quadratic pass), problems capped and the rest counted', () => {
    const broken = (count: number) =>
      JSON.stringify({
        name: 'io.github.x/y',
        description: 'd',
        version: '1.0.0',
        packages: Array.from({ length: count }, (_, index) => ({
          registryType: 'npm',
          identifier: `p${index}`,
          version: '1.0.0',
          transport: { type: 'bogus' },
        })),
      });
    const checked = checkServerJson(broken(20_000));
    expect(checked.problems).toHaveLength(MAX_PROBLEMS + 1);
    expect(checked.problems[0]).toMatchObject({ path: '$schema' });
    expect(checked.problems[1]).toMatchObject({
      path: 'packages[0].transport.type',
      message: expect.stringContaining('"bogus" is not one of'),
    });
    expect(checked.problems.at(-1)?.message).toMatch(/^and \d+\+ more problems, not listed/);
    // The same problem for an item alone as for the item among many.
    expect(checkServerJson(broken(1)).problems[1]).toEqual(checked.problems[1]);
  });
});
