// A small MCP Registry for tests, without the internet: the three GET routes of the registry's read
// API (/v0.1/servers with search, version=latest, limit and cursor; /v0.1/servers/{name}/versions;
// /v0.1/servers/{name}/versions/{version}), CORS for any origin as the official one sends, fed by
// the registry's published seed data and examples (server/testing/registry/) plus what a test adds.
// Its answers are held to the registry's OpenAPI description in registry.test.ts.
// Two more bases imitate registries that fail: /broken answers 500, /html answers a web page.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerDetail } from '../../src/registry/serverJson.ts';

const DATA = new URL('./registry/', import.meta.url);

export interface TestEntry {
  server: ServerDetail;
  status?: 'active' | 'deprecated' | 'deleted';
  statusMessage?: string;
}

/** The registry's seed slice and its valid examples, as entries. */
export function publishedEntries(): TestEntry[] {
  const seed = JSON.parse(readFileSync(new URL('seed.json', DATA), 'utf8')) as ServerDetail[];
  const examples = readdirSync(new URL('examples/valid/', DATA)).map(
    (file) => JSON.parse(readFileSync(new URL(`examples/valid/${file}`, DATA), 'utf8')) as ServerDetail,
  );
  return [...seed, ...examples].map((server) => ({ server }));
}

const compareVersions = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

interface Stored {
  server: ServerDetail;
  meta: { status: string; statusMessage?: string; publishedAt: string; updatedAt: string; isLatest: boolean };
}

function store(entries: readonly TestEntry[]): Stored[] {
  const published = Date.parse('2025-12-11T00:00:00Z');
  const stored = entries.map((entry, index): Stored => {
    const at = new Date(published + index * 60_000).toISOString();
    return {
      server: entry.server,
      meta: {
        status: entry.status ?? 'active',
        ...(entry.statusMessage ? { statusMessage: entry.statusMessage } : {}),
        publishedAt: at,
        updatedAt: at,
        isLatest: false,
      },
    };
  });
  for (const item of stored) {
    const newest = stored
      .filter((other) => other.server.name === item.server.name)
      .sort((a, b) => compareVersions(b.server.version, a.server.version))[0];
    item.meta.isLatest = newest === item;
  }
  return stored.sort((a, b) => a.server.name.localeCompare(b.server.name) || compareVersions(a.server.version, b.server.version));
}

const answer = (item: Stored) => ({ server: item.server, _meta: { 'io.modelcontextprotocol.registry/official': item.meta } });

export interface RunningRegistry {
  /** The base URL (`http://127.0.0.1:PORT`). */
  url: string;
  /** A base whose every answer is HTTP 500. */
  brokenUrl: string;
  /** A base that answers a web page. */
  htmlUrl: string;
  stop: () => Promise<void>;
}

export async function startTestRegistry(extra: readonly TestEntry[] = []): Promise<RunningRegistry> {
  const items = store([...publishedEntries(), ...extra]);
  const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json') => {
    res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://registry.test');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
        'access-control-allow-methods': 'GET',
      });
      return res.end();
    }
    if (url.pathname.startsWith('/broken/')) return send(res, 500, { error: 'Internal server error' });
    if (url.pathname.startsWith('/html/'))
      return send(res, 200, '<!doctype html><title>Not a registry</title><h1>Welcome</h1>', 'text/html');
    if (req.method !== 'GET') return send(res, 405, { error: 'Method not allowed' });
    if (url.pathname === '/v0.1/servers') {
      const search = url.searchParams.get('search')?.toLowerCase();
      const version = url.searchParams.get('version');
      const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 30) || 30, 1), 100);
      const cursor = url.searchParams.get('cursor');
      let matching = items.filter((item) => item.meta.status !== 'deleted');
      if (search) matching = matching.filter((item) => item.server.name.toLowerCase().includes(search));
      if (version === 'latest') matching = matching.filter((item) => item.meta.isLatest);
      else if (version) matching = matching.filter((item) => item.server.version === version);
      // The cursor is opaque to clients: here, the last entry's name and version.
      const start = cursor ? matching.findIndex((item) => `${item.server.name}:${item.server.version}` === cursor) + 1 : 0;
      if (cursor && start === 0) return send(res, 400, { error: 'Invalid cursor' });
      const page = matching.slice(start, start + limit);
      const last = page.at(-1);
      const more = start + limit < matching.length;
      return send(res, 200, {
        servers: page.map(answer),
        metadata: { count: page.length, ...(more && last ? { nextCursor: `${last.server.name}:${last.server.version}` } : {}) },
      });
    }
    const match = /^\/v0\.1\/servers\/([^/]+)\/versions(?:\/([^/]+))?$/.exec(url.pathname);
    if (match) {
      const name = decodeURIComponent(match[1] ?? '');
      const versions = items
        .filter((item) => item.server.name === name && item.meta.status !== 'deleted')
        .sort((a, b) => b.meta.publishedAt.localeCompare(a.meta.publishedAt));
      if (!versions.length) return send(res, 404, { error: 'Server not found' });
      if (match[2] === undefined) return send(res, 200, { servers: versions.map(answer), metadata: { count: versions.length } });
      const wanted = decodeURIComponent(match[2]);
      const found =
        wanted === 'latest' ? versions.find((item) => item.meta.isLatest) : versions.find((item) => item.server.version === wanted);
      return found ? send(res, 200, answer(found)) : send(res, 404, { error: 'Server not found' });
    }
    return send(res, 404, { error: 'Not found' });
  };
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const timer = setTimeout(() => server.close(), 60 * 60_000);
  timer.unref();
  return {
    url,
    brokenUrl: `${url}/broken`,
    htmlUrl: `${url}/html`,
    stop: async () => {
      clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** server-everything as the registry would list it (an npm package, `stdio` as its argument). */
export const everythingEntry: TestEntry = {
  server: {
    $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
    name: 'io.github.modelcontextprotocol/server-everything',
    title: 'Everything',
    description: 'MCP server that exercises all the features of the MCP protocol',
    version: '2026.8.31',
    repository: { url: 'https://github.com/modelcontextprotocol/servers', source: 'github', subfolder: 'src/everything' },
    packages: [
      {
        registryType: 'npm',
        identifier: '@modelcontextprotocol/server-everything',
        version: '2026.8.31',
        runtimeHint: 'npx',
        transport: { type: 'stdio' },
        packageArguments: [{ type: 'positional', value: 'stdio' }],
      },
    ],
  },
};

/** The demo shop as a remote behind a tenant variable and a required secret header, and an entry that moved. */
export function shopEntries(protectedMcpUrl: string): TestEntry[] {
  return [
    {
      server: {
        $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
        name: 'io.github.toolscope/demo-shop',
        title: 'Toolscope demo shop',
        description: 'A small shop: search, baskets, checkout.',
        version: '1.0.0',
        remotes: [
          {
            type: 'streamable-http',
            url: `${protectedMcpUrl}?tenant={tenant}`,
            variables: { tenant: { description: 'Your shop’s tenant id', isRequired: true } },
            headers: [{ name: 'X-API-Key', description: 'The shop’s API key', isRequired: true, isSecret: true }],
          },
        ],
      },
    },
    {
      server: {
        name: 'io.github.toolscope/old-shop',
        description: 'The shop before it moved.',
        version: '0.9.0',
        remotes: [{ type: 'sse', url: 'https://old-shop.example/sse' }],
      },
      status: 'deprecated',
      statusMessage: 'Moved to io.github.toolscope/demo-shop',
    },
  ];
}
