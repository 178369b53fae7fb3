// Remote icons never go straight into <img src>: they are fetched without credentials or
// referrer, size-capped, checked against their magic bytes, then shown from a blob: URL
// (the CSP allows only self, data: and blob: images).
import { MAX_ICON_BYTES, matchesImageType } from '../../mcp/icons.ts';
import type { FetchLike } from '../../mcp/recording/traffic.ts';

const cache = new Map<string, Promise<string | undefined>>();
const MAX_CACHED = 500;

const SNIFF: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'];

async function load(src: string, declared: string | undefined, fetchImpl: FetchLike): Promise<string | undefined> {
  const response = await fetchImpl(src, { credentials: 'omit', referrerPolicy: 'no-referrer', redirect: 'error' });
  if (!response.ok) return undefined;
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_ICON_BYTES) return undefined;
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > MAX_ICON_BYTES) return undefined;
  const type = [declared, response.headers.get('content-type')?.split(';')[0]?.trim(), ...SNIFF].find(
    (candidate): candidate is string => !!candidate && matchesImageType(candidate, bytes),
  );
  return type ? URL.createObjectURL(new Blob([bytes], { type })) : undefined;
}

export function loadIcon(
  src: string,
  declared?: string,
  fetchImpl: FetchLike = (input, init) => globalThis.fetch(input, init),
): Promise<string | undefined> {
  let pending = cache.get(src);
  if (!pending) {
    pending = load(src, declared, fetchImpl).catch(() => undefined);
    if (cache.size >= MAX_CACHED) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) {
        void cache.get(oldest)?.then((url) => url && URL.revokeObjectURL(url));
        cache.delete(oldest);
      }
    }
    cache.set(src, pending);
  }
  return pending;
}
