// A second entry that must run before the app's: Vite folds every module <script> of a page into
// one entry, so the deep-link prefetch (src/app/prefetch.ts) is built as its own input and its
// tag is put first in index.html's <head>, async — it runs the moment it arrives, while the app's
// chunks are still loading.
import type { Plugin } from 'vite';

export function earlyEntry(name: string, source: string, page = 'index.html'): Plugin {
  return {
    name: 'toolscope-early-entry',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.filename.endsWith(page)) return html;
        const chunk = context.bundle
          ? Object.values(context.bundle).find((item) => item.type === 'chunk' && item.isEntry && item.name === name)
          : undefined;
        if (context.bundle && !chunk) return html;
        const src = chunk && chunk.type === 'chunk' ? `/${chunk.fileName}` : `/${source}`;
        // What it imports is asked for beside it, not after it has been parsed.
        const imports = chunk && chunk.type === 'chunk' ? chunk.imports : [];
        return {
          html,
          tags: [
            { tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src }, injectTo: 'head-prepend' },
            ...imports.map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head-prepend' as const,
            })),
          ],
        };
      },
    },
  };
}
