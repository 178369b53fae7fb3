import { Badge, type BadgeTone } from '../../components/ui/Badge.tsx';
import { hintViews, type HintKey, type HintView } from '../../mcp/toolHints.ts';
import { type ToolAnnotations } from '../../mcp/tools.ts';

const TONE: Record<HintKey, BadgeTone> = { readOnlyHint: 'good', destructiveHint: 'danger', idempotentHint: 'info', openWorldHint: 'warn' };

function badgeName(hint: HintView) {
  return hint.isDefault ? `${hint.label} (default)` : hint.label;
}

/** Which hint a one-badge row shows first: what may do harm before what reaches out, before what is safe. */
const PRIORITY: readonly HintKey[] = ['destructiveHint', 'openWorldHint', 'readOnlyHint', 'idempotentHint'];

/**
 * Badges for the hints that hold (true and applicable); defaults are marked. `compact` (a list
 * row): the one that matters most, then "+N" — named for the hints it stands for, as is its tooltip.
 */
export function HintBadges({ annotations, compact = false }: { annotations: ToolAnnotations; compact?: boolean }) {
  const holding = hintViews(annotations).filter((hint) => hint.value && hint.applicable);
  const ordered = compact ? [...holding].sort((a, b) => PRIORITY.indexOf(a.key) - PRIORITY.indexOf(b.key)) : holding;
  const shown = compact ? ordered.slice(0, 1) : ordered;
  const more = compact ? ordered.slice(1) : [];
  const moreName = more.map(badgeName).join(', ');
  return (
    <span className="flex shrink-0 gap-1">
      {shown.map((hint) => (
        <Badge
          key={hint.key}
          tone={TONE[hint.key]}
          aria-label={badgeName(hint)}
          title={badgeName(hint)}
          className={hint.isDefault ? 'border-dashed opacity-80' : undefined}
        >
          {hint.label}
          {hint.isDefault ? <span className="sr-only"> (default)</span> : null}
        </Badge>
      ))}
      {more.length ? (
        <Badge tone="neutral" aria-label={moreName} title={moreName}>
          +{more.length}
        </Badge>
      ) : null}
    </span>
  );
}

/** All four hints in words, each with its value or its spec default ("not read-only · Destructive (default) · …"). */
export function HintSummary({ annotations }: { annotations: ToolAnnotations }) {
  const parts = hintViews(annotations).map((hint) => {
    if (!hint.applicable) return `${hint.label}: n/a (read-only)`;
    const text = hint.value ? hint.label : `not ${hint.label.toLowerCase()}`;
    return hint.isDefault ? `${text} (default)` : text;
  });
  return <p className="text-sm text-subtle">{parts.join(' · ')}</p>;
}

/** One line per hint, and what a dashed badge means. */
export function HintLegend() {
  return (
    <details className="text-xs text-subtle">
      <summary className="cursor-pointer py-1">What the badges mean</summary>
      <ul className="mt-1 flex flex-col gap-0.5">
        <li>
          <strong>Read-only</strong>: does not change anything (makes destructive and idempotent moot).
        </li>
        <li>
          <strong>Destructive</strong>: may delete or overwrite data; Toolscope asks before calling it.
        </li>
        <li>
          <strong>Idempotent</strong>: calling twice with the same arguments has no further effect.
        </li>
        <li>
          <strong>Open world</strong>: reaches outside systems (web, email, other services).
        </li>
        <li>A dashed badge is the spec default: the server did not set that hint. Hints are the server’s claims, not guarantees.</li>
      </ul>
    </details>
  );
}
