// The top bar chip's score: the report's own, from connect on. Before a report is made, the chip
// scores what the report would gather — the workspace's listing plus the report's reads (each app
// tool's UI resource, the skills), read once in an idle moment — with this session's calls; once
// a report is made, what that report gathered. Only the report's second listing can tell more (an
// unstable order), and the report then says so, the chip with it.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { McpConnection } from '../../../mcp/connection.ts';
import type { McpTool, ToolsPage } from '../../../mcp/tools.ts';
import type { CallRecord } from '../../../report/callRules.ts';
import type { AppViolation } from '../../../report/appRules.ts';
import type { Finding } from '../../../report/findings.ts';
import type { GatheredReport, ReportReads } from '../../../report/collect.ts';
import { retryableImport } from '../../../lib/retryableImport.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { serverKey } from '../../../lib/serverKey.ts';
import { whenIdle } from '../../../web/idle.ts';
import { pageTokenizer } from './tokenCounter.ts';

const loadQuickScore = retryableImport(() => import('./quickScore.ts'));

/**
 * Above this many tools the score waits for the report to be opened: tokenizing a long list is
 * seconds of main-thread work nobody asked for.
 */
export const QUICK_SCORE_MAX_TOOLS = 300;

export interface ScoredListing {
  pages: readonly ToolsPage[];
  tools: readonly McpTool[];
  /** The walk reached its end (no error, not stopped). */
  complete: boolean;
  /** When this list was listed (a new listing is read for again). */
  listedAt: number;
}

/** The report's reads over the workspace's listing, once, when the page is idle (undefined until then). */
function useReportReads(connection: McpConnection, authContext: string, listing: ScoredListing, wanted: boolean): ReportReads | undefined {
  const [idle, setIdle] = useState(false);
  useEffect(() => (wanted ? whenIdle(() => setIdle(true), 2000) : undefined), [wanted]);
  const reads = useQuery({
    queryKey: queryKeys.reportReads(serverKey(connection.url), authContext, listing.listedAt),
    queryFn: async ({ signal }) => (await loadQuickScore()).readForReport(connection, listing.tools, signal),
    enabled: wanted && idle,
    staleTime: Infinity,
    retry: false,
  });
  return reads.data;
}

/**
 * The chip's score and the findings behind it (the skills view lists its skill's); undefined while it is not known (still listing, a list too long to score
 * unasked, the reads not done, or the code failed to load).
 */
export function useReportScore(
  connection: McpConnection,
  authContext: string,
  listing: ScoredListing,
  made: GatheredReport | undefined,
  calls: readonly CallRecord[],
  appViolations: readonly AppViolation[],
): { score: number; findings: readonly Finding[] } | undefined {
  const toolCount = listing.tools.length;
  const unasked = listing.complete && toolCount > 0 && toolCount <= QUICK_SCORE_MAX_TOOLS;
  const reads = useReportReads(connection, authContext, listing, unasked && !made);
  // What the score is of: the made report's gathering, or the reads of this listing.
  const source = made ?? (unasked ? reads : undefined);
  const [score, setScore] = useState<{ source: object; value: number; findings: readonly Finding[] }>();
  useEffect(() => {
    if (!source) return;
    const gathered = made ?? { pages: listing.pages, ...source };
    let live = true;
    const cancel = whenIdle(() => {
      void loadQuickScore()
        .then(({ quickScore, reportInputOf }) =>
          quickScore(reportInputOf(connection, gathered, { calls, appViolations, reach: connection.reach }), pageTokenizer),
        )
        .then(({ score: value, findings }) => {
          if (live) setScore({ source, value, findings });
        })
        .catch(() => undefined);
    }, 500);
    return () => {
      live = false;
      cancel();
    };
  }, [source, made, listing.pages, connection, calls, appViolations]);
  // A score of another gathering is not shown for this one (while only the calls changed, the last
  // stays until the new one is worked out).
  return source && score?.source === source ? { score: score.value, findings: score.findings } : undefined;
}
