// Toolscope's service worker, and all it does: keep this build's own files (/assets/*, named by
// their content) in Cache Storage, and have the browser serve them from there by a static route —
// no fetch handler, so no request ever waits for this worker: not the app's files (the browser
// reads the cache itself), and never a request to an MCP server. Why: a script put in Cache
// Storage while a service worker installs gets V8's code cache at once, so a returning visit
// compiles next to nothing (a plain HTTP-cache visit compiled ~2,000 functions again, ~190 ms of
// the page's thread). A file not in the cache (another build's) is fetched from the network as
// without this worker. Where the browser has no static routing, nothing is cached: without a
// fetch handler a copy could never be used. Built on its own (build/serviceWorkerPlugin.ts) with the
// build's file list and version written in.

declare const __ASSET_FILES__: string[];
declare const __ASSET_VERSION__: string;

const PREFIX = 'toolscope-assets-';
const CACHE = `${PREFIX}${__ASSET_VERSION__}`;

/** The parts of the worker's scope used here (the page's own types are DOM, not WebWorker). */
interface RouterRule {
  condition: { urlPattern: URLPattern };
  source: 'cache';
}
interface InstallEvent extends Event {
  waitUntil: (work: Promise<unknown>) => void;
  addRoutes?: (rules: RouterRule[]) => Promise<void>;
}
interface WorkerScope {
  location: Location;
  skipWaiting: () => Promise<void>;
  addEventListener: (type: 'install' | 'activate', listener: (event: InstallEvent) => void) => void;
}
const scope = self as unknown as WorkerScope;

scope.addEventListener('install', (event) => {
  const { addRoutes } = event;
  if (!addRoutes) return;
  event.waitUntil(
    (async () => {
      // This origin's /assets/ only (a pattern with only a path would match any origin's).
      await addRoutes.call(event, [{ condition: { urlPattern: new URLPattern('/assets/*', scope.location.origin) }, source: 'cache' }]);
      await (await caches.open(CACHE)).addAll(__ASSET_FILES__);
      // A new build's files take over at once; a page of the old build still open finds its
      // later chunks on the network as before (and the chunk loader's reload prompt if gone).
      await scope.skipWaiting();
    })(),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)))),
  );
});
