// The runtime half of build/chunkRetryPlugin.ts: every dynamic import of a built chunk comes
// here. A browser may remember a failed import() of a URL for the page's life (Chromium 150
// does), which would also break every later chunk that imports it statically. So a chunk is
// fetched first and imported only once it arrived — a fetch failure is not remembered — and a
// chunk whose import() failed anyway is asked for under a fresh URL next time (`?retry=n`).
// Its static imports are fetched side by side as soon as its first bytes are read (the browser
// would find them only after parsing it: the SDK chunk started a round trip later). This is the
// only preloading of lazy chunks: Vite's own (modulePreload) is off in vite.config.ts.
const failures = new Map<string, number>();
/**
 * Chunks already handed to the browser — the page's own scripts, and every modulepreload link,
 * also those added after load (src/web/modulePreload.ts: a deep link's app files): their import()
 * is served from there, so fetching them again would only be a second request for each.
 */
const warmed = new Set<string>();
function noteHanded(): void {
  if (typeof document === 'undefined') return;
  for (const element of document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel="modulepreload"]'))
    warmed.add(element instanceof HTMLScriptElement ? element.src : element.href);
}

export async function importChunk(specifier: string, base: string): Promise<unknown> {
  const url = new URL(specifier, base).href;
  noteHanded();
  const failed = failures.get(url) ?? 0;
  // Probed unless the browser has it already — and always after a failure (its message says why).
  if (failed || !warmed.has(url)) {
    const head = await probe(url);
    warmed.add(url);
    try {
      await warmImports(head, url);
    } catch (error) {
      // Not imported, so nothing is remembered: the next try fetches it all again.
      warmed.delete(url);
      throw error;
    }
  }
  try {
    return await import(/* @vite-ignore */ failed ? `${url}?retry=${failed}` : url);
  } catch (error) {
    failures.set(url, failed + 1);
    throw error;
  }
}

/**
 * Fetches what a chunk imports statically (and what those import), side by side. A dependency that
 * cannot be fetched fails the whole import before import() runs: the browser would otherwise
 * request it itself, fail, and remember that failure for the page's life — also for the next
 * chunk that imports it (a lazy chunk's static import of the argument checks did exactly that).
 */
async function warmImports(head: string, url: string): Promise<void> {
  const next = staticImportsOf(head)
    .map((specifier) => new URL(specifier, url).href)
    .filter((dependency) => !warmed.has(dependency));
  for (const dependency of next) warmed.add(dependency);
  const settled = await Promise.allSettled(
    next.map((dependency) =>
      probe(dependency)
        .then((dependencyHead) => warmImports(dependencyHead, dependency))
        .catch((error: unknown) => {
          warmed.delete(dependency);
          throw error;
        }),
    ),
  );
  const failed = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

const IMPORT_STATEMENT = /\s*import\s*(?:[\w$*{}\s,]*?from\s*)?["']([^"']+)["']\s*;?/y;

/** The relative specifiers a built chunk imports statically: its leading import statements. */
export function staticImportsOf(code: string): string[] {
  const statement = new RegExp(IMPORT_STATEMENT);
  const found: string[] = [];
  for (let match = statement.exec(code); match; match = statement.exec(code)) {
    const specifier = match[1] ?? '';
    if (specifier.startsWith('./') || specifier.startsWith('../')) found.push(specifier);
  }
  return found;
}

/** Fetches a chunk whole into the cache; returns its first bytes as text (for its imports). */
async function probe(url: string): Promise<string> {
  if (!/^https?:/.test(url)) return '';
  let response: Response;
  try {
    // Hashed chunks are cached for good, so the import() that follows is served from the cache.
    response = await fetch(url);
  } catch (error) {
    throw new TypeError(`Failed to fetch dynamically imported module: ${url}`, { cause: error });
  }
  // Read to the end, so the cache holds the whole chunk for the import() that follows.
  const bytes = await response.arrayBuffer();
  // Missing, or something other than a script in its place: the app was rebuilt or replaced, and
  // only a reload gets the new names.
  const script = /javascript/i.test(response.headers.get('content-type') ?? '');
  if (response.ok && script) return new TextDecoder().decode(bytes.slice(0, 16_384));
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
