// Per-server memory (OAuth grants, the proxy choice, the era) is saved under the URL as typed and
// looked up under the connection's normalised URL: both must find the same entry.
import { beforeEach, describe, expect, it } from 'vitest';
import type { OAuthGrant } from '../../../mcp/auth/oauth.ts';
import { rememberPath, storedPath } from './connectionPath.ts';
import { rememberEra, rememberedEra } from './eraMemory.ts';
import { forgetGrant, grantFor, isGrantPersisted, keepGrantsIn, saveGrant } from '../../../mcp/auth/grants.ts';
import { readStored, removeStored, writeStored } from '../../../web/storage.ts';

/** Node has no localStorage: a Map behind the same four methods. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
  get length() {
    return this.items.size;
  }
}

const spellings = [
  ['without a path', 'https://mcp.example.com', 'https://mcp.example.com/'],
  ['with an upper-case host', 'https://MCP.Example.com/mcp', 'https://mcp.example.com/mcp'],
  ['with an explicit default port', 'https://mcp.example.com:443/mcp', 'https://mcp.example.com/mcp'],
  ['with spaces and a fragment', ' http://127.0.0.1:80/mcp#x ', 'http://127.0.0.1/mcp'],
] as const;

const grant: OAuthGrant = {
  accessToken: 'at-1',
  refreshToken: 'rt-1',
  clientId: 'client-1',
  issuer: 'https://auth.example.com',
  metadata: {
    issuer: 'https://auth.example.com',
    authorization_endpoint: 'https://auth.example.com/authorize',
    token_endpoint: 'https://auth.example.com/token',
    response_types_supported: ['code'],
  },
};

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  Object.assign(globalThis, { window: { localStorage: storage } });
  // As the page's boot does (src/app/shell/main.tsx).
  keepGrantsIn({ read: readStored, write: writeStored, remove: removeStored });
});

describe.each(spellings)('a server URL typed %s', (_, typed, normalised) => {
  it('finds its OAuth grant, in memory and persisted, under either spelling', () => {
    saveGrant(typed, grant, false);
    expect(grantFor(normalised)?.accessToken).toBe('at-1');
    expect(isGrantPersisted(normalised)).toBe(false);
    saveGrant(typed, grant, true);
    expect(isGrantPersisted(normalised)).toBe(true);
    forgetGrant(normalised);
    expect(grantFor(typed)).toBeUndefined();
    expect(storage.length).toBe(0);
  });

  it('finds its remembered proxy choice', () => {
    rememberPath(typed, 'proxy');
    expect(storedPath(normalised)).toBe('proxy');
  });

  it('finds its remembered era', () => {
    rememberEra(typed, { era: 'legacy', protocolVersion: '2025-11-25' });
    expect(rememberedEra(normalised)).toEqual({ era: 'legacy', protocolVersion: '2025-11-25' });
    rememberEra(normalised, undefined);
    expect(rememberedEra(typed)).toBeUndefined();
  });
});

it('keeps two servers on one origin apart (the era was once remembered per origin)', () => {
  rememberEra('http://127.0.0.1:6274/a/mcp', { era: 'modern', protocolVersion: '2026-07-28' });
  expect(rememberedEra('http://127.0.0.1:6274/b/mcp')).toBeUndefined();
});
