import { describe, expect, it } from 'vitest';
import { defaultsKept } from './defaultsKept.ts';

describe('defaultsKept', () => {
  const defaults = { speed: 'standard', gift_note: null, billing_address: null, options: { insured: false } };

  it('names each default still held, nested ones by their path', () => {
    expect(defaultsKept(defaults, { customer: 'Ada', ...defaults })).toEqual(['speed', 'gift_note', 'billing_address', 'options.insured']);
  });

  it('leaves out a default changed or removed, and whatever the person typed', () => {
    expect(defaultsKept(defaults, { customer: 'Ada', speed: 'express', options: { insured: true } })).toEqual([]);
    expect(defaultsKept(defaults, { gift_note: 'Happy birthday', options: {} })).toEqual([]);
    expect(defaultsKept(undefined, { a: 1 })).toEqual([]);
  });
});
