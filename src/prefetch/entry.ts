// Its own entry, written inline first in index.html's <head> (build/earlyEntry.ts): a deep link's first
// requests leave at once, while the app and the SDK are still loading (handover.ts), and the first
// page's tools are on screen as soon as they arrive (preview.ts). Only for a server the app marked
// after connecting to it the same way (allowList.ts) — known to this browser, on 2026-07-28,
// direct, with no credential of any kind — so a link never makes the page contact a new server,
// nor send a request the app itself would not.
import { handingOverWalker, inThreadWalker, startPrefetch, type WalkerPort } from './handover.ts';
import { prefetchAllowed } from './allowList.ts';
import { showFirstTools } from './preview.ts';
import type { WalkMessage } from './walk.ts';
import { applyTheme, storedTheme } from '../web/themeChoice.ts';
import { modulePreload } from '../web/modulePreload.ts';
import { upgradeStorageKeys } from '../web/storage.ts';

/** walk.worker.ts, built (build/earlyEntry.ts): its code, or in development its file. */
declare const __PREFETCH_WORKER_SOURCE__: string;
declare const __PREFETCH_WORKER__: string;

// The walk moves to a worker of its own as soon as it is up (walk.worker.ts), started
// from the code this script carries: no request stands between the page and the worker.
const spawnWorker = (): WalkerPort => {
  const source = __PREFETCH_WORKER_SOURCE__
    ? URL.createObjectURL(new Blob([__PREFETCH_WORKER_SOURCE__], { type: 'text/javascript' }))
    : undefined;
  const worker = source
    ? new Worker(source, { name: 'toolscope-prefetch' })
    : new Worker(__PREFETCH_WORKER__, { type: 'module', name: 'toolscope-prefetch' });
  return {
    post: (message) => worker.postMessage(message),
    listen: (onMessage, onError) => {
      worker.addEventListener('message', (event: MessageEvent<WalkMessage | 'ready'>) => {
        // Up and running: its code is no longer needed.
        if (event.data === 'ready' && source) URL.revokeObjectURL(source);
        onMessage(event.data);
      });
      worker.addEventListener('error', onError);
      worker.addEventListener('messageerror', onError);
    },
    terminate: () => worker.terminate(),
  };
};

// Before anything is painted, on every visit: the remembered theme (a dark page never shows light first).
upgradeStorageKeys();
try {
  applyTheme(storedTheme());
} catch {
  // the app applies it again when it starts
}

/** The app's own files (start.tsx and what it imports), as the build named them (build/earlyEntry.ts). */
declare const __APP_FILES__: string[];

try {
  const server = new URLSearchParams(window.location.search).get('server');
  if (server && prefetchAllowed(server))
    startPrefetch(server, showFirstTools, typeof Worker === 'function' ? handingOverWalker(spawnWorker) : inThreadWalker);
} catch {
  // Never in the way: the app connects as always.
}
// The app's files, handed to the module loader at once (it fetches and parses them off this
// thread): they are a few files now, where thirty parsed beside a deep link's first page held it
// back, and fetching them first "into the cache" to hand them over later cost a request each.
modulePreload(__APP_FILES__);
