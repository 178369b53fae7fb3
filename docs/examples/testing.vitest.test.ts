// An author's own test of their server with Vitest and toolscope/testing
// (docs/test.md#your-own-tests-toolscopetesting): `await using` closes the server when the block
// ends. Run: SERVER_URL=http://127.0.0.1:3000/mcp npx vitest run
// (a stdio server: openServer(['node', 'build/index.js']) starts it for the test and stops it after).
// Written for Toolscope's demo shop; the package's tests run this very file against the demo.
import { expect, test } from 'vitest';
import { openServer } from 'toolscope/testing';

const url = process.env.SERVER_URL ?? 'http://127.0.0.1:3000/mcp';

test('search finds the USB cable, in both eras', async () => {
  for (const era of ['legacy', '2026-07-28'] as const) {
    await using server = await openServer(url, { era });
    expect(server.server.protocolVersion).toBe(era === 'legacy' ? '2025-11-25' : era);
    const found = await server.call('search_catalog', { query: 'usb cable' });
    expect(found.outcome, found.message).toBe('ok');
    expect(found.structuredContent).toMatchObject({ products: [{ id: process.env.EXPECTED_ID ?? 'prd_cab_001' }] });
    expect(found.ms).toBeLessThan(2000);
  }
});

test('every tool that only reads says so', async () => {
  await using server = await openServer(url);
  const readers = (await server.listTools()).filter((tool) => tool.annotations.readOnlyHint === true);
  expect(readers.map((tool) => tool.name)).toContain('search_catalog');
});
