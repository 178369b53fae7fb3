import { describe, expect, it } from 'vitest';
import { keysOutsideForm, withoutKey } from './hiddenKeys.ts';

const sendMessage = {
  type: 'object',
  properties: {
    to: { type: 'string' },
    body: { type: 'string' },
    options: { type: 'object', properties: { urgent: { type: 'boolean' } } },
  },
};

describe('keysOutsideForm', () => {
  it('names the keys the form would not show, at any depth', () => {
    expect(keysOutsideForm(sendMessage, { to: 'a@x', body: 'hi', bcc: 'attacker@evil', options: { urgent: true, cc: 'b@evil' } })).toEqual([
      'bcc',
      'options.cc',
    ]);
    expect(keysOutsideForm(sendMessage, { to: 'a@x' })).toEqual([]);
  });

  it('leaves alone extra keys the form renders (additionalProperties allowed)', () => {
    expect(keysOutsideForm({ type: 'object', additionalProperties: { type: 'string' } }, { anything: 'x' })).toEqual([]);
    expect(keysOutsideForm({ type: 'object', additionalProperties: true, properties: {} }, { anything: 'x' })).toEqual([]);
  });

  it('removes one key by its path', () => {
    expect(withoutKey({ a: 1, o: { b: 2, c: 3 } }, 'o.c')).toEqual({ a: 1, o: { b: 2 } });
    expect(withoutKey({ a: 1, bcc: 'x' }, 'bcc')).toEqual({ a: 1 });
  });
});
