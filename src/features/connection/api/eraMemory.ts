// The protocol era each server spoke last time, so the next connection skips the
// 2026 probe (and its failed round trip on 2025 servers). Re-probed when it stops working.
import { readStored, removeStored, writeStored } from '../../../web/storage.ts';
import { serverStorageKey } from '../../../lib/serverKey.ts';
import type { EraHint } from '../../../mcp/era.ts';

const key = (url: string) => serverStorageKey('era', url);

const parse = (value: unknown): EraHint | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const { era, protocolVersion } = value as Record<string, unknown>;
  return (era === 'modern' || era === 'legacy') && typeof protocolVersion === 'string' ? { era, protocolVersion } : undefined;
};

export function rememberedEra(url: string): EraHint | undefined {
  return readStored(key(url), parse);
}

export function rememberEra(url: string, hint: EraHint | undefined) {
  if (hint) writeStored(key(url), hint);
  else removeStored(key(url));
}
