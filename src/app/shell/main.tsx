// The page's entry. First: the built chunks' dynamic imports go through it (build/chunkRetryPlugin.ts).
import '../../web/chunkImport.ts';
import './styles.css';
import { firstPageSettled, prefetching } from '../../prefetch/index.ts';
import { modulePreload } from '../../web/modulePreload.ts';
import { keepGrantsIn } from '../../mcp/auth/grants.ts';
import { readStored, removeStored, upgradeStorageKeys, writeStored } from '../../web/storage.ts';

// Before the app reads anything it stored (the early entry did it too, when it ran).
upgradeStorageKeys();
// Sign-ins the person chose to keep are kept in this browser (src/mcp has no storage of its own).
keepGrantsIn({ read: readStored, write: writeStored, remove: removeStored });

// A deep link's first page of tools (the inline early entry, src/prefetch/entry.ts) is put on screen
// before the app's code is evaluated, which holds this thread for a good 100 ms. The app's files
// are meanwhile fetched into the cache and handed to the module loader by that entry, so this
// waits for nothing but the first answer — and never more than 300 ms. Any other visit starts at once.
await firstPageSettled(300);
// A deep link that is being prefetched needs the protocol layer and the workspace next: their
// files (named by build/earlyEntry.ts) are asked for now, beside the app's own start — not after it.
if (prefetching())
  modulePreload(document.querySelector<HTMLMetaElement>('meta[name="toolscope-deep-link-chunks"]')?.content.split(' ') ?? []);
await import('./start.tsx');
