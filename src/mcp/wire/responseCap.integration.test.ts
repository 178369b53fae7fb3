// The cap per answer under every connection (the page's too): a 20 MB tools/list is refused with
// the cap named; a connection given a larger cap (the CLI's --max-mb) reads it (the control). And
// depth: an answer nested 100,000 levels (read by JSON.parse, but a stack overflow for any walk
// after it) is refused with its depth named, and the connection goes on.
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

it('an answer nested 100,000 levels deep is refused with its depth named; the next call works', async () => {
  const deep = await startHugeServer({ deepLevels: 100_000 });
  const connection = await McpConnection.connect({ url: deep.url });
  try {
    const error: unknown = await connection.callTool('deep_answer', {}).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(describeFailure(failureOf(error))).toBe(
      "Refused: the server's message nests more than 1,000 levels deep; Toolscope does not read it.",
    );
    expect((await connection.callTool('long_description', {})).content).toEqual([{ type: 'text', text: 'ok' }]);
  } finally {
    await connection.close();
    await deep.stop();
  }
}, 60_000);
