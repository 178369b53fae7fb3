// The cap per answer under every connection (the page's too): a 20 MB tools/list is refused with
// the cap named; a connection given a larger cap (the CLI's --max-mb) reads it (the control).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHugeServer } from '../../../server/testing/huge.ts';
import type { RunningServer } from '../../../server/testing/testServers.ts';
import { McpConnection } from '../connection.ts';
import { describeFailure, failureOf } from '../errors.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startHugeServer({ fillerTools: 20_000 });
}, 60_000);
afterAll(() => server.stop());

it('a 20 MB tools/list is refused with the cap named; a larger cap reads it', async () => {
  const capped = await McpConnection.connect({ url: server.url });
  try {
    const error: unknown = await capped.listToolsPage().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error, 'the list was read whole').toBeDefined();
    expect(describeFailure(failureOf(error))).toMatch(/passed 16 MB \(the cap per answer\): Toolscope stopped reading it/);
  } finally {
    await capped.close();
  }
  const wide = await McpConnection.connect({ url: server.url, maxResponseBytes: 64 * 1024 * 1024 });
  try {
    expect((await wide.listToolsPage()).tools).toHaveLength(20_001);
  } finally {
    await wide.close();
  }
}, 60_000);
