import { Button } from '../../components/ui/Button.tsx';
import { revealInvisible } from '../../lib/text.ts';
import type { Handle } from '../../mcp/handles.ts';
import { ago } from '../../lib/age.ts';

/** Values earlier results returned for this form's parameters, one click to use. */
export function HandleOffers({
  offers,
  current,
  onUse,
}: {
  offers: readonly [string, Handle[]][];
  current: Record<string, unknown>;
  onUse: (name: string, value: string | number) => void;
}) {
  const open = offers
    .map(([name, handles]) => [name, handles.filter((handle) => current[name] !== handle.value)] as const)
    .filter(([, handles]) => handles.length);
  if (!open.length) return null;
  return (
    <div
      role="group"
      aria-label="Values from earlier calls"
      className="flex flex-col gap-1 rounded-md border border-info-line bg-info-surface p-2 text-xs"
    >
      <p className="font-semibold">From earlier calls</p>
      {open.map(([name, handles]) =>
        handles.map((handle) => (
          <p key={`${name}:${String(handle.value)}`} className="flex flex-wrap items-center gap-1">
            <Button variant="secondary" className="px-2 py-0.5 text-xs" onClick={() => onUse(name, handle.value)}>
              Use {name} = {revealInvisible(JSON.stringify(handle.value).slice(0, 60))}
            </Button>
            <span className="text-muted">
              from {revealInvisible(handle.tool)}{' '}
              {handle.at !== undefined ? `· ${ago(Date.now() - handle.at)} (History)` : `(run ${handle.runId})`}
              {handle.expiresAt !== undefined ? ` · expires ${new Date(handle.expiresAt).toLocaleTimeString('en-GB')}` : ''}
            </span>
          </p>
        )),
      )}
    </div>
  );
}
