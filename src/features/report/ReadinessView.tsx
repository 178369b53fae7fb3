// A directory's verdict on the report: ready, not ready, or needs a person — the items grouped as
// the directory weighs them, each with what was found and where the directory says it. Items only a
// person can judge have a box to tick (kept for this report only).
import type { Readiness, ReadinessItem } from '../../report/profiles.ts';
import { VERDICT_TEXT } from '../../report/profiles.ts';
import { revealInvisible } from '../../lib/text.ts';

const GROUPS = [
  ['blocker', 'Blockers'],
  ['requirement', 'Directory requirements'],
  ['recommendation', 'Recommendations'],
  ['person', 'Needs a person'],
] as const;

const STATUS_TEXT: Record<ReadinessItem['status'], string> = {
  met: 'Met',
  unmet: 'Not met',
  'not-applicable': 'Not applicable',
  person: 'To check',
  confirmed: 'Checked',
};

const VERDICT_TONE = { ready: 'text-ok', 'not-ready': 'text-danger', 'needs-person': 'text-warn' } as const;

const forPerson = (item: ReadinessItem) => item.status === 'person' || item.status === 'confirmed';

export function ReadinessView({ readiness, onConfirm }: { readiness: Readiness; onConfirm: (id: string, checked: boolean) => void }) {
  return (
    <section aria-label="Readiness" className="flex flex-col gap-2 rounded-md border border-line p-3">
      <p className="text-sm">
        {readiness.profile}: <strong className={VERDICT_TONE[readiness.verdict]}>{VERDICT_TEXT[readiness.verdict]}</strong>
      </p>
      {GROUPS.map(([standing, heading]) => {
        // An item no program could judge is listed with the person's, whatever its weight.
        const items = readiness.items.filter((item) =>
          standing === 'person' ? forPerson(item) : item.standing === standing && !forPerson(item),
        );
        if (!items.length) return null;
        return (
          <div key={standing}>
            <h3 className="text-xs font-semibold uppercase tracking-wide text-muted">{heading}</h3>
            <ul aria-label={heading} className="mt-1 flex flex-col gap-1">
              {items.map((item) => (
                <li key={item.id} className="text-sm">
                  <div className="flex flex-wrap items-baseline gap-2">
                    {forPerson(item) ? (
                      <label className="flex items-baseline gap-1">
                        <input
                          type="checkbox"
                          checked={item.status === 'confirmed'}
                          onChange={(event) => onConfirm(item.id, event.target.checked)}
                        />
                        <span>{item.title}</span>
                      </label>
                    ) : (
                      <span>
                        <span className={item.status === 'unmet' ? 'font-semibold text-danger' : 'text-muted'}>
                          {STATUS_TEXT[item.status]}
                        </span>{' '}
                        · {item.title}
                      </span>
                    )}
                    <a className="text-xs text-link underline" href={item.source} target="_blank" rel="noreferrer noopener">
                      source
                    </a>
                  </div>
                  {item.details.length ? (
                    <ul className="ml-4 list-disc text-xs text-muted">
                      {item.details.slice(0, 20).map((detail, index) => (
                        <li key={index}>{revealInvisible(detail)}</li>
                      ))}
                      {item.details.length > 20 ? <li>… and {item.details.length - 20} more</li> : null}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
