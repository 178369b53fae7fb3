// --watch DIR: restart the child when files under DIR change (debounced; node_modules, .git and
// editor droppings ignored). The page then lists the tools again and shows what changed.
import { watch, type FSWatcher } from 'node:fs';
import type { StdioChild } from './child.ts';
import { errorMessage } from '../../src/lib/errorMessage.ts';

const IGNORED = /(^|[/\\])(node_modules|\.git|__pycache__|\.venv)([/\\]|$)|(~|\.swp|\.swx|\.tmp)$/;

export function watchAndRestart(dir: string, child: StdioChild, debounceMs = 300): () => void {
  let timer: NodeJS.Timeout | undefined;
  let changed = new Set<string>();
  let watcher: FSWatcher;
  try {
    watcher = watch(dir, { recursive: true }, (_event, file) => {
      const name = file ? String(file) : '';
      if (name && IGNORED.test(name)) return;
      changed.add(name || dir);
      clearTimeout(timer);
      timer = setTimeout(() => {
        const files = [...changed];
        changed = new Set();
        child.note(
          `Changed under ${dir}: ${files.slice(0, 5).join(', ')}${files.length > 5 ? ` and ${files.length - 5} more` : ''}; restarting the server.`,
        );
        void child.restart();
      }, debounceMs);
    });
  } catch (error) {
    throw new Error(`--watch ${dir}: ${errorMessage(error)}`);
  }
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
