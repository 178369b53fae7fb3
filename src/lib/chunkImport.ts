// The runtime half of build/retryableImports.ts: every dynamic import of a built chunk comes
// here. A browser may remember a failed import() of a URL for the page's life (Chromium 150
// does), which would also break every later chunk that imports it statically. So a chunk is
// fetched first and imported only once it arrived — a fetch failure is not remembered — and a
// chunk whose import() failed anyway is asked for under a fresh URL next time (`?retry=n`).
const failures = new Map<string, number>();

export async function importChunk(specifier: string, base: string): Promise<unknown> {
  const url = new URL(specifier, base).href;
  await probe(url);
  const failed = failures.get(url) ?? 0;
  try {
    return await import(/* @vite-ignore */ failed ? `${url}?retry=${failed}` : url);
  } catch (error) {
    failures.set(url, failed + 1);
    throw error;
  }
}

async function probe(url: string): Promise<void> {
  if (!/^https?:/.test(url)) return;
  let response: Response;
  try {
    // Hashed chunks are cached for good, so the import() that follows is served from the cache.
    response = await fetch(url);
  } catch (error) {
    throw new TypeError(`Failed to fetch dynamically imported module: ${url}`, { cause: error });
  }
  // Read to the end, so the cache holds the whole chunk for the import() that follows.
  await response.arrayBuffer();
  // Missing, or something other than a script in its place: the app was rebuilt or replaced, and
  // only a reload gets the new names.
  const script = /javascript/i.test(response.headers.get('content-type') ?? '');
  if (response.ok && script) return;
  const rebuilt = response.status === 404 || response.ok;
  const what = response.ok ? 'not a script' : `HTTP ${response.status}`;
  throw new TypeError(
    `Failed to fetch dynamically imported module: ${url} (${what}${rebuilt ? ' — Toolscope was probably rebuilt: reload the page' : ''})`,
  );
}

declare global {
  var __toolscopeImport: typeof importChunk;
}
globalThis.__toolscopeImport = importChunk;
