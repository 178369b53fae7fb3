// Arguments a link put in a tool's form that the form does not show (keys its schema does not
// declare): each named with its value and removable, so one click on Call tool cannot send a
// `bcc` the person never saw.
import { Button } from '../../components/ui/Button.tsx';
import { revealInvisible } from '../../lib/text.ts';
import { keysOutsideForm } from '../../schema/hiddenKeys.ts';
import { isRecord } from '../../mcp/guards.ts';

const valueAt = (value: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((inner, key) => (isRecord(inner) ? inner[key] : undefined), value);

export function LinkExtras({
  schema,
  value,
  onRemove,
}: {
  schema: unknown;
  value: Record<string, unknown>;
  onRemove: (path: string) => void;
}) {
  const hidden = keysOutsideForm(schema, value);
  if (!hidden.length) return null;
  return (
    <section aria-label="From the link, not in the form" className="rounded-md border border-warn-line bg-warn-surface px-3 py-2 text-sm">
      <p className="font-medium text-warn-strong">From the link, not in the form — these would be sent too:</p>
      <ul className="mt-1 flex flex-col gap-1">
        {hidden.map((path) => (
          <li key={path} className="flex flex-wrap items-center gap-2">
            <code className="font-mono break-all">
              {revealInvisible(path)}: {revealInvisible(JSON.stringify(valueAt(value, path)) ?? 'undefined').slice(0, 500)}
            </code>
            <Button variant="ghost" className="px-2 py-0.5 text-xs" onClick={() => onRemove(path)}>
              Remove {revealInvisible(path)}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
