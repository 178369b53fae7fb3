import { describe, expect, it } from 'vitest';
import { hostFindings } from './hostFindings.ts';
import type { WireLine } from './wireLog.ts';
import { schemaIssues } from '../../schema/validate.ts';

let clock = 0;
const line = (from: WireLine['from'], message: unknown): WireLine => ({ at: ++clock, from, bytes: 1, message });
const initialize = [
  line('client', {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'h' } },
  }),
  line('server', { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 's' } } }),
];
const initialized = line('client', { jsonrpc: '2.0', method: 'notifications/initialized' });
const list = [
  line('client', { jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  line('server', {
    jsonrpc: '2.0',
    id: 1,
    result: { tools: [{ name: 'add', inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] } }] },
  }),
];
const call = (id: number, name: string, args: unknown) =>
  line('client', { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
const answer = (id: number) => line('server', { jsonrpc: '2.0', id, result: { content: [] } });
const rules = (lines: WireLine[], ended = true) => hostFindings(lines, { ended, issuesOf: schemaIssues }).map((finding) => finding.rule);

describe('what a host did that matters', () => {
  it('a well-behaved host has no findings', () => {
    expect(rules([...initialize, initialized, ...list, call(2, 'add', { n: 1 }), answer(2)])).toEqual([]);
  });

  it('no notifications/initialized: said when a request comes first, or at the end', () => {
    expect(rules([...initialize, ...list])).toEqual(['initialized-missing']);
    expect(rules([...initialize], true)).toEqual(['initialized-missing']);
    expect(rules([...initialize], false)).toEqual([]);
  });

  it('a tool not in the last list, and arguments its schema refuses', () => {
    const found = hostFindings(
      [...initialize, initialized, ...list, call(2, 'nope', {}), answer(2), call(3, 'add', { n: 'one' }), answer(3)],
      {
        ended: true,
        issuesOf: schemaIssues,
      },
    );
    expect(found.map((finding) => finding.rule)).toEqual(['unknown-tool', 'arguments-refused']);
    expect(found[1]?.detail).toContain('/n must be number, got string');
    expect(found[1]?.cite).toMatch(/modelcontextprotocol\.io\/specification\/.*server\/tools/);
  });

  it('a call after list_changed without listing again; listing again clears it', () => {
    const changed = line('server', { jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    expect(rules([...initialize, initialized, ...list, changed, call(2, 'add', { n: 1 }), answer(2)])).toEqual(['stale-list']);
    const relisted = [
      line('client', { jsonrpc: '2.0', id: 5, method: 'tools/list' }),
      line('server', { jsonrpc: '2.0', id: 5, result: { tools: [{ name: 'add', inputSchema: { type: 'object' } }] } }),
    ];
    expect(rules([...initialize, initialized, ...list, changed, ...relisted, call(2, 'add', { n: 1 }), answer(2)])).toEqual([]);
  });

  it('an answer to a request the host had cancelled is the server’s finding', () => {
    const cancel = line('client', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } });
    expect(rules([...initialize, initialized, ...list, call(2, 'add', { n: 1 }), cancel, answer(2)])).toEqual(['answered-after-cancel']);
    expect(rules([...initialize, initialized, ...list, call(2, 'add', { n: 1 }), answer(2), cancel])).toEqual([]);
  });

  it('a cancelled initialize, a line that is not JSON, a request never answered (a cancelled one needs none)', () => {
    const cancel = (id: number) => line('client', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } });
    const garbage: WireLine = { at: ++clock, from: 'server', bytes: 9, text: 'Listening' };
    expect(rules([initialize[0]!, cancel(0)])).toEqual(['cancelled-initialize']);
    expect(rules([...initialize, initialized, garbage, ...list, call(2, 'add', { n: 1 }), call(3, 'add', { n: 2 }), cancel(3)])).toEqual([
      'not-json',
      'unanswered',
    ]);
  });
});
