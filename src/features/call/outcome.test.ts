import { describe, expect, it } from 'vitest';
import type { McpFailure } from '../../mcp/errors.ts';
import type { CallResult } from '../../mcp/results.ts';
import { outcomeOf } from './outcome.ts';

const args = {};
const result = (isError: boolean): CallResult => ({ content: [], isError, hasStructuredContent: false, raw: {} });

describe('outcomeOf', () => {
  it('tells success, tool error, protocol error, cancel, unreachable and not sent apart', () => {
    expect(outcomeOf({ status: 'idle' })).toBeUndefined();
    expect(outcomeOf({ status: 'running', startedAt: 0, args })).toEqual({ label: 'Running', tone: 'running' });
    expect(outcomeOf({ status: 'done', durationMs: 1, args, result: result(false) })).toEqual({ label: 'Success', tone: 'ok' });
    expect(outcomeOf({ status: 'done', durationMs: 1, args, result: result(true) })).toEqual({
      label: 'Tool error',
      tone: 'warn',
    });
    const failed = (failure: McpFailure) => outcomeOf({ status: 'failed', durationMs: 1, args, failure });
    expect(failed({ kind: 'protocol', code: -32602, message: 'bad' })).toEqual({ label: 'Protocol error -32602', tone: 'danger' });
    // A cancel is the person's choice: grey, and never worded as a failure.
    expect(failed({ kind: 'cancelled', message: 'Cancelled.' })).toEqual({ label: 'Cancelled', tone: 'neutral' });
    expect(failed({ kind: 'unreachable', message: 'down' })?.label).toBe('Unreachable');
    expect(failed({ kind: 'http', status: 500, message: 'x' })?.label).toBe('Protocol error · HTTP 500');
    expect(outcomeOf({ status: 'done', durationMs: 1, args, result: result(false) }, { kind: 'invalid', message: 'x' })?.label).toBe(
      'Not sent',
    );
  });
});
