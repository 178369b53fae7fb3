import { Button } from '../../components/ui/Button.tsx';
import { describeListChange, type ToolListChange } from '../../compare/toolListDiff.ts';
import { revealInvisible } from '../../lib/text.ts';

const show = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
};

/** "Since you last connected": what the tool list gained, lost or changed, field by field. */
export function ListChangeNote({ since, change, onDismiss }: { since: number; change: ToolListChange; onDismiss: () => void }) {
  return (
    <details
      aria-label="Tool list changes since last time"
      className="rounded-md border border-info-line bg-info-surface p-2 text-xs text-info-strong"
    >
      <summary>
        Since {new Date(since).toLocaleString('en-GB')}: {revealInvisible(describeListChange(change))}.
      </summary>
      <ul className="mt-1 flex flex-col gap-1 font-mono">
        {change.changed.map((tool) => (
          <li key={tool.name}>
            {revealInvisible(tool.name)}:
            <ul className="pl-3">
              {tool.fields.slice(0, 20).map((field, index) => (
                <li key={index}>
                  {field.kind === 'added' ? '+' : field.kind === 'removed' ? '−' : '~'} {revealInvisible(field.path)}
                  {field.kind === 'changed' ? ` ${revealInvisible(show(field.before))} → ${revealInvisible(show(field.after))}` : ''}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <Button variant="ghost" className="mt-1 text-xs" onClick={onDismiss}>
        Dismiss
      </Button>
    </details>
  );
}
