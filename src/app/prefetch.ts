// Its own entry, written inline first in index.html's <head> (build/earlyEntry.ts): a deep link's first
// requests leave at once, while the app and the SDK are still loading (src/mcp/prefetch.ts), and
// the first page's tools are on screen as soon as they arrive — names and titles as text, each a
// button that opens the tool once the app is ready. Only for a server the app marked after
// connecting to it the same way — known to this browser, on 2026-07-28, direct, with no credential
// of any kind — so a link never makes the page contact a new server, nor send a request the app
// itself would not. Server text goes in as textContent only.
import {
  PREVIEW_ID,
  PREVIEW_PICK_KEY,
  handingOverWalker,
  inThreadWalker,
  prefetchAllowed,
  startPrefetch,
  type WalkerPort,
} from '../mcp/prefetch.ts';
import type { WalkMessage } from '../mcp/prefetchWalk.ts';
import { applyTheme, storedTheme } from '../lib/themeChoice.ts';
import { modulePreload } from '../lib/modulePreload.ts';

const SHOWN = 40;

function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.slice(0, max) : '';
}

function showFirstTools(tools: unknown[]) {
  // This script runs in <head>: the body may not be parsed yet when a fast answer comes.
  if (!document.body) {
    document.addEventListener('DOMContentLoaded', () => showFirstTools(tools), { once: true });
    return;
  }
  // The app got there first (or the page is not a deep link's any more): nothing to show.
  if (document.querySelector('[aria-label="Tool list"]')) return;
  const panel = document.createElement('div');
  panel.id = PREVIEW_ID;
  // The tool list's own column: the whole width on a narrow screen, then 18 rem, then 20 rem.
  panel.className =
    'fixed inset-y-0 left-0 z-0 flex w-full flex-col gap-2 border-line bg-canvas p-2 pt-16 text-ink md:w-72 md:border-r lg:w-80';
  const heading = document.createElement('p');
  heading.className = 'text-sm font-semibold';
  heading.textContent = 'Tools';
  const note = document.createElement('p');
  note.className = 'text-xs text-muted';
  note.textContent = 'First page · Toolscope is loading';
  const list = document.createElement('ul');
  list.setAttribute('aria-label', 'Tool list');
  list.className = 'min-h-0 flex-1 overflow-hidden rounded-md border border-line';
  for (const tool of tools.slice(0, SHOWN)) {
    if (typeof tool !== 'object' || tool === null) continue;
    const { name, title, annotations } = tool as { name?: unknown; title?: unknown; annotations?: { title?: unknown } };
    const id = text(name, 128);
    if (!id) continue;
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'flex w-full flex-col items-start border-b border-line px-2 py-1 text-left text-sm hover:bg-hover';
    const label = document.createElement('span');
    // As the app names a tool: title, else annotations.title, else the name.
    label.textContent =
      text(title, 128).trim() || text(typeof annotations === 'object' && annotations ? annotations.title : undefined, 128).trim() || id;
    const code = document.createElement('span');
    code.className = 'font-mono text-xs text-muted';
    code.textContent = id;
    button.append(label, code);
    button.addEventListener('click', () => {
      try {
        window.sessionStorage.setItem(PREVIEW_PICK_KEY, id);
      } catch {
        // no storage: the app opens on the link's tool
      }
      note.textContent = `Opening ${id} as soon as Toolscope has loaded`;
    });
    item.append(button);
    list.append(item);
  }
  panel.append(heading, note, list);
  document.body.append(panel);
}

/** src/app/prefetch.worker.ts, built (build/earlyEntry.ts): its code, or in development its file. */
declare const __PREFETCH_WORKER_SOURCE__: string;
declare const __PREFETCH_WORKER__: string;

// The walk moves to a worker of its own as soon as it is up (src/app/prefetch.worker.ts), started
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
