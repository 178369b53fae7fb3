import { Button } from '../../components/ui/Button.tsx';

/** The top bar's "Report" chip: the server's score once known, pressed while the report is open. */
export function ReportChip({ score, open, onToggle }: { score?: number; open: boolean; onToggle: () => void }) {
  return (
    <Button
      variant="ghost"
      className="px-2 py-0.5 text-xs"
      aria-pressed={open}
      title="The server report: every rule over this server’s tools and the calls made, and the model’s view"
      onClick={onToggle}
    >
      Report
      {score !== undefined ? (
        <span
          className={`ml-1 rounded px-1 font-semibold tabular-nums ${
            score >= 90 ? 'bg-ok-surface text-ok' : score >= 70 ? 'bg-warn-surface text-warn' : 'bg-danger-surface text-danger'
          }`}
        >
          {score}
        </span>
      ) : null}
    </Button>
  );
}
