import { describe, expect, it } from 'vitest';
import type { ToolsPage } from '../../../mcp/tools.ts';
import { isFresh, listTtl, sharedList, type ToolListPages } from './toolListCache.ts';

const page = (ttlMs: number, cacheScope?: 'public' | 'private'): ToolsPage => ({ tools: [], ttlMs, cacheScope, findings: [] });
const list = (...pages: ToolsPage[]): ToolListPages => ({ pages, pageParams: pages.map(() => undefined) });

describe('the tool-list cache', () => {
  it('is fresh for the shortest ttlMs of its pages; 0 is always stale', () => {
    expect(listTtl([page(60_000), page(5_000)])).toBe(5_000);
    expect(isFresh([page(60_000)], 1_000, 60_999)).toBe(true);
    expect(isFresh([page(60_000)], 1_000, 61_000)).toBe(false);
    expect(isFresh([page(0)], 1_000, 1_000)).toBe(false);
  });

  it('shares only fresh lists whose every page is public, the newest first', () => {
    const now = 100_000;
    const older = { data: list(page(60_000, 'public')), updatedAt: now - 20_000 };
    const newer = { data: list(page(60_000, 'public'), page(60_000, 'public')), updatedAt: now - 1_000 };
    const mixed = { data: list(page(60_000, 'public'), page(60_000, 'private')), updatedAt: now };
    const unsaid = { data: list(page(60_000)), updatedAt: now };
    const stale = { data: list(page(1_000, 'public')), updatedAt: now - 5_000 };
    expect(sharedList([older, newer, mixed, unsaid, stale], now)).toBe(newer);
    expect(sharedList([mixed, unsaid, stale], now)).toBeUndefined();
  });
});
