// The deep link's first requests must leave before anything else of the app has arrived, so its
// entry (src/prefetch/entry.ts) is not a file at all in the build: it is bundled on its own into one
// classic script and written inline, first in index.html's <head> — it runs as the document is
// parsed, with no request before it (a separate file, even from the cache, left 40–100 ms later;
// a module waited longer still). The server allows exactly that script by its hash (server/csp.ts).
// The walk's worker (src/prefetch/walk.worker.ts) is bundled on its own too and travels inside it
// as text (__PREFETCH_WORKER_SOURCE__), started from a blob: a worker file was fetched only after
// the page's own files, up to 700 ms in on a first visit. In development (no bundle) the entry is
// a module script and the worker its source file (__PREFETCH_WORKER__), as any other.
import { build, type Plugin } from 'vite';

const WORKER_CONSTANT = '__PREFETCH_WORKER__';
const WORKER_SOURCE_CONSTANT = '__PREFETCH_WORKER_SOURCE__';
const APP_FILES_CONSTANT = '__APP_FILES__';
/** The files a prefetched deep link fetches early (src/app/shell/main.tsx reads them). */
export const DEEP_LINK_META = 'toolscope-deep-link-chunks';

/** One module and what it imports, as one classic script (minified, no file written). */
export async function bundleAlone(entry: string, define: Record<string, string> = {}): Promise<string> {
  const built = await build({
    configFile: false,
    logLevel: 'warn',
    define,
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      lib: { entry, formats: ['iife'], name: 'toolscopeEarly' },
    },
  });
  const outputs = (Array.isArray(built) ? built : [built]).flatMap((result) => ('output' in result ? result.output : []));
  const code = outputs.find((item) => item.type === 'chunk')?.code;
  if (!code) throw new Error(`earlyEntry: ${entry} built to nothing`);
  return code;
}

/** Inline code must not end its own <script> element early nor open an HTML comment in it. */
export function inlineSafe(code: string): string {
  if (/<\/script|<!--/i.test(code)) throw new Error('earlyEntry: the inline script contains "</script" or "<!--"');
  return code.trim();
}

/** A chunk's file and every chunk it imports statically, transitively (what evaluating it needs). */
function staticGraph(
  bundle: Record<string, { type: string; fileName: string; imports?: string[] }>,
  fileName: string,
  into = new Set<string>(),
) {
  if (into.has(fileName)) return into;
  into.add(fileName);
  for (const imported of bundle[fileName]?.imports ?? []) staticGraph(bundle, imported, into);
  return into;
}

export function earlyEntry({
  entry,
  worker,
  app,
  deepLink = [],
  page = 'index.html',
}: {
  entry: string;
  worker: string;
  /** The app module the page's entry imports once the first tools are up: fetched beside it, from the start. */
  app: string;
  /** Lazy modules a deep link needs before its list (the protocol layer, the workspace): named in a meta tag for main.tsx. */
  deepLink?: string[];
  page?: string;
}): Plugin {
  // The app's own modules (start.tsx and what it imports statically, less what a page's entry
  // imports): one chunk. Every visit loads all of them anyway, and as thirty-odd shared chunks they
  // cost thirty-odd requests — each one CPU for the renderer, the network service and the browser,
  // on a 2-core machine that a deep link's walk needs (bench: ~4 ms of CPU a request there). What
  // each page's entry imports is a group of its own, taken first: a group also takes what its
  // modules import, so without them a page's entry would import the app's chunk.
  const groups = new Map<string, Set<string>>();
  const member = (name: string) => (id: string) => groups.get(name)?.has(id) === true;
  const pageGroupOf = (id: string) => [...groups].find(([name, members]) => name.startsWith('page-') && members.has(id))?.[0] ?? null;
  return {
    name: 'toolscope-early-entry',
    config: (_config, { command }) =>
      command === 'serve'
        ? { define: { [WORKER_CONSTANT]: JSON.stringify(`/${worker}`), [WORKER_SOURCE_CONSTANT]: '""', [APP_FILES_CONSTANT]: '[]' } }
        : {
            build: {
              rolldownOptions: {
                output: {
                  // In this order (a group also takes what its modules import, unless a group before it has).
                  codeSplitting: {
                    groups: [
                      { name: pageGroupOf, priority: 30 },
                      { name: 'start', test: member('start'), priority: 20 },
                      { name: 'connected', test: member('connected'), priority: 10 },
                    ],
                  },
                },
              },
            },
          },
    buildEnd() {
      const graph = (from: string[], into = new Set<string>()) => {
        const queue = [...from];
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (into.has(id)) continue;
          into.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return into;
      };
      const ids = [...this.getModuleIds()];
      const start = ids.find((id) => id.replaceAll('\\', '/').endsWith(`/${app}`));
      groups.clear();
      if (!start) return;
      const taken = new Set<string>();
      const claim = (name: string, members: Iterable<string>) => {
        const mine = new Set([...members].filter((id) => !taken.has(id)));
        for (const id of mine) taken.add(id);
        groups.set(name, mine);
      };
      // Each page (index.html, oauth-callback.html) and the modules it names stay its own chunk.
      // What two pages share is left to the bundler (a page must not load another page's modules).
      const pages = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
      const reached = pages.map((page) => graph([page]));
      for (const [index, page] of pages.entries()) {
        for (const id of [page, ...(this.getModuleInfo(page)?.importedIds ?? [])]) taken.add(id);
        for (const id of reached[index] ?? []) if (reached.some((other, at) => at !== index && other.has(id))) taken.add(id);
      }
      // Named after its page: page-index-….js, page-oauth-callback-….js.
      reached.forEach((modules, index) => claim(`page-${(pages[index] ?? '').replace(/^.*[\\/]/, '').replace(/\.html$/, '')}`, modules));
      claim('start', graph([start]));
      // What a deep link loads next (the protocol layer and the connected screen, with all they
      // import statically): one chunk too — it was a dozen shared ones. The sign-in steps import
      // the SDK from it, so a sign-in loads the connected screen's code a moment early.
      const lazy = deepLink
        .map((module) => ids.find((id) => id.replaceAll('\\', '/').endsWith(`/${module}`)))
        .filter((id) => id !== undefined);
      claim('connected', graph(lazy));
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!context.filename.endsWith(page)) return html;
        if (!context.bundle) {
          return { html, tags: [{ tag: 'script', attrs: { type: 'module', async: true, src: `/${entry}` }, injectTo: 'head-prepend' }] };
        }
        const workerSource = await bundleAlone(worker);
        const appChunk = Object.values(context.bundle).find((item) => item.type === 'chunk' && item.facadeModuleId?.endsWith(app));
        if (!appChunk) throw new Error(`earlyEntry: no chunk for ${app}`);
        const bundle = context.bundle as never;
        const preloads = [...staticGraph(bundle, appChunk.fileName)].filter((file) => !html.includes(`/${file}"`));
        const lazy = new Set<string>();
        for (const module of deepLink) {
          const chunk = Object.values(context.bundle).find((item) => item.type === 'chunk' && item.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`earlyEntry: no chunk for ${module}`);
          staticGraph(bundle, chunk.fileName, lazy);
        }
        const deepLinkFiles = [...lazy].filter((file) => !preloads.includes(file) && !html.includes(`/${file}"`));
        // The app's files are handed to the module loader by the inline entry, at once.
        const code = await bundleAlone(entry, {
          [WORKER_CONSTANT]: '""',
          [WORKER_SOURCE_CONSTANT]: JSON.stringify(workerSource),
          [APP_FILES_CONSTANT]: JSON.stringify(preloads.map((file) => `/${file}`)),
        });
        return {
          html,
          tags: [
            { tag: 'script', children: inlineSafe(code), injectTo: 'head-prepend' },
            { tag: 'meta', attrs: { name: DEEP_LINK_META, content: deepLinkFiles.map((file) => `/${file}`).join(' ') }, injectTo: 'head' },
          ],
        };
      },
    },
  };
}
