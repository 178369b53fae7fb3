import { describe, expect, it } from 'vitest';
import { prefetchEligible } from './prefetchEligibility.ts';

const plain = {
  url: 'http://127.0.0.1:3000/mcp',
  via: 'direct' as const,
  sendsToken: false,
  customHeaders: {},
  pageOrigin: 'http://127.0.0.1:6274',
};

describe('prefetchEligible: the one rule for what the deep-link prefetch may stand in for', () => {
  it('takes a direct, anonymous connection with a clean URL, before connecting and on the 2026 wire', () => {
    expect(prefetchEligible(plain)).toBe(true);
    expect(prefetchEligible({ ...plain, era: 'modern' })).toBe(true);
  });

  it('refuses anything the prefetch would not send exactly so', () => {
    expect(prefetchEligible({ ...plain, era: 'legacy' })).toBe(false);
    expect(prefetchEligible({ ...plain, via: 'proxy' })).toBe(false);
    expect(prefetchEligible({ ...plain, sendsToken: true })).toBe(false);
    expect(prefetchEligible({ ...plain, customHeaders: { 'X-Region': 'eu' } })).toBe(false);
    expect(prefetchEligible({ ...plain, url: 'http://127.0.0.1:3000/mcp?api_key=abc123' })).toBe(false);
    expect(prefetchEligible({ ...plain, url: 'http://127.0.0.1:6274/stdio/abc/mcp' })).toBe(false);
    expect(prefetchEligible({ ...plain, url: 'not a url' })).toBe(false);
  });
});
