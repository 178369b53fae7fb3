import { useEffect, useState } from 'react';
import type { McpConnection } from '../../../mcp/connection.ts';
import type { ToolsPage } from '../../../mcp/tools.ts';
import type { CallRecord } from '../../../lint/callRules.ts';
import { retryableImport } from '../../../lib/retryableImport.ts';
import { whenIdle } from '../../../web/idle.ts';
import { pageTokenizer } from './tokenCounter.ts';

const loadQuickScore = retryableImport(() => import('./quickScore.ts'));

/**
 * Above this many tools the score waits for the report to be opened: tokenizing a long list is
 * seconds of main-thread work nobody asked for.
 */
export const QUICK_SCORE_MAX_TOOLS = 300;

/**
 * The score of the listing (and the calls made) once the list is complete, worked out in an idle
 * moment; undefined while it is not known (still listing, too long a list, or the code failed to load).
 */
export function useReportScore(
  connection: McpConnection,
  pages: readonly ToolsPage[],
  calls: readonly CallRecord[],
  complete: boolean,
): number | undefined {
  const [score, setScore] = useState<{ pages: readonly ToolsPage[]; calls: readonly CallRecord[]; value: number }>();
  const toolCount = pages.reduce((sum, page) => sum + page.tools.length, 0);
  const wanted = complete && toolCount > 0 && toolCount <= QUICK_SCORE_MAX_TOOLS;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    const cancel = whenIdle(() => {
      void loadQuickScore()
        .then(({ quickScore }) =>
          quickScore(
            {
              server: { name: connection.server.name, version: connection.server.version, protocolVersion: connection.protocolVersion },
              serverUrl: connection.url,
              era: connection.era,
              pages,
              calls,
            },
            pageTokenizer,
          ),
        )
        .then(({ score: value }) => {
          if (live) setScore({ pages, calls, value });
        })
        .catch(() => undefined);
    }, 2000);
    return () => {
      live = false;
      cancel();
    };
  }, [wanted, connection, pages, calls]);
  // A score of another listing is not shown for this one (until the new one is worked out, the last stays).
  return wanted ? score?.value : undefined;
}
