// The server's completions for one argument, under its field while it is the one being typed in
// (completion/complete, 250 ms after typing pauses): a listbox whose option fills the field.
// Nothing is asked of a server that does not declare the completions capability.
import type { KeyboardEvent } from 'react';
import { cn } from '../../lib/cn.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import { describeFailure, failureOf } from '../../mcp/errors.ts';
import type { CompletionRef } from '../../mcp/serverOffers.ts';
import { revealInvisible } from '../../lib/text.ts';
import { useCompletion } from './api/offerQueries.ts';

interface Props {
  connection: McpConnection;
  authContext: string;
  completionRef: CompletionRef;
  argument: string;
  values: Record<string, string>;
  /** This field is the one being typed in (only it asks the server). */
  active: boolean;
  onPick: (value: string) => void;
}

/** The most values shown (the server may send 100). */
const SHOWN = 12;

export function Suggestions({ connection, authContext, completionRef, argument, values, active, onPick }: Props) {
  const value = values[argument] ?? '';
  const [completion, asked] = useCompletion(connection, authContext, completionRef, argument, value, values, active);
  if (!active || !connection.offers.completions) return null;
  if (completion.isError) {
    return <p className="text-xs text-warn">No completions: {describeFailure(failureOf(completion.error))}</p>;
  }
  const found = completion.data;
  if (!found) return null;
  // A value already typed in full is not offered again.
  const offered = found.values.filter((candidate) => candidate !== value).slice(0, SHOWN);
  const more = found.total !== undefined ? Math.max(0, found.total - Math.min(found.values.length, SHOWN)) : 0;
  const exact = asked === value && found.values.includes(value);
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    const options = [...(event.currentTarget.parentElement?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])];
    const at = options.indexOf(event.currentTarget);
    const step =
      event.key === 'ArrowDown' || event.key === 'ArrowRight' ? 1 : event.key === 'ArrowUp' || event.key === 'ArrowLeft' ? -1 : 0;
    if (step && at >= 0) {
      event.preventDefault();
      options[(at + step + options.length) % options.length]?.focus();
    } else if ((event.key === 'Enter' || event.key === ' ') && at >= 0) {
      event.preventDefault();
      onPick(offered[at] ?? '');
    }
  };
  return (
    <div className="flex flex-col gap-1 text-xs">
      {offered.length ? (
        <ul role="listbox" aria-label={`Suggestions for ${argument}`} className="flex flex-wrap gap-1">
          {offered.map((candidate, index) => (
            <li
              key={candidate}
              role="option"
              aria-selected={false}
              tabIndex={index === 0 ? 0 : -1}
              className={cn('cursor-pointer rounded-md border border-line px-2 py-1 font-mono hover:bg-hover')}
              onClick={() => onPick(candidate)}
              onKeyDown={onKeyDown}
            >
              {revealInvisible(candidate)}
            </li>
          ))}
        </ul>
      ) : exact ? (
        <p className="text-ok">✓ A value the server offers.</p>
      ) : (
        <p className="text-muted">The server completes nothing for “{revealInvisible(asked)}”.</p>
      )}
      <p className="text-muted">
        {found.total !== undefined
          ? `${found.total} ${found.total === 1 ? 'value' : 'values'} on the server${more ? `, ${more} not shown` : ''}`
          : found.hasMore
            ? 'More values on the server (it says hasMore; type more to narrow them).'
            : null}
      </p>
    </div>
  );
}
