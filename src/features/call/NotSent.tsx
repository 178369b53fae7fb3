// The response pane's body when the last request was not sent: why, and where the earlier
// results are — never the previous call's body under a "Not sent" pill.
import type { Notice } from '../../session/callEntrance.ts';

function why(notice: Exclude<Notice, { kind: 'refused' }>): string {
  switch (notice.kind) {
    case 'invalid':
      return 'the arguments break the tool’s schema (marked in the form; “Send anyway” sends them as they are).';
    case 'unparsed':
      return 'the JSON editor’s text is not JSON (where it breaks is said above it).';
    case 'check-failed':
      return 'Toolscope could not load its argument checks (said above the form).';
  }
}

export function NotSent({ notice, earlierRuns }: { notice: Notice; earlierRuns: number }) {
  if (notice.kind === 'refused')
    return (
      <p role="alert" className="rounded-md border border-warn-line bg-warn-surface p-2 text-sm text-warn-strong">
        Refused, not sent: {notice.reason}
      </p>
    );
  return (
    <p aria-label="Nothing sent" className="text-sm text-muted">
      Nothing was sent, so these arguments have no result: {why(notice)}
      {earlierRuns ? ' Earlier results are in the run list below.' : ''}
    </p>
  );
}
