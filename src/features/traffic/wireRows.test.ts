import { describe, expect, it } from 'vitest';
import { wireRows, HOST_TO_SERVER, SERVER_TO_HOST } from './wireRows.ts';
import { entryTone, summaryLine } from './trafficView.ts';
import type { WireLine } from '../../mcp/recording/wireLog.ts';

const line = (from: WireLine['from'], message: unknown, at: number): WireLine => ({
  at,
  from,
  bytes: JSON.stringify(message).length,
  message,
});

describe('a tapped wire as Traffic rows', () => {
  it('one row per exchange, whichever side started it; a line that is not JSON is a failed row; stderr is not a row', () => {
    const rows = wireRows(
      [
        line('client', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ask' } }, 10),
        line('server', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } }, 11),
        line('server', { jsonrpc: '2.0', id: 1, method: 'elicitation/create', params: {} }, 12),
        line('client', { jsonrpc: '2.0', id: 1, result: { action: 'decline' } }, 15),
        line('server', { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'boom' } }, 20),
        { at: 21, from: 'server', bytes: 9, stderr: 'a log line' },
        { at: 22, from: 'server', bytes: 9, text: 'Listening' },
      ],
      'node s.js',
    );
    expect(rows.map((row) => [row.httpMethod, summaryLine(row.sent), row.durationMs, entryTone(row)])).toEqual([
      [HOST_TO_SERVER, 'tools/call ask #1', 10, 'error'],
      [SERVER_TO_HOST, 'notifications/progress', undefined, 'ok'],
      [SERVER_TO_HOST, 'elicitation/create #1', 3, 'ok'],
      [SERVER_TO_HOST, '', undefined, 'error'],
    ]);
    expect(rows[0]?.received[0]?.error).toEqual({ code: -32603, message: 'boom' });
    expect(rows[3]?.error).toMatch(/^not JSON-RPC \(the server/);
  });

  it('over HTTP: the status and the masked headers of each exchange, an empty answer said by its row', () => {
    const rows = wireRows(
      [
        {
          ...line('client', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, 10),
          http: { method: 'POST', headers: [['authorization', 'Bearer REDACTED']] },
        },
        {
          ...line('server', { jsonrpc: '2.0', id: 1, result: { tools: [] } }, 12),
          http: { status: 200, headers: [['mcp-session-id', 's1']] },
        },
        { ...line('client', { jsonrpc: '2.0', method: 'notifications/initialized' }, 13), http: { method: 'POST', headers: [] } },
        { at: 14, from: 'server', bytes: 0, http: { status: 202, headers: [] } },
        {
          ...line('client', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x' } }, 15),
          http: { method: 'POST', headers: [] },
        },
        { at: 16, from: 'server', bytes: 0, http: { status: 404, headers: [] } },
      ],
      'http://127.0.0.1:3000/mcp',
    );
    expect(rows.map((row) => [summaryLine(row.sent), row.status, entryTone(row)])).toEqual([
      ['tools/list #1', 200, 'ok'],
      ['notifications/initialized', 202, 'ok'],
      ['tools/call x #2', 404, 'error'],
    ]);
    expect(rows[0]?.requestHeaders).toEqual([['authorization', 'Bearer REDACTED']]);
    expect(rows[0]?.responseHeaders).toEqual([['mcp-session-id', 's1']]);
  });
});
