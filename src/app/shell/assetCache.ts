// Registers Toolscope's service worker (src/app/shell/assetCache.worker.ts: this build's files kept in
// Cache Storage, so a returning visit skips compiling them) — in a built app only, and only once
// the page has been quiet for a while: installing it fetches and compiles every file of the build,
// work that must not stand beside a first visit's own loading and listing.
import { whenIdle } from '../../web/idle.ts';

/** Where the build writes it (build/serviceWorkerPlugin.ts); at the site's root, so its scope is the whole app. */
export const ASSET_CACHE_WORKER = '/sw.js';
/** After the page's load event: a deep link's list (10,000 tools in 100 pages) is in well before. */
const QUIET_AFTER_LOAD_MS = 3000;

export function registerAssetCache(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register(ASSET_CACHE_WORKER).catch(() => {
      // Blocked (a private window, a policy) or not there (a static copy without it): the app
      // loads its files from the HTTP cache as before.
    });
  const later = () => setTimeout(() => whenIdle(() => void register(), 10_000), QUIET_AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
