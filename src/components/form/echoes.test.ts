import { describe, expect, it } from 'vitest';
import { EchoLog } from './echoes.ts';

describe('echo log', () => {
  it('recognises late and skipped echoes, and a real change from outside', () => {
    const log = new EchoLog();
    log.sent('{');
    log.sent('{"');
    log.sent('{"a');
    // The render for '{"' arrives after '{"a' was typed: an echo, not a change to apply.
    expect(log.isEcho('{"')).toBe(true);
    expect(log.isEcho('{"a')).toBe(true);
    // The same text again is no longer pending: now it is a change from outside (a reset).
    expect(log.isEcho('{"a')).toBe(false);
    log.sent('x');
    expect(log.isEcho('something else')).toBe(false);
    // The outside change cleared what was pending.
    expect(log.isEcho('x')).toBe(false);
  });
});
