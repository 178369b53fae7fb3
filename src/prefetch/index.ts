// The deep-link prefetch, as the app sees it: one door. The early entry (entry.ts) and the walk's
// worker (walk.worker.ts) are build entries of their own (vite.config.ts, build/earlyEntry.ts).
export { adoptPrefetch, firstPageSettled, prefetching } from './handover.ts';
export { setPrefetchAllowed } from './allowList.ts';
export { endPreview } from './preview.ts';
