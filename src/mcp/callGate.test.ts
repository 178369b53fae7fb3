import { describe, expect, it } from 'vitest';
import { callGate } from './callGate.ts';
import { invalidArguments } from '../report/active.ts';
import { parseToolsPage } from './tools.ts';

const tool = (name: string, annotations: Record<string, unknown>) => ({ name, annotations });

describe('the call gate takes the safe side when hints contradict', () => {
  it('asks before a tool marked read-only and destructive, or read-only with a destroying name', () => {
    expect(callGate(tool('wipe_database', { readOnlyHint: true }), 'destructive', false)).toMatchObject({ action: 'confirm' });
    expect(callGate(tool('stats', { readOnlyHint: true, destructiveHint: true }), 'destructive', false)).toMatchObject({
      action: 'confirm',
      reason: expect.stringContaining('read-only and destructive at once'),
    });
    expect(callGate(tool('stats', { readOnlyHint: true, destructiveHint: true }), 'destructive', true)).toMatchObject({ action: 'refuse' });
  });
  it('still trusts a consistent read-only tool, and the person’s "never"', () => {
    expect(callGate(tool('get_stats', { readOnlyHint: true }), 'destructive', true)).toEqual({ action: 'call' });
    expect(callGate(tool('wipe_database', { readOnlyHint: true }), 'never', false)).toEqual({ action: 'call' });
  });
});

describe('the active check’s wrong value', () => {
  it('is null, never a truthy string', () => {
    const [parsed] = parseToolsPage({
      tools: [{ name: 't', inputSchema: { type: 'object', properties: { confirm: { type: 'boolean' } } } }],
    }).tools;
    if (!parsed) throw new Error('not parsed');
    expect(invalidArguments(parsed)?.args).toEqual({ confirm: null });
  });
});
