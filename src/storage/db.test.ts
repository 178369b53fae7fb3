import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openDB } from 'idb';
import { MAX_CALLS, MAX_RESULT_BYTES, addEntry, clearServer, deleteEntry, listEntries, readResult, type NewEntry } from './callStore.ts';
import { swapSeenList } from './listStore.ts';
import type { ToolSnapshot } from '../compare/toolListDiff.ts';

const entry = (server: string, tool: string, args: Record<string, unknown> = {}): NewEntry => ({
  server,
  tool,
  args,
  outcome: 'ok',
  summary: '1 block',
  durationMs: 5,
  at: Date.now(),
  era: 'modern',
  protocolVersion: '2026-07-28',
});

describe('call history (IndexedDB)', () => {
  it('keeps calls per server, newest first, with their results; never a secret argument', async () => {
    await addEntry(entry('a', 'first', { query: 'x', password: 'hunter2' }), { content: [] });
    const { id } = await addEntry(entry('a', 'second'), { content: [{ type: 'text', text: 'hi' }] });
    await addEntry(entry('b', 'other'), undefined);
    const calls = await listEntries('a');
    expect(calls.map((call) => call.tool)).toEqual(['second', 'first']);
    expect(calls[1]?.args).toEqual({ query: 'x' });
    expect(calls[1]?.droppedArgs).toEqual(['password']);
    expect((await readResult(id))?.result).toEqual({ content: [{ type: 'text', text: 'hi' }] });
    await deleteEntry(id);
    expect((await listEntries('a')).map((call) => call.tool)).toEqual(['first']);
    await clearServer('a');
    expect(await listEntries('a')).toEqual([]);
    expect(await listEntries('b')).toHaveLength(1);
  });

  it('stores a result over 5 MB cut, with its size', async () => {
    const big = { content: [{ type: 'text', text: 'x'.repeat(MAX_RESULT_BYTES + 10) }] };
    const { id } = await addEntry(entry('big', 'export'), big);
    const [call] = await listEntries('big');
    expect(call?.truncated).toBe(true);
    expect(call?.resultBytes).toBeGreaterThan(MAX_RESULT_BYTES);
    expect((await readResult(id))?.text).toHaveLength(MAX_RESULT_BYTES);
  });

  it('drops the oldest beyond 500 calls and says how many', async () => {
    for (let index = 0; index < MAX_CALLS; index++) await addEntry(entry('many', `t${index}`), undefined);
    const { dropped } = await addEntry(entry('many', 'newest'), undefined);
    expect(dropped).toBe(1);
    const calls = await listEntries('many');
    expect(calls).toHaveLength(MAX_CALLS);
    expect(calls[0]?.tool).toBe('newest');
    expect(calls.at(-1)?.tool).toBe('t1');
  });

  it('remembers the last tool list per server (stored as one string)', async () => {
    const snapshot = (name: string): ToolSnapshot => ({ name, inputSchema: { type: 'object' }, annotations: {}, icons: [] });
    expect(await swapSeenList('s', [snapshot('one')])).toBeUndefined();
    const names = (seen: Awaited<ReturnType<typeof swapSeenList>>) =>
      typeof seen === 'object' ? seen.tools.map((tool) => tool.name) : seen;
    expect(names(await swapSeenList('s', [snapshot('one'), snapshot('two')]))).toEqual(['one']);
    expect(names(await swapSeenList('s', []))).toEqual(['one', 'two']);
    expect(await swapSeenList('s', [])).toBe('same'); // the very list seen last: not read back
    expect(names(await swapSeenList('s', [snapshot('one')]))).toEqual([]);
  });

  it('a damaged stored result reads as its text, not as a crash', async () => {
    const raw = await openDB('toolscope-history');
    await raw.put('results', { id: 987_654, json: '{"content": [' });
    raw.close();
    expect(await readResult(987_654)).toEqual({ id: 987_654, text: '{"content": [' });
  });
});

describe('what History keeps of a call to a server with credentials', () => {
  const token = 'tok_live_5f2c9a1b7e';
  const headerValue = 'ocp-key-123456789';
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJlLXZhbHVl';

  it('keeps the questions answered during a call, without secret-named fields or the connection’s secrets', async () => {
    const answers = [
      {
        message: 'How fast?',
        mode: 'form' as const,
        action: 'accept' as const,
        content: { speed: 'express', api_key: 'k-2', note: `use ${token}` },
      },
      { message: 'Sure?', mode: 'form' as const, action: 'decline' as const },
    ];
    await addEntry({ ...entry('https://asks.example/mcp', 'plan'), answers }, undefined, { known: [token], results: true });
    const [stored] = await listEntries('https://asks.example/mcp');
    expect(stored?.answers).toEqual([
      { message: 'How fast?', mode: 'form', action: 'accept', content: { speed: 'express', note: 'use REDACTED' } },
      { message: 'Sure?', mode: 'form', action: 'decline' },
    ]);
  });

  it('never the connection’s token or header values, nor token-shaped values of a result', async () => {
    const result = {
      content: [{ type: 'text', text: `whoami: Bearer ${token}, subscription ${headerValue}, id token ${jwt}` }],
      structuredContent: { access_token: 'at-0123456789', refresh_token: 'rt-0123456789', session_id: 'sess-42', user: 'alice' },
    };
    const { id } = await addEntry(entry('https://secret.example/mcp', 'whoami', { note: `pasted ${token}`, key: 'k-1' }), result, {
      known: [token, headerValue],
      results: true,
    });
    const [stored] = await listEntries('https://secret.example/mcp');
    const kept = JSON.stringify([stored, await readResult(id)]);
    for (const secret of [token, headerValue, jwt, 'at-0123456789', 'rt-0123456789', 'k-1']) expect(kept).not.toContain(secret);
    // What is not a credential stays: a handle and the person's data.
    expect(kept).toContain('sess-42');
    expect(kept).toContain('alice');
    expect(stored?.args).toEqual({ note: 'pasted REDACTED' });
    expect(stored?.droppedArgs).toEqual(['key']);
  });

  it('keeps no result at all for a server set to "Don’t keep results"', async () => {
    const { id, stored } = await addEntry(
      entry('https://private.example/mcp', 'read'),
      { content: [{ type: 'text', text: 'medical record' }] },
      {
        known: [],
        results: false,
      },
    );
    expect(stored.resultKept).toBe(false);
    expect(await readResult(id)).toEqual({ id });
  });
});
