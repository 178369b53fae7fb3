// A 2026-07-28 server whose answers break the spec's schema in the ways real servers do: one
// good tool beside one that breaks several rules, no resultType, a numeric cursor; a call result
// with an unknown block type, a priority out of range and a string isError, streamed as SSE.
// Also the 2026 `x-mcp-header` rule: `routed` declares two headers (its call echoes the
// `Mcp-Param-*` headers it got), `bad_header` declares one on an object (not callable).
import { startRaw2026Server } from './raw2026.ts';

export const startBroken2026Server = () =>
  startRaw2026Server((method, params, headers) => {
    if (method === 'tools/list') {
      return {
        result: {
          tools: [
            { name: 'good', description: 'Works as the spec says.', inputSchema: { type: 'object', additionalProperties: false } },
            {
              name: 'bad',
              description: 'Breaks the schema.',
              inputSchema: { type: 'string' },
              outputSchema: null,
              annotations: { readOnlyHint: 'yes' },
              icons: [{ src: 'https://example.com/icon.png', theme: 'sepia' }],
            },
            {
              // A draft-04 schema (boolean exclusiveMinimum): no validator for today's dialects compiles it.
              name: 'legacy_schema',
              description: 'Takes a positive number, declared in draft-04.',
              inputSchema: {
                $schema: 'http://json-schema.org/draft-04/schema#',
                type: 'object',
                properties: { amount: { type: 'number', minimum: 0, exclusiveMinimum: true } },
              },
              annotations: { readOnlyHint: true },
            },
            {
              name: 'routed',
              description: 'Echoes the Mcp-Param headers it received.',
              inputSchema: {
                type: 'object',
                properties: {
                  region: { type: 'string', 'x-mcp-header': 'Region' },
                  priority: { type: 'integer', 'x-mcp-header': 'Priority' },
                  note: { type: 'string' },
                },
              },
              annotations: { readOnlyHint: true },
            },
            {
              name: 'bad_header',
              description: 'Declares x-mcp-header on an object property.',
              inputSchema: { type: 'object', properties: { filter: { type: 'object', 'x-mcp-header': 'Filter' } } },
              annotations: { readOnlyHint: true },
            },
          ],
          nextCursor: 2,
          ttlMs: 5000,
          cacheScope: 'public',
        },
      };
    }
    if (method === 'tools/call' && params.name === 'routed') {
      const mirrored = Object.entries(headers)
        .filter(([name]) => name.startsWith('mcp-param-'))
        .map(([name, value]) => `${name}: ${String(value)}`)
        .sort();
      return { result: { resultType: 'complete', content: [{ type: 'text', text: mirrored.join('\n') || '(no Mcp-Param headers)' }] } };
    }
    if (method === 'tools/call') {
      return {
        sse: true,
        result: {
          resultType: 'complete',
          content: [
            { type: 'video', url: 'https://example.com/v.mp4' },
            { type: 'text', text: 'still here', annotations: { priority: 1.5 } },
          ],
          isError: 'true',
        },
      };
    }
    return undefined;
  });
