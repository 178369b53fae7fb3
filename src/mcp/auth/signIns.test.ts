import { describe, expect, it } from 'vitest';
import { PENDING_LIFETIME_MS, PENDING_PREFIX, parsePending } from './oauthCallback.ts';
import { PendingSignIns, callbackFor, memoryStore } from './signIns.ts';

describe('PendingSignIns', () => {
  it('keeps a secret-free record per state that the callback page can read, and forgets it', () => {
    const store = memoryStore();
    const pending = new PendingSignIns(store, () => 1_000);
    pending.remember('st-1', { issuer: 'https://auth.example', issParameterSupported: true });
    expect(parsePending(store.get(`${PENDING_PREFIX}st-1`))).toEqual({
      issuer: 'https://auth.example',
      issParameterSupported: true,
      createdAt: 1_000,
    });
    pending.forget('st-1');
    expect(store.map.size).toBe(0);
  });

  it('sweeps records of abandoned sign-ins and unreadable ones, and nothing else', () => {
    const store = memoryStore();
    let now = 0;
    const pending = new PendingSignIns(store, () => now);
    pending.remember('old', { issuer: 'https://a', issParameterSupported: false });
    now = PENDING_LIFETIME_MS;
    pending.remember('fresh', { issuer: 'https://a', issParameterSupported: false });
    store.set(`${PENDING_PREFIX}corrupt`, '{not json');
    store.set('toolscope:saved-servers', '[]');
    now = PENDING_LIFETIME_MS + 1;
    pending.sweep();
    expect(store.keys().sort()).toEqual([`${PENDING_PREFIX}fresh`, 'toolscope:saved-servers']);
  });
});

describe('callbackFor', () => {
  it('reads the message field by field, only for the sign-in in progress', () => {
    expect(callbackFor('s1', { state: 's1', code: 'c', iss: 'https://a', extra: '<b>', error: 42 })).toEqual({
      state: 's1',
      code: 'c',
      iss: 'https://a',
      error: undefined,
      error_description: undefined,
    });
    expect(callbackFor('s1', { state: 's2', code: 'c' })).toBeUndefined();
    expect(callbackFor(undefined, { state: 's1' })).toBeUndefined();
    expect(callbackFor('s1', 'state=s1&code=c')).toBeUndefined();
  });
});
