// A loopback 2026-07-28 server for the benchmark: N tools in pages of P (prebuilt, so the server
// costs next to nothing and the client's own time shows), and big results on demand:
// `big_text` (size_mb of text), `big_structured` (size_mb of structuredContent), `ping` (tiny).
// Run alone (a free loopback port, stops after 30 min): SCALE_TOOLS=10000 SCALE_PAGE=100 npx tsx server/testing/scale.ts
import { pathToFileURL } from 'node:url';
import { startRaw2026Server } from './raw2026.ts';

export interface ScaleOptions {
  tools: number;
  pageSize: number;
}

function tool(index: number) {
  const id = String(index).padStart(5, '0');
  return {
    name: `tool_${id}`,
    title: `Tool ${id}`,
    description: `Generated tool ${id} for scale tests: looks up record ${id} in the catalogue and returns it.`,
    inputSchema: {
      type: 'object',
      properties: { id: { type: 'string', description: 'The record id.' }, limit: { type: 'integer', minimum: 1, maximum: 100 } },
      required: ['id'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  };
}

const special = [
  {
    name: 'ping',
    description: 'Answers "pong" at once: the smallest possible call.',
    inputSchema: { type: 'object', additionalProperties: false },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'big_text',
    description: 'Returns size_mb megabytes of text in one block.',
    inputSchema: { type: 'object', properties: { size_mb: { type: 'number', minimum: 0, maximum: 50 } }, additionalProperties: false },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: 'big_structured',
    description: 'Returns about size_mb megabytes of structuredContent (an array of records).',
    inputSchema: { type: 'object', properties: { size_mb: { type: 'number', minimum: 0, maximum: 50 } }, additionalProperties: false },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
];

const line = 'Inventory 2026-12-01 warehouse 07 aisle 12 shelf 3: 128 units of prd_cab_001 counted, 0 damaged.\n';

export function bigText(megabytes: number): string {
  const bytes = Math.round(megabytes * 1024 * 1024);
  return line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes);
}

export function bigStructured(megabytes: number) {
  const record = (index: number) => ({
    id: `rec_${index}`,
    name: `Record ${index}`,
    tags: ['a', 'b', 'c'],
    stock: index % 97,
    price: (index % 1000) / 10,
  });
  const count = Math.round((megabytes * 1024 * 1024) / JSON.stringify(record(100000)).length);
  return { total: count, records: Array.from({ length: count }, (_, index) => record(index)) };
}

export function startScaleServer({ tools, pageSize }: ScaleOptions) {
  const all = [...special, ...Array.from({ length: Math.max(0, tools - special.length) }, (_, index) => tool(index + 1))];
  const pages = Array.from({ length: Math.ceil(all.length / pageSize) }, (_, index) => ({
    resultType: 'complete',
    tools: all.slice(index * pageSize, (index + 1) * pageSize),
    ...(index + 1 < Math.ceil(all.length / pageSize) ? { nextCursor: `p${index + 1}` } : {}),
    ttlMs: 0,
    cacheScope: 'private',
  }));
  return startRaw2026Server((method, params) => {
    if (method === 'tools/list') {
      const index = typeof params.cursor === 'string' ? Number(params.cursor.slice(1)) : 0;
      const page = pages[index];
      return page ? { result: page } : { error: { code: -32602, message: 'Unknown cursor' } };
    }
    if (method !== 'tools/call') return undefined;
    const args = (typeof params.arguments === 'object' && params.arguments !== null ? params.arguments : {}) as Record<string, unknown>;
    const size = typeof args.size_mb === 'number' ? args.size_mb : 1;
    if (params.name === 'big_text') return { result: { resultType: 'complete', content: [{ type: 'text', text: bigText(size) }] } };
    if (params.name === 'big_structured') {
      const structured = bigStructured(size);
      return {
        result: {
          resultType: 'complete',
          content: [{ type: 'text', text: `${structured.total} records (see structuredContent)` }],
          structuredContent: structured,
        },
      };
    }
    return { result: { resultType: 'complete', content: [{ type: 'text', text: 'pong' }] } };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const server = await startScaleServer({
    tools: Number(process.env.SCALE_TOOLS ?? 10_000),
    pageSize: Number(process.env.SCALE_PAGE ?? 100),
  });
  console.log(`scale server: ${server.url}`);
  setTimeout(() => void server.stop(), 30 * 60_000).unref();
  // Started by another process (npm run bench) through a pipe: it ends when that pipe closes.
  if (!process.stdin.isTTY) process.stdin.on('close', () => void server.stop().finally(() => process.exit(0))).resume();
}
