import { Badge, type BadgeTone } from '../../components/ui/Badge.tsx';
import { revealInvisible } from '../../lib/text.ts';
import { RULES, type Finding, type Severity } from '../../report/findings.ts';

export const SEVERITY_TONE: Record<Severity, BadgeTone> = { error: 'danger', warning: 'warn', info: 'info' };

/** One finding: severity, rule id, the tool (a button that opens it), what, why and the fix. */
export function FindingItem({ finding, onOpenTool }: { finding: Finding; onOpenTool?: (name: string) => void }) {
  return (
    <li className="flex flex-col gap-0.5 border-b border-line/60 px-2 py-1.5 text-sm last:border-b-0">
      <span className="flex flex-wrap items-center gap-1.5">
        <Badge tone={SEVERITY_TONE[finding.severity]}>{finding.severity}</Badge>
        <code className="font-mono text-xs">{finding.rule}</code>
        {finding.tool === undefined ? (
          <span className="text-xs text-muted">server</span>
        ) : onOpenTool ? (
          <button
            type="button"
            className="truncate font-mono text-xs text-link underline-offset-2 hover:underline"
            onClick={() => finding.tool !== undefined && onOpenTool(finding.tool)}
          >
            {revealInvisible(finding.tool)}
          </button>
        ) : null}
      </span>
      <span className="break-words">{revealInvisible(finding.message)}</span>
      <span className="text-xs text-muted">Why it matters: {RULES[finding.rule]}</span>
      <span className="text-xs text-subtle">Fix: {finding.fix}</span>
    </li>
  );
}
