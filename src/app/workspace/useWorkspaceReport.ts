// The report as the workspace keeps it: the calls made (records), the app loads blocked in this
// session (the report's app-csp-undeclared), what the last report gathered (a new listing makes it
// old) — and the score the chip shows, from all of them.
import { useMemo, useState } from 'react';
import type { AppViolation } from '../../report/appRules.ts';
import type { GatheredReport } from '../../report/collect.ts';
import { useReportScore } from '../../features/report/api/useReportScore.ts';
import type { useToolPages } from '../../features/tools/api/toolPages.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import { callRecords } from '../../session/callRecords.ts';
import type { CallRun } from '../../session/runs.ts';

export function useWorkspaceReport(
  connection: McpConnection,
  authContext: string,
  data: ReturnType<typeof useToolPages>,
  runs: readonly CallRun[],
) {
  const records = useMemo(() => callRecords(runs), [runs]);
  const [appViolations, setAppViolations] = useState<readonly AppViolation[]>([]);
  const listedAt = data.freshness?.updatedAt ?? 0;
  const [made, setMade] = useState<{ listedAt: number; gathered: GatheredReport }>();
  const madeNow = made?.listedAt === listedAt ? made.gathered : undefined;
  const scored = useReportScore(
    connection,
    authContext,
    { pages: data.pages, tools: data.tools, complete: !data.loading && !data.error && !data.stopMessage, listedAt },
    madeNow,
    records,
    appViolations,
  );
  return {
    records,
    appViolations,
    /** An app's frame had a load blocked (kept: the last 200). */
    violated: (violation: AppViolation) => setAppViolations((previous) => [...previous, violation].slice(-200)),
    made: madeNow,
    onMade: (gathered: GatheredReport) => setMade({ listedAt, gathered }),
    scored,
  };
}
