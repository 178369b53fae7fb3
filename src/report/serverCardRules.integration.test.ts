// The Server Card check (SEP-2127's extension, modelcontextprotocol/experimental-ext-server-card):
// its published example cards against the vendored v1 schema, the demo's card (it agrees), a card
// that disagrees, one without CORS, one found through the origin's catalog, and no card at all.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, startEverything, type RunningServer } from '../../server/testing/testServers.ts';
import { McpConnection } from '../mcp/connection.ts';
import { CARD_SCHEMA, CORS_PASSED, checkServerCard, readServerCard } from '../registry/serverCard.ts';
import { gatherServerCard } from './collect.ts';
import { serverCardFindings } from './serverCardRules.ts';

describe('the v1 schema, on cards like the extension’s published examples (examples/ServerCard)', () => {
  const minimal = { $schema: CARD_SCHEMA, name: 'example-org/minimal', version: '1.0.0', description: 'Smallest valid Server Card.' };
  it('takes the valid ones: minimal, and a templated remote with headers', () => {
    expect(checkServerCard(minimal)).toEqual([]);
    const templated = {
      ...minimal,
      remotes: [
        {
          type: 'streamable-http',
          url: 'https://{tenant}.example.com/mcp',
          headers: [
            { name: 'Authorization', isRequired: true, isSecret: true, value: 'Bearer {token}', variables: { token: { isSecret: true } } },
          ],
          variables: { tenant: { isRequired: true, default: 'default' } },
          supportedProtocolVersions: ['2025-06-18', '2025-11-25'],
        },
      ],
    };
    expect(checkServerCard(templated)).toEqual([]);
  });

  it.each([
    ['bad-name-pattern', { ...minimal, name: 'no-slash-in-name' }, 'name', /reverse-DNS/],
    [
      'date-versioned-schema',
      { ...minimal, $schema: 'https://static.modelcontextprotocol.io/schemas/2025-11-25/server-card.schema.json' },
      '$schema',
      /v1 Server Card schema/,
    ],
    ['missing-name', { $schema: CARD_SCHEMA, version: '1.0.0', description: 'x' }, 'name', /missing/],
    ['missing-schema', { name: 'example-org/no-schema', version: '1.0.0', description: 'x' }, '$schema', /missing/],
    [
      'wrong-schema-name',
      { ...minimal, $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server.schema.json' },
      '$schema',
      /v1 Server Card schema/,
    ],
    ['a version range', { ...minimal, version: '^1.2.3' }, 'version', /range/],
  ])('refuses %s at %s', (_name, card, path, message) => {
    const problems = checkServerCard(card);
    expect(problems.map((problem) => problem.path)).toContain(path);
    expect(problems.find((problem) => problem.path === path)?.message).toMatch(message);
  });
});

describe('a live server and its card', () => {
  let demo: RunningServer;
  let liar: RunningServer;
  let everything: RunningServer;
  let bare: Server;
  let bareUrl: string;
  beforeAll(async () => {
    [demo, liar, everything] = await Promise.all([
      startDemoServer(),
      startDemoServer({
        serverCard: () => ({
          $schema: CARD_SCHEMA,
          name: 'io.github.toolscope/demo-shop',
          version: '9.9.9',
          description: 'Says another version and another address.',
          remotes: [{ type: 'streamable-http', url: 'https://shop.example.com/mcp', supportedProtocolVersions: ['2025-06-18'] }],
        }),
      }),
      startEverything(),
    ]);
    // A card served without CORS, and a catalog that lists it (and one on another origin).
    bare = createServer((request, response) => {
      if (request.url === '/.well-known/mcp/catalog.json') {
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            specVersion: 'draft',
            entries: [{ identifier: 'urn:air:localhost:x', displayName: 'X', type: 'application/mcp-server-card+json', url: '/cards/x' }],
          }),
        );
      } else if (request.url === '/cards/x') {
        response.setHeader('content-type', 'application/mcp-server-card+json');
        response.end(JSON.stringify({ $schema: CARD_SCHEMA, name: 'example-org/x', version: '1.0.0', description: 'x' }));
      } else {
        response.statusCode = 404;
        response.end();
      }
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/mcp`;
  }, 60_000);
  afterAll(async () => {
    await Promise.all([demo.stop(), liar.stop(), everything.stop(), new Promise((resolve) => bare.close(resolve))]);
  });

  it('the demo serves a card at <url>/server-card that agrees with it: found, no finding', async () => {
    const connection = await McpConnection.connect({ url: demo.url });
    const { read, findings } = await gatherServerCard(connection);
    await connection.close();
    expect(read).toMatchObject({ found: true, via: 'server-card', url: `${demo.url}/server-card`, cors: '*' });
    expect(findings).toEqual([]);
  });

  it('a card that says another version, remote and protocol: a finding for each, naming both values', async () => {
    const connection = await McpConnection.connect({ url: liar.url });
    const { findings } = await gatherServerCard(connection);
    await connection.close();
    expect(findings.map((finding) => finding.rule).sort()).toEqual(['server-card-remote', 'server-card-version']);
    expect(findings.find((finding) => finding.rule === 'server-card-version')?.message).toMatch(/9\.9\.9.*0\.1\.0/);
    expect(findings.find((finding) => finding.rule === 'server-card-remote')?.message).toContain('https://shop.example.com/mcp');
  });

  it('a card listed in the origin’s catalog is found there; served without CORS, that is said', async () => {
    const read = await readServerCard(bareUrl, (url, init) => fetch(url, init));
    expect(read).toMatchObject({ found: true, via: 'catalog', url: bareUrl.replace('/mcp', '/cards/x'), cors: undefined });
    const findings = serverCardFindings(read, {
      server: { name: 'x', version: '1.0.0' },
      url: bareUrl,
      stdio: false,
      headerNames: [],
      protocolVersion: '2025-11-25',
    });
    expect(findings.map((finding) => finding.rule)).toEqual(['server-card-cors', 'server-card-remote']);
  });

  it('a card a page read from another origin: its CORS passed (the header is hidden from the page), so no finding', async () => {
    // What a browser hands a page for a cross-origin read CORS allowed: type "cors", and only the
    // safelisted response headers (Access-Control-Allow-Origin is not one).
    const crossOrigin = async (url: string, init?: RequestInit) => {
      const response = await fetch(url, init);
      const seen = new Response(await response.text(), { status: response.status, headers: { 'content-type': 'application/json' } });
      return Object.defineProperty(seen, 'type', { value: 'cors' });
    };
    const read = await readServerCard(demo.url, crossOrigin);
    expect(read).toMatchObject({ found: true, via: 'server-card', cors: CORS_PASSED });
    const served = {
      server: { name: 'toolscope-demo', version: '0.1.0' },
      url: demo.url,
      stdio: false,
      headerNames: [],
      protocolVersion: '2025-11-25',
    };
    expect(serverCardFindings(read, served).map((finding) => finding.rule)).not.toContain('server-card-cors');
  });

  it('nothing answering at all: not found, and each URL said as unreadable (not as “no card there”)', async () => {
    const read = await readServerCard('http://127.0.0.1:1/mcp', (url, init) => fetch(url, init));
    expect(read).toEqual({
      found: false,
      tried: ['http://127.0.0.1:1/mcp/server-card', 'http://127.0.0.1:1/.well-known/mcp/catalog.json'],
      blocked: ['http://127.0.0.1:1/mcp/server-card', 'http://127.0.0.1:1/.well-known/mcp/catalog.json'],
    });
  });

  it('a server without a card: not found, and no finding', async () => {
    const connection = await McpConnection.connect({ url: everything.url });
    const { read, findings } = await gatherServerCard(connection);
    await connection.close();
    expect(read).toEqual({
      found: false,
      tried: [`${everything.url}/server-card`, new URL('/.well-known/mcp/catalog.json', everything.url).href],
    });
    expect(findings).toEqual([]);
  });
});
