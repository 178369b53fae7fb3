// One trust gate (issue 79): the report's active check asks the gate every call asks. A server
// whose tools all write (one "harmless" by its hints, with taskSupport "required" — the task check
// would call it) counts the tools/call requests it receives: under the page's read-only mode the
// active check sends none; under the CLI's gate (the control) it sends some.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRawJsonRpcServer } from '../../server/testing/rawJsonRpc.ts';
import type { RunningServer } from '../../server/testing/testServers.ts';
import { McpConnection } from '../mcp/connection.ts';
import { unsafeIntegers } from '../schema/numbers.ts';
import { validateAgainst } from '../schema/validate.ts';
import { CallSession } from '../session/callSession.ts';
import { DEFAULT_SAFETY } from '../session/safety.ts';
import { gatherReport } from './collect.ts';

let calls = 0;
let server: RunningServer;
beforeAll(async () => {
  server = await startRawJsonRpcServer((method) => {
    if (method === 'initialize')
      return { result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'writes', version: '1' } } };
    if (method === 'tools/list')
      return {
        result: {
          tools: [
            {
              name: 'ship_order',
              description: 'Ships the order.',
              inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
              annotations: { readOnlyHint: false, destructiveHint: false },
              execution: { taskSupport: 'required' },
            },
            {
              name: 'update_record',
              description: 'Updates a record.',
              inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
              annotations: { readOnlyHint: false, destructiveHint: false },
            },
          ],
        },
      };
    if (method === 'tools/call') {
      calls++;
      return { result: { content: [{ type: 'text', text: 'done' }] } };
    }
    return { error: { code: -32601, message: `Method not found: ${method}` } };
  });
});
afterAll(() => server.stop());

const sessionOn = (connection: McpConnection, readOnlyMode: boolean) =>
  new CallSession({
    connection,
    safety: () => ({ ...DEFAULT_SAFETY, readOnlyMode }),
    loadChecks: () => Promise.resolve({ validateAgainst, unsafeIntegers: (value: unknown) => unsafeIntegers(value) }),
    memory: {
      keepTask: () => Promise.resolve(),
      dropTask: () => Promise.resolve(),
      pendingTasks: () => Promise.resolve([]),
      markSavedRun: () => Promise.resolve(),
    },
  });

it('under read-only mode the active check sends no call; under the CLI’s gate it does (the control)', async () => {
  const connection = await McpConnection.connect({ url: server.url });
  try {
    const readOnly = sessionOn(connection, true);
    calls = 0;
    await gatherReport(connection, { active: true, trust: (tool) => readOnly.trust(tool) });
    expect(calls).toBe(0);

    calls = 0;
    await gatherReport(connection, { active: true });
    expect(calls).toBeGreaterThan(0);

    // The page's session with read-only mode off trusts what the CLI trusts.
    const open = sessionOn(connection, false);
    calls = 0;
    await gatherReport(connection, { active: true, trust: (tool) => open.trust(tool) });
    expect(calls).toBeGreaterThan(0);
  } finally {
    await connection.close();
  }
});
