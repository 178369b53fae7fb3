import { describe, expect, it } from 'vitest';
import { compareWithToolscope, hostView, viewDiff, VIEW_NOTE } from './viewDiff.ts';
import type { WireEntry, WireLine } from './wireLog.ts';

const line = (from: WireLine['from'], message: unknown, at = 1): WireLine => ({ at, from, bytes: 1, message });
const tool = (name: string, description = name) => ({ name, description, inputSchema: { type: 'object' } });
const hostLines: WireLine[] = [
  line('client', {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'h' } },
  }),
  line('server', {
    jsonrpc: '2.0',
    id: 0,
    result: { protocolVersion: '2025-06-18', capabilities: { tools: {}, logging: {} }, serverInfo: { name: 's' } },
  }),
  line('client', { jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  line('server', { jsonrpc: '2.0', id: 1, result: { tools: [tool('a')], nextCursor: 'p2' } }),
  line('client', { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { cursor: 'p2' } }),
  line('server', { jsonrpc: '2.0', id: 2, result: { tools: [tool('b'), tool('c', 'old words')] } }),
];

describe('what this host saw vs what Toolscope sees', () => {
  it('the host’s view: the handshake and its last complete listing, pages merged', () => {
    expect(hostView(hostLines)).toEqual({
      era: 'legacy',
      protocolVersion: '2025-06-18',
      capabilities: { tools: {}, logging: {} },
      tools: [tool('a'), tool('b'), tool('c', 'old words')],
    });
  });

  it('says each difference in a sentence, and nothing when they agree', () => {
    const host = hostView(hostLines);
    expect(viewDiff(host, host)).toEqual([]);
    expect(
      viewDiff(host, {
        era: 'modern',
        protocolVersion: '2026-07-28',
        capabilities: { tools: {}, prompts: {} },
        tools: [tool('a'), tool('c'), tool('d')],
      }),
    ).toEqual([
      'Protocol: the host spoke 2025-06-18 (2025 era); Toolscope speaks 2026-07-28 (2026 era) with the same server.',
      'Capabilities: only the host was offered logging; only Toolscope is offered prompts.',
      'Tools: the host was not given d.',
      'Tools: the host was given b, which Toolscope is not.',
      'Tools: c reads differently to the host than to Toolscope.',
    ]);
    expect(viewDiff({ era: 'legacy' }, { tools: [] })).toEqual(['Tools: the host never listed them completely.']);
  });

  it('reads Toolscope’s view from the tap’s note line, or its failure; none without --compare', () => {
    const entries: WireEntry[] = [...hostLines, { at: 9, note: VIEW_NOTE, view: { ...hostView(hostLines) } }];
    expect(compareWithToolscope(entries)).toEqual({ differences: [], tools: 3 });
    expect(compareWithToolscope([...hostLines, { at: 9, note: VIEW_NOTE, view: { failed: 'no answer' } }])).toEqual({
      failed: 'no answer',
    });
    expect(compareWithToolscope(hostLines)).toBeUndefined();
  });
});
