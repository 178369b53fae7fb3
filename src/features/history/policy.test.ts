// History's policy: what a finished call is recorded as, which call Compare picks, and what every
// Copy gives — including what it leaves out, and saying so.
import { describe, expect, it } from 'vitest';
import { parseCallResult } from '../../mcp/results.ts';
import type { HistoryEntry } from '../../storage/callStore.ts';
import { compareBase, copyOf, entryOf, promptEntryOf, readEntryOf, type WireFacts } from './policy.ts';

const wire: WireFacts = {
  url: 'https://ann:pw@api.example.com/mcp?api_key=s3cret',
  era: 'modern',
  protocolVersion: '2026-07-28',
  hasBearerToken: true,
  customHeaders: { 'X-Region': 'eu', 'X-Api-Key': 'k-1' },
};

const entry = (id: number, tool: string, args: Record<string, unknown>, extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id,
  server: 'https://api.example.com/mcp',
  tool,
  args,
  droppedArgs: [],
  outcome: 'ok',
  summary: '',
  durationMs: 1,
  at: 0,
  era: 'modern',
  protocolVersion: '2026-07-28',
  resultBytes: 0,
  truncated: false,
  ...extra,
});

describe('entryOf', () => {
  it('records the outcome a model would see: ok, tool error, or failed with why', () => {
    const ok = parseCallResult({
      content: [
        { type: 'text', text: 'a' },
        { type: 'text', text: 'b' },
      ],
      structuredContent: { n: 1 },
    });
    expect(entryOf({ tool: 't', state: { status: 'done', result: ok, durationMs: 5, args: { q: 1 } } }, wire, 7)).toEqual({
      tool: 't',
      args: { q: 1 },
      outcome: 'ok',
      outcomeKind: 'success',
      outcomeLabel: 'Success',
      summary: '2 blocks · structured',
      durationMs: 5,
      at: 7,
      era: 'modern',
      protocolVersion: '2026-07-28',
    });
    const toolError = parseCallResult({ content: [{ type: 'text', text: 'no' }], isError: true });
    expect(entryOf({ tool: 't', state: { status: 'done', result: toolError, durationMs: 1, args: {} } }, wire)).toMatchObject({
      outcome: 'tool-error',
      outcomeLabel: 'Tool error',
      summary: '1 block',
    });
    // A result that breaks its outputSchema is recorded as such, not as a success.
    expect(
      entryOf({ tool: 't', state: { status: 'done', result: ok, durationMs: 1, args: {}, outputProblem: 'breaks outputSchema' } }, wire),
    ).toMatchObject({ outcome: 'ok', outcomeKind: 'invalid-output', outcomeLabel: 'Invalid output' });
    const failed = entryOf(
      { tool: 't', state: { status: 'failed', failure: { kind: 'timeout', message: 'Timed out.' }, durationMs: 1, args: {} } },
      wire,
    );
    expect(failed).toMatchObject({
      outcome: 'failed',
      outcomeKind: 'cancelled',
      outcomeLabel: 'Cancelled · time limit reached',
      summary: expect.stringContaining('Timed out.') as unknown,
    });
  });
});

describe('compareBase', () => {
  const entries = [
    entry(5, 'a', { q: 2 }),
    entry(4, 'b', { q: 1 }),
    entry(3, 'a', { q: 1 }),
    entry(2, 'a', { q: 2 }),
    entry(1, 'a', { q: 1 }),
  ];
  it('prefers the chosen base, then the previous call with the same arguments, then the previous call', () => {
    expect(compareBase(entries, entries[0]!)?.id).toBe(2);
    expect(compareBase(entries, entries[2]!)?.id).toBe(1);
    expect(compareBase(entries, entries[0]!, entries[4])?.id).toBe(1);
    expect(compareBase(entries, entry(6, 'a', { q: 9 }))?.id).toBe(5);
  });
  it('finds nothing for the first call of a tool, or a call set against itself', () => {
    expect(compareBase(entries, entries[1]!)).toBeUndefined();
    expect(compareBase(entries, entries[0]!, entries[0])).toBeUndefined();
  });
});

describe('copyOf', () => {
  const call = entry(1, 'search', { q: 'usb' }, { droppedArgs: ['password'] });
  it('never copies a credential, and says what was left out', () => {
    for (const kind of ['link', 'curl', 'json-rpc', 'typescript'] as const) {
      const copied = copyOf(call, kind, wire, 'http://127.0.0.1:6274/');
      expect(copied.text, kind).not.toMatch(/s3cret|ann:pw|k-1/);
      expect(copied.notes.join(' '), kind).toContain('Not in History, so not copied (secrets): password.');
    }
    expect(copyOf(call, 'curl', wire, 'http://x/').notes.join(' ')).toContain(
      'Removed from the server URL as credentials: api_key, user:password@',
    );
    expect(copyOf(call, 'link', wire, 'http://x/').notes.join(' ')).toContain(
      'This server needs a bearer token and the custom headers X-Region, X-Api-Key: the link does not carry them.',
    );
  });
  it('titles each copy by what it is, and carries the 2026 parameter headers in curl', () => {
    expect(copyOf(call, 'curl', wire, 'http://x/').title).toBe('curl copied (one request)');
    expect(copyOf(call, 'curl', { ...wire, era: 'legacy', protocolVersion: '2025-11-25' }, 'http://x/').title).toBe(
      'curl copied (initialize, then the call)',
    );
    expect(copyOf(call, 'curl', wire, 'http://x/', { 'Mcp-Param-Region': 'eu' }).text).toContain("-H 'Mcp-Param-Region: eu'");
    const link = new URL(copyOf(call, 'link', wire, 'http://127.0.0.1:6274/').text);
    expect(link.searchParams.get('tool')).toBe('search');
    expect(JSON.parse(link.searchParams.get('args') ?? '')).toEqual({ q: 'usb' });
  });
});

describe('prompt gets in History', () => {
  it('records a get as a prompt entry in the one outcome vocabulary: Success with its messages, or the failure', () => {
    const got = promptEntryOf({ name: 'args-prompt', args: { city: 'Porto' }, durationMs: 12, outcome: { messages: 1 } }, wire, 5);
    expect(got).toMatchObject({
      kind: 'prompt',
      tool: 'args-prompt',
      outcome: 'ok',
      outcomeKind: 'success',
      outcomeLabel: 'Success',
      summary: '1 message',
    });
    const failed = promptEntryOf(
      {
        name: 'args-prompt',
        args: {},
        durationMs: 3,
        outcome: { failure: { kind: 'protocol', code: -32602, message: 'city is required' } },
      },
      wire,
    );
    expect(failed).toMatchObject({
      kind: 'prompt',
      outcome: 'failed',
      outcomeKind: 'protocol-error',
      summary: expect.stringContaining('city is required'),
    });
  });

  it('records a resource read as a read entry: the URI, Success with how many contents, or the failure in the same words', () => {
    const read = readEntryOf({ uri: 'demo://resource/dynamic/text/3', durationMs: 29, outcome: { contents: 1 } }, wire, 7);
    expect(read).toMatchObject({
      kind: 'read',
      tool: 'demo://resource/dynamic/text/3',
      args: {},
      outcome: 'ok',
      outcomeKind: 'success',
      summary: '1 content read',
      durationMs: 29,
      at: 7,
    });
    const failed = readEntryOf(
      {
        uri: 'demo://resource/dynamic/text/a%2Fb',
        durationMs: 4,
        outcome: { failure: { kind: 'protocol', code: -32602, message: 'must be an integer' } },
      },
      wire,
    );
    expect(failed).toMatchObject({ kind: 'read', outcome: 'failed', outcomeKind: 'protocol-error', outcomeLabel: 'Protocol error -32602' });
    expect(failed.summary).toContain('must be an integer');
  });

  it('compares a prompt get only with gets of that prompt, never with a tool of the same name', () => {
    const tool = entry(1, 'summarize', {});
    const first = entry(2, 'summarize', {}, { kind: 'prompt' });
    const second = entry(3, 'summarize', {}, { kind: 'prompt' });
    expect(compareBase([second, first, tool], second)?.id).toBe(2);
    expect(compareBase([second, first, tool], first)).toBeUndefined();
    expect(compareBase([second, first, tool], tool)).toBeUndefined();
  });

  it('copies a prompt get as prompts/get, with the era’s headers', () => {
    const copied = copyOf(entry(1, 'args-prompt', { city: 'Porto' }, { kind: 'prompt' }), 'json-rpc', wire, 'http://app/');
    expect(JSON.parse(copied.text)).toMatchObject({ method: 'prompts/get', params: { name: 'args-prompt', arguments: { city: 'Porto' } } });
    expect(copyOf(entry(1, 'args-prompt', {}, { kind: 'prompt' }), 'curl', wire, 'http://app/').text).toContain('Mcp-Method: prompts/get');
  });
});
