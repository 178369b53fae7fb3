// A call's outcome (src/session/outcome.ts gives it) as one pill: the same word in the same colour
// in the response pane, History, Traffic, the saved calls and the run list.
import { cn } from '../../lib/cn.ts';

/** The tones of src/session/outcome.ts (shared UI knows nothing of MCP: the shape is repeated). */
type PillTone = 'ok' | 'warn' | 'danger' | 'neutral' | 'running';

const PILL: Record<PillTone, string> = {
  neutral: 'border-field bg-hover text-subtle',
  running: 'border-info-line bg-info-surface text-info',
  ok: 'border-ok-line bg-ok-surface text-ok',
  warn: 'border-warn-line bg-warn-surface text-warn',
  danger: 'border-danger-line bg-danger-surface text-danger',
};

export function OutcomePill({ outcome, className }: { outcome: { kind: string; label: string; tone: PillTone }; className?: string }) {
  return (
    <span
      data-outcome={outcome.kind}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 text-xs leading-none font-semibold whitespace-nowrap',
        PILL[outcome.tone],
        className,
      )}
    >
      {outcome.label}
    </span>
  );
}
