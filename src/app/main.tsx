// The page's entry. First: the built chunks' dynamic imports go through it (build/retryableImports.ts).
import '../lib/chunkImport.ts';
import './styles.css';
import { firstPageSettled, prefetching } from '../mcp/prefetch.ts';

// A deep link's first page of tools (the inline early entry, src/app/prefetch.ts) is put on screen
// before the app's code is evaluated, which holds this thread for a good 100 ms: the app's files
// are meanwhile fetched side by side (modulepreload, build/earlyEntry.ts), so it waits for nothing
// but the first answer — and never more than 300 ms. Any other visit starts the app at once.
await firstPageSettled(300);
// A deep link that is being prefetched needs the protocol layer and the workspace next: their
// files are asked for now (fetched and parsed, not run), beside the app's own start — not after it.
if (prefetching()) {
  const files = document.querySelector<HTMLMetaElement>('meta[name="toolscope-deep-link-chunks"]')?.content.split(' ') ?? [];
  for (const file of files.filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}
await import('./start.tsx');
