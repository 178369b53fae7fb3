import { useEffect, useRef, useState } from 'react';
import { serverKey } from '../../../lib/serverKey.ts';
import { diffToolLists, isUnchanged, snapshotOf, type ToolListChange } from '../../../compare/toolListDiff.ts';
import type { McpTool } from '../../../mcp/tools.ts';
import { swapSeenList } from '../../../storage/listStore.ts';
import { whenIdle } from '../../../web/idle.ts';

/**
 * The first time the list is fully loaded: how it differs from the last time this server was
 * seen. Every complete list (also after a list_changed reload) is remembered for next time.
 */
export function useListMemory(serverUrl: string, tools: readonly McpTool[], complete: boolean) {
  const [change, setChange] = useState<{ since: number; change: ToolListChange }>();
  const compared = useRef(false);
  useEffect(() => {
    if (!complete) return;
    // In an idle moment: the page has just shown a complete list and may have more to paint.
    return whenIdle(() => {
      const first = !compared.current;
      compared.current = true;
      const snapshot = tools.map(snapshotOf);
      swapSeenList(serverKey(serverUrl), snapshot)
        .then((previous) => {
          if (!first || !previous || previous === 'same') return;
          const diff = diffToolLists(previous.tools, snapshot);
          if (!isUnchanged(diff)) setChange({ since: previous.at, change: diff });
        })
        .catch(() => undefined); // no IndexedDB: nothing to compare with, nothing lost
    }, 2000);
  }, [complete, serverUrl, tools]);
  return { change, dismiss: () => setChange(undefined) };
}
