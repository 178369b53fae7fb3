// Resources for one connection: resources/read honouring the result's ttlMs (2026 cache hints),
// resources/list walked as raw entries, and the raw read MCP Apps need.
import { isRecord, own } from './guards.ts';
import { parseReadResult, type ResourceContents } from './results.ts';

type Request = (method: string, params: Record<string, unknown>, options?: { signal?: AbortSignal }) => Promise<unknown>;

export class ResourceReader {
  readonly #request: Request;
  readonly #cache = new Map<string, { until: number; contents: ResourceContents[] }>();

  constructor(request: Request) {
    this.#request = request;
  }

  /** resources/read, honouring the result's ttlMs for this connection. */
  async read(uri: string, signal?: AbortSignal): Promise<ResourceContents[]> {
    const cached = this.#cache.get(uri);
    if (cached && cached.until > Date.now()) return cached.contents;
    const raw = await this.#request('resources/read', { uri }, { signal });
    const contents = parseReadResult(raw);
    const ttl = isRecord(raw) ? own(raw, 'ttlMs') : undefined;
    if (typeof ttl === 'number' && ttl > 0) {
      if (this.#cache.size >= 200) this.#cache.clear();
      this.#cache.set(uri, { until: Date.now() + Math.min(ttl, 86_400_000), contents });
    } else this.#cache.delete(uri);
    return contents;
  }

  /** resources/list, raw entries (at most 10 pages walked, stopping at a repeated cursor). */
  async listRaw(signal?: AbortSignal): Promise<Record<string, unknown>[]> {
    const all: Record<string, unknown>[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const raw = await this.#request('resources/list', cursor === undefined ? {} : { cursor }, { signal });
      const resources = isRecord(raw) ? own(raw, 'resources') : undefined;
      if (Array.isArray(resources)) all.push(...(resources as unknown[]).filter(isRecord));
      const next = isRecord(raw) ? own(raw, 'nextCursor') : undefined;
      if (typeof next !== 'string' || next === cursor) break;
      cursor = next;
    }
    return all;
  }

  /** A resource's `_meta` as resources/list gives it; undefined when not listed. */
  async listedMeta(uri: string, signal?: AbortSignal): Promise<unknown> {
    const found = (await this.listRaw(signal)).find((item) => own(item, 'uri') === uri);
    return found ? own(found, '_meta') : undefined;
  }

  /** resources/read as the server sent it (MCP Apps need the items' `_meta`); never cached. */
  readRaw(uri: string, signal?: AbortSignal): Promise<unknown> {
    return this.#request('resources/read', { uri }, { signal });
  }
}
