import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { McpFailure } from '../mcp/errors.ts';
import type { CallResult } from '../mcp/results.ts';
import { OUTCOMES, TONE_COLOUR, outcomeOf, withAppBlocked } from './outcome.ts';

const args = {};
const result = (isError: boolean): CallResult => ({ content: [], isError, hasStructuredContent: false, raw: {} });
const label = (state: Parameters<typeof outcomeOf>[0], notice?: Parameters<typeof outcomeOf>[1]) => outcomeOf(state, notice)?.label;

describe('the outcome vocabulary', () => {
  it('tells success, invalid output, tool error, protocol error, stream cut, unreachable, server stopped, cancel and not sent apart', () => {
    expect(outcomeOf({ status: 'idle' })).toBeUndefined();
    expect(outcomeOf({ status: 'running', startedAt: 0, args })).toEqual({ kind: 'working', label: 'Running', tone: 'running' });
    const task = { taskId: 't', status: 'working', createdAt: 0, pollMs: 1000, findings: [] };
    expect(label({ status: 'running', startedAt: 0, args, task })).toBe('Working');
    // Waiting for the person has one word, whether a task or a plain call's question asks.
    expect(label({ status: 'running', startedAt: 0, args, task: { ...task, status: 'input_required' } })).toBe('Needs input');
    expect(outcomeOf({ status: 'running', startedAt: 0, args }, undefined, true)).toEqual({
      kind: 'needs-input',
      label: 'Needs input',
      tone: 'running',
    });
    expect(outcomeOf({ status: 'done', durationMs: 1, args, result: result(false) })).toEqual({
      kind: 'success',
      label: 'Success',
      tone: 'ok',
    });
    expect(
      label({ status: 'done', durationMs: 1, args, result: result(false), outputProblem: 'structuredContent breaks outputSchema' }),
    ).toBe('Invalid output');
    expect(outcomeOf({ status: 'done', durationMs: 1, args, result: result(true) })).toEqual({
      kind: 'tool-error',
      label: 'Tool error',
      tone: 'warn',
    });
    const failed = (failure: McpFailure) => outcomeOf({ status: 'failed', durationMs: 1, args, failure });
    expect(failed({ kind: 'protocol', code: -32602, message: 'bad' })).toEqual({
      kind: 'protocol-error',
      label: 'Protocol error -32602',
      tone: 'danger',
    });
    // A cancel is the person's choice: grey, and never worded as a failure.
    expect(failed({ kind: 'cancelled', message: 'Cancelled.' })).toEqual({ kind: 'cancelled', label: 'Cancelled', tone: 'neutral' });
    expect(failed({ kind: 'unreachable', message: 'down' })?.label).toBe('Unreachable');
    // A stream that broke off mid-answer is not "unreachable": the server did answer, then stopped.
    expect(failed({ kind: 'stream-cut', message: 'cut' })).toMatchObject({ kind: 'stream-cut', label: 'Stream cut', tone: 'danger' });
    // A stdio child that is gone is the bridge's word, not a JSON-RPC error of the server.
    expect(failed({ kind: 'server-stopped', exit: 'killed by SIGKILL', message: 'gone' })).toEqual({
      kind: 'server-stopped',
      label: 'Server stopped · killed by SIGKILL',
      tone: 'warn',
    });
    expect(failed({ kind: 'http', status: 500, message: 'x' })?.label).toBe('Protocol error · HTTP 500');
    // A sign-in the server asks for (lazy auth) is amber and no failure; a bare 401 without a challenge is one.
    expect(failed({ kind: 'auth', status: 401, message: 'x', challenge: { status: 401, bearer: true, scope: 'a' } })).toEqual({
      kind: 'sign-in-required',
      label: 'Sign-in required · HTTP 401',
      tone: 'warn',
    });
    expect(failed({ kind: 'auth', status: 401, message: 'x' })?.label).toBe('Protocol error · HTTP 401');
    const challenged = {
      ...result(true),
      raw: { isError: true, content: [], _meta: { 'mcp/www_authenticate': ['Bearer error="invalid_token"'] } },
    };
    expect(label({ status: 'done', durationMs: 1, args, result: challenged })).toBe('Sign-in required · _meta challenge');
    expect(label({ status: 'done', durationMs: 1, args, result: result(false) }, { kind: 'invalid', message: 'x' })).toBe('Not sent');
    expect(label({ status: 'idle' }, { kind: 'unparsed', message: 'Not JSON' })).toBe('Not sent');
    expect(label({ status: 'idle' }, { kind: 'refused', reason: 'read-only' })).toBe('Not sent · refused');
  });

  it('a success whose app had loads blocked is amber, with the count', () => {
    const done = outcomeOf({ status: 'done', durationMs: 1, args, result: result(false) });
    expect(withAppBlocked(done, 2)).toEqual({ kind: 'success', label: 'Success · app: 2 loads blocked', tone: 'warn' });
    expect(withAppBlocked(done, 0)).toBe(done);
    const toolError = outcomeOf({ status: 'done', durationMs: 1, args, result: result(true) });
    expect(withAppBlocked(toolError, 3)).toBe(toolError);
  });

  it('each word has one colour, and the README’s table says exactly that', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    for (const { word, tone, when } of Object.values(OUTCOMES)) {
      const row = readme.split('\n').find((line) => line.startsWith(`| ${word} `));
      expect(row, word).toBeDefined();
      const cells = row!.split('|').map((cell) => cell.trim());
      expect(cells.slice(1, 4), word).toEqual([word, TONE_COLOUR[tone], when]);
    }
  });
});
