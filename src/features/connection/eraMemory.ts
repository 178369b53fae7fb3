// The protocol era each server origin spoke last time, so the next connection skips the
// 2026 probe (and its failed round trip on 2025 servers). Re-probed when it stops working.
import { readStored, removeStored, writeStored } from '../../lib/storage.ts';
import type { EraHint } from '../../mcp/connection.ts';

const key = (url: string) => {
  try {
    return `toolscope:era:${new URL(url).origin}`;
  } catch {
    return undefined;
  }
};

const parse = (value: unknown): EraHint | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const { era, protocolVersion } = value as Record<string, unknown>;
  return (era === 'modern' || era === 'legacy') && typeof protocolVersion === 'string' ? { era, protocolVersion } : undefined;
};

export function rememberedEra(url: string): EraHint | undefined {
  const name = key(url);
  return name ? readStored(name, parse) : undefined;
}

export function rememberEra(url: string, hint: EraHint | undefined) {
  const name = key(url);
  if (!name) return;
  if (hint) writeStored(name, hint);
  else removeStored(name);
}
