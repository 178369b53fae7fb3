// The test registry is held to the registry's OpenAPI description (its answers validate against the
// response schemas shipped beside it), and the page's registry client is run against it.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAjv } from '../../src/schema/ajvSetup.ts';
import { RegistryError, registryBase, searchServers, serverVersions } from '../../src/registry/registryApi.ts';
import { startTestRegistry, type RunningRegistry } from './registry.ts';

const answers = JSON.parse(readFileSync(new URL('./registry/answers.schema.json', import.meta.url), 'utf8')) as object;
let registry: RunningRegistry;
beforeAll(async () => {
  registry = await startTestRegistry([
    {
      server: {
        name: 'io.github.example/old-thing',
        description: 'Replaced.',
        version: '0.9.0',
        remotes: [{ type: 'streamable-http', url: 'https://old.example/mcp' }],
      },
      status: 'deprecated',
      statusMessage: 'Use io.github.example/new-thing',
    },
  ]);
});
afterAll(() => registry.stop());

describe('the test registry', () => {
  it('answers every route as the OpenAPI description says', async () => {
    const check = createAjv('draft-07').compile(answers);
    for (const path of [
      '/v0.1/servers',
      '/v0.1/servers?version=latest&limit=2',
      '/v0.1/servers?search=time',
      '/v0.1/servers/io.github.domdomegg%2Fairtable-mcp-server/versions',
    ]) {
      const body: unknown = await (await fetch(`${registry.url}${path}`)).json();
      expect(check(body), `${path}: ${JSON.stringify(check.errors)}`).toBe(true);
    }
  });

  it('the client pages by cursor through every latest version, searches by name, lists versions newest first', async () => {
    const names: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const result = await searchServers(registry.url, { limit: 2, cursor });
      names.push(...result.entries.map((entry) => entry.server.name));
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    expect(names).toHaveLength(new Set(names).size);
    expect(names).toContain('io.github.domdomegg/airtable-mcp-server');
    expect(names).toHaveLength(8); // 5 seed names (airtable twice: one latest), 3 examples, 1 deprecated — minus the older airtable
    const found = await searchServers(registry.url, { search: 'TIME' });
    expect(found.entries.map((entry) => entry.server.name)).toEqual([
      'io.github.domdomegg/time-mcp-nuget',
      'io.github.domdomegg/time-mcp-pypi',
    ]);
    const versions = await serverVersions(registry.url, 'io.github.domdomegg/airtable-mcp-server');
    expect(versions.entries.map((entry) => entry.server.version)).toEqual(['1.7.3', '1.7.2']);
    const old = await searchServers(registry.url, { search: 'old-thing' });
    expect(old.entries[0]).toMatchObject({ status: 'deprecated', statusMessage: 'Use io.github.example/new-thing' });
  });

  it('a registry that fails, answers HTML or something else: a clear message', async () => {
    await expect(searchServers(registry.brokenUrl)).rejects.toThrow(/answered HTTP 500: Internal server error/);
    await expect(searchServers(registry.htmlUrl)).rejects.toThrow(
      /answered HTML that is not JSON \(text\/html\) — is http:\/\/127\.0\.0\.1:\d+ an MCP registry\?/,
    );
    await expect(serverVersions(registry.url, 'io.github.nobody/none')).rejects.toThrow(/HTTP 404: Server not found/);
    await expect(searchServers('http://127.0.0.1:1')).rejects.toThrow(RegistryError);
    const odd = await searchServers(registry.url, {
      fetcher: () =>
        Promise.resolve(new Response(JSON.stringify({ servers: [{ server: { name: 'a/b', version: '1' } }, 42, { nope: 1 }] }))),
    });
    expect(odd).toMatchObject({ malformed: 2, entries: [{ server: { name: 'a/b' } }] });
    // Fields of the wrong type (a registry that is not careful) are left out of what the page reads.
    const hostile = await searchServers(registry.url, {
      fetcher: () =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              servers: [
                {
                  server: {
                    name: 'a/b',
                    version: '1',
                    title: 42,
                    description: ['x'],
                    repository: { url: 7 },
                    remotes: [
                      { type: 'streamable-http', url: 5 },
                      { type: 'streamable-http', url: 'https://ok.example/mcp', headers: [{ name: 'K', isSecret: 'yes' }] },
                    ],
                    packages: [
                      { registryType: 'npm', identifier: 'x' },
                      {
                        registryType: 'npm',
                        identifier: 'y',
                        transport: { type: 'stdio' },
                        packageArguments: [7, { type: 'positional', value: 3 }],
                      },
                    ],
                  },
                },
              ],
            }),
          ),
        ),
    });
    const [entry] = hostile.entries;
    expect(entry?.server).toMatchObject({ title: undefined, description: '', repository: undefined });
    expect(entry?.server.remotes).toEqual([
      { type: 'streamable-http', url: 'https://ok.example/mcp', headers: [{ name: 'K' }], variables: undefined },
    ]);
    expect(entry?.server.packages?.map((pkg) => [pkg.identifier, pkg.packageArguments])).toEqual([['y', [{ type: 'positional' }]]]);
    expect(entry?.raw).toMatchObject({ title: 42 });
    await expect(searchServers(registry.url, { fetcher: () => Promise.resolve(new Response('{"items": []}')) })).rejects.toThrow(
      /no "servers" list/,
    );
  });

  it('an answer that never ends is read through a byte cap: stopped past 8 MB, never held whole', async () => {
    // A registry that streams JSON without end (over real HTTP, loopback).
    const { createServer } = await import('node:http');
    let sent = 0;
    const endless = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"servers": [');
      const chunk = `${'{"server":{"name":"x/y","description":"d","version":"1.0.0"}},'.repeat(1000)}`;
      const more = () => {
        while (sent < 200_000_000 && response.write(chunk)) sent += chunk.length;
        if (sent < 200_000_000) response.once('drain', more);
      };
      more();
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    const address = endless.address();
    try {
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      await expect(searchServers(base)).rejects.toThrow(/over 8 MB; not read/);
      // It stopped reading: far less than the 200 MB the server would send went out.
      expect(sent).toBeLessThan(40_000_000);
    } finally {
      endless.closeAllConnections();
      await new Promise((resolve) => endless.close(resolve));
    }
  });

  it('the base URL is the bare base, whatever was pasted', () => {
    expect(registryBase('https://registry.modelcontextprotocol.io/')).toBe('https://registry.modelcontextprotocol.io');
    expect(registryBase('https://example.com/sub/v0.1/servers')).toBe('https://example.com/sub');
    expect(() => registryBase('javascript:alert(1)')).toThrow(/not http\(s\)/);
    expect(() => registryBase('registry')).toThrow(/not a URL/);
  });
});
