// A 2026-07-28 server that breaks the spec's schema: Toolscope shows what is valid and names
// what is not, where the SDK alone would reject the whole list or the whole result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBroken2026Server } from '../../server/testing/broken2026.ts';
import { startRaw2026Server } from '../../server/testing/raw2026.ts';
import type { RunningServer } from '../../server/testing/testServers.ts';
import { McpConnection } from './connection.ts';
import { failureOf } from './errors.ts';
import { resultShapeFindings } from './resultFindings.ts';

describe('a malformed 2026-07-28 server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startBroken2026Server();
  });
  afterAll(() => server.stop());

  it('lists every tool and names each broken field (the SDK alone rejects the page)', async () => {
    const connection = await McpConnection.connect({ url: server.url });
    expect(connection.era).toBe('modern');
    const page = await connection.listToolsPage();
    expect(page.tools.map((tool) => tool.name)).toEqual(['good', 'bad', 'legacy_schema', 'routed', 'bad_header']);
    expect(page.tools[0]?.findings).toEqual([]);
    const bad = page.tools[1];
    expect(bad?.findings).toEqual(
      expect.arrayContaining([
        expect.stringContaining('inputSchema.type is "string"'),
        expect.stringContaining('outputSchema is null'),
        expect.stringContaining('annotations.readOnlyHint is "yes"'),
        expect.stringContaining('icons[0].theme: "sepia"'),
      ]),
    );
    expect(bad?.annotations.readOnlyHint).toBeUndefined();
    expect(page.findings).toEqual(
      expect.arrayContaining([expect.stringContaining('no resultType'), expect.stringContaining('nextCursor is 2, not a string')]),
    );
    expect(page.nextCursor).toBeUndefined();
    expect(page.ttlMs).toBe(5000);
    await connection.close();
  });

  it('keeps a result with an unknown block and a string isError, over an SSE stream split mid-event', async () => {
    const connection = await McpConnection.connect({ url: server.url });
    const result = await connection.callTool('good', {});
    expect(result.content.map((block) => block.type)).toEqual(['unknown', 'text']);
    expect(result.content[1]).toMatchObject({ text: 'still here' });
    expect(result.isError).toBe(false);
    expect(resultShapeFindings(result)).toEqual([
      expect.stringContaining('isError is "true", not a boolean'),
      expect.stringContaining('content[1].annotations.priority is 1.5'),
    ]);
    await connection.close();
  });

  it('sends x-mcp-header properties as Mcp-Param headers, encoded, and refuses a tool whose declaration is invalid', async () => {
    const connection = await McpConnection.connect({ url: server.url });
    const page = await connection.listToolsPage();
    const routed = page.tools.find((tool) => tool.name === 'routed');
    const badHeader = page.tools.find((tool) => tool.name === 'bad_header');
    expect(routed?.paramHeaders?.map((header) => header.name)).toEqual(['Region', 'Priority']);
    expect(badHeader?.unusable).toMatch(/filter: x-mcp-header is allowed only on string, integer or boolean properties/);
    expect(badHeader?.findings).toContain(badHeader?.unusable);
    if (!routed || !badHeader) throw new Error('tools missing');

    const result = await connection.callTool(routed, { region: 'eu-west', priority: 3, note: 'not mirrored' });
    expect(result.content[0]).toMatchObject({ text: 'mcp-param-priority: 3\nmcp-param-region: eu-west' });
    // Non-ASCII and surrounding spaces travel as Base64 of the UTF-8 bytes; an absent value sends nothing.
    const encoded = await connection.callTool(routed, { region: ' Zürich ' });
    expect(encoded.content[0]).toMatchObject({ text: `mcp-param-region: =?base64?${Buffer.from(' Zürich ').toString('base64')}?=` });
    await expect(connection.callTool(badHeader, { filter: {} })).rejects.toThrow(/Not callable/);
    await connection.close();
  });
});

describe('2026 results the SDK cannot accept', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startRaw2026Server((method) => {
      if (method === 'tools/call') return { result: { resultType: 'input_required', inputRequests: 5 } };
      if (method === 'resources/read')
        return {
          result: {
            resultType: 'complete',
            contents: [
              { uri: 5, text: 'no uri' },
              { uri: 'file:///ok', text: 'kept' },
            ],
          },
        };
      return undefined;
    });
  });
  afterAll(() => server.stop());

  it('reads a resource leniently: the valid entry is kept', async () => {
    const connection = await McpConnection.connect({ url: server.url });
    expect(await connection.readResource('file:///ok')).toEqual([expect.objectContaining({ uri: 'file:///ok', text: 'kept' })]);
    await connection.close();
  });

  it('names a schema violation as such, never as "not an MCP endpoint"', async () => {
    const connection = await McpConnection.connect({ url: server.url });
    const failure = await connection.callTool('x', {}).then(
      () => undefined,
      (error: unknown) => failureOf(error),
    );
    expect(failure).toMatchObject({ kind: 'schema', method: 'tools/call' });
    expect(failure?.message).toMatch(/^The server's tools\/call result breaks the 2026-07-28 schema: /);
    expect(failure?.message).not.toMatch(/MCP endpoint/);
    await connection.close();
  });
});
