import { describe, expect, it } from 'vitest';
import { judge } from './verdict.ts';

const ok = (text: string) => ({ content: [{ type: 'text', text }], _meta: { at: Math.random() } });

describe('the verdict of a saved call run again', () => {
  it('judges a run: pass (meta ignored), changed (with the diff), failed', () => {
    expect(judge(ok('3'), { result: ok('3') })).toEqual({ status: 'pass' });
    // A moved timestamp is not a change; anything else beside it is.
    const at = (time: string, total = 1) => ({
      content: [ok(`{"expires_at":"${time}"}`).content[0]],
      structuredContent: { expires_at: time, total },
    });
    expect(judge(at('2026-12-01T04:43:14.620Z'), { result: at('2026-12-01T04:59:15.731Z') })).toEqual({ status: 'pass' });
    expect(judge(at('2026-12-01T04:43:14.620Z'), { result: at('2026-12-01T04:59:15.731Z', 2) }).status).toBe('changed');
    const changed = judge(ok('3'), { result: ok('4') });
    expect(changed.status).toBe('changed');
    expect(judge(ok('3'), { result: { ...ok('no'), isError: true } }).status).toBe('failed');
    expect(judge(ok('3'), { failure: 'timeout' })).toEqual({ status: 'failed', message: 'timeout' });
  });
});
