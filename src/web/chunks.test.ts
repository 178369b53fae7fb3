import { describe, expect, it } from 'vitest';
import { ChunkLoadError, retryableImport } from '../lib/retryableImport.ts';

describe('retryableImport', () => {
  it('keeps a success, and loads again after a failure', async () => {
    let calls = 0;
    let fail = true;
    const load = retryableImport(() => {
      calls++;
      return fail ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve({ value: calls });
    });
    await expect(load()).rejects.toThrow(ChunkLoadError);
    await expect(load()).rejects.toThrow('Failed to fetch dynamically imported module');
    fail = false;
    await expect(load()).resolves.toEqual({ value: 3 });
    await expect(load()).resolves.toEqual({ value: 3 });
    expect(calls).toBe(3);
  });
});
