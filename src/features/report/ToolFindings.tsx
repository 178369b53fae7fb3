import { useMemo } from 'react';
import { authFindings } from '../../report/authRules.ts';
import { callFindings, outputValidator } from '../../report/callRules.ts';
import { lintTool } from '../../report/rules.ts';
import type { McpTool } from '../../mcp/tools.ts';
import { callRecords } from '../../session/callRecords.ts';
import type { loadCallChecks } from '../../session/checks.ts';
import type { CallRun } from '../../session/runs.ts';
import { FindingItem } from './FindingItem.tsx';

interface Props {
  tool: McpTool;
  serverUrl: string;
  /** This tool's runs so far: their results are judged too. */
  runs: readonly CallRun[];
  /** The argument checks, once loaded (nothing is judged before). */
  checks: Awaited<ReturnType<typeof loadCallChecks>> | undefined;
}

/**
 * The server report's findings for the open tool, by rule id — the same rules as the report: its
 * definition, and the results of its calls so far.
 */
export function ToolFindings({ tool, serverUrl, runs, checks }: Props) {
  const findings = useMemo(
    () =>
      checks
        ? [
            ...lintTool(tool, serverUrl, checks),
            ...callFindings(callRecords(runs), [tool], outputValidator(checks.validateAgainst)),
            ...authFindings(callRecords(runs)).filter((finding) => finding.tool === tool.name),
          ]
        : [],
    [checks, tool, serverUrl, runs],
  );
  if (!findings.length) return null;
  return (
    <details className="rounded-md border border-line text-sm">
      <summary className="px-2 py-1 text-xs">
        Report: {findings.length} {findings.length === 1 ? 'finding' : 'findings'} for this tool (
        {[...new Set(findings.map((finding) => finding.rule))].join(', ')})
      </summary>
      <ul aria-label="Report findings for this tool">
        {findings.map((finding, index) => (
          <FindingItem key={`${finding.rule}:${index}`} finding={finding} />
        ))}
      </ul>
    </details>
  );
}
