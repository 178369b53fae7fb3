import type { Finding } from '../../lint/findings.ts';
import { FindingItem } from './FindingItem.tsx';

/** The server report's findings for the open tool, by rule id (the same rules as the report). */
export function ToolFindings({ findings }: { findings: readonly Finding[] }) {
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
