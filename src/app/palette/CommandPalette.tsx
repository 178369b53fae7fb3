import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Modal } from '../../components/ui/Modal.tsx';
import { cn } from '../../lib/cn.ts';
import { retryableImport } from '../../lib/retryableImport.ts';
import { useStableCallback } from '../../web/stableCallback.ts';
import type { matchCommands } from './commandMatch.ts';
import { loadRecentCommands, rememberCommand, type Command } from './commands.ts';

// The fuzzy matcher (fuzzysort) loads when the palette first opens; what is typed meanwhile is kept,
// and an Enter pressed before it arrives runs the first match once it has.
const loadMatcher = retryableImport(() => import('./commandMatch.ts'));

interface Props {
  commands: readonly Command[];
  onClose: () => void;
  /** The open server, whose recent commands are listed first (none: the start screen's). */
  serverUrl?: string;
}

/** Ctrl+K / ⌘K: jump to a tool, a saved server or a command by typing a few letters (fuzzy, marked). */
export function CommandPalette({ commands, onClose, serverUrl }: Props) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [recent] = useState(() => loadRecentCommands(serverUrl));
  const [match, setMatch] = useState<{ commands: typeof matchCommands }>();
  const [unavailable, setUnavailable] = useState(false);
  // Enter pressed before the matcher arrived: the first match runs once it has.
  const enterPending = useRef(false);
  const matches = useMemo(() => match?.commands(commands, query, { recent }) ?? [], [match, commands, query, recent]);
  const id = useId();
  const run = (command: Command | undefined) => {
    if (!command) return;
    rememberCommand(serverUrl, command.id);
    onClose();
    command.run();
  };
  // The pointer picks a row only when it really moves: rows that appear under a still mouse (the
  // matches arriving, the list filtering) must not take the keyboard's choice away.
  const pointer = useRef<{ x: number; y: number }>(undefined);
  const pointTo = (index: number, x: number, y: number) => {
    const moved = pointer.current !== undefined && (pointer.current.x !== x || pointer.current.y !== y);
    pointer.current = { x, y };
    if (moved) setActive(index);
  };
  const runFirst = useStableCallback((matcher: typeof matchCommands) => run(matcher(commands, query, { recent })[0]?.command));
  useEffect(() => {
    void loadMatcher().then(
      (module) => {
        setMatch({ commands: module.matchCommands });
        if (enterPending.current) runFirst(module.matchCommands);
      },
      () => setUnavailable(true),
    );
  }, [runFirst]);
  return (
    <Modal labelledBy={`${id}-title`} onCancel={onClose} top>
      <h2 id={`${id}-title`} className="sr-only">
        Command palette
      </h2>
      <input
        role="combobox"
        aria-label="Command"
        aria-expanded="true"
        aria-controls={`${id}-list`}
        aria-activedescendant={matches[active] ? `${id}-${active}` : undefined}
        aria-autocomplete="list"
        className="w-full rounded-md border border-field bg-canvas px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-blue-500"
        placeholder="Type a tool, a saved server or a command…"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') setActive((index) => Math.min(index + 1, matches.length - 1));
          else if (event.key === 'ArrowUp') setActive((index) => Math.max(index - 1, 0));
          else if (event.key === 'Enter') {
            if (match) run(matches[active]?.command);
            else enterPending.current = true;
          } else return;
          event.preventDefault();
        }}
      />
      <ul id={`${id}-list`} role="listbox" aria-label="Commands" className="mt-2 max-h-[50vh] overflow-auto">
        {matches.map(({ command, section, marks }, index) => (
          // Keys reach the options through the combobox (aria-activedescendant); a click picks one too.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={command.id}
            id={`${id}-${index}`}
            role="option"
            aria-selected={index === active}
            className={cn('flex cursor-pointer items-baseline gap-2 rounded px-2 py-1.5 text-sm', index === active && 'bg-selected')}
            onMouseMove={(event) => pointTo(index, event.clientX, event.clientY)}
            onClick={() => run(command)}
          >
            {/* The section's name once, on its first row (a heading, not a label on every row). */}
            <span className="w-14 shrink-0 text-[11px] text-subtle">{matches[index - 1]?.section === section ? '' : section}</span>
            <span className="truncate">
              <Marked text={command.label} marks={marks} />
            </span>
            {command.detail ? <span className="truncate font-mono text-[11px] text-subtle">{command.detail}</span> : null}
          </li>
        ))}
        {matches.length === 0 ? (
          <li className="px-2 py-1.5 text-sm text-muted">
            {match
              ? `Nothing matches “${query}”.`
              : unavailable
                ? 'The palette’s matcher could not be loaded: close it and try again.'
                : 'Loading…'}
          </li>
        ) : null}
      </ul>
      <p className="mt-2 flex gap-3 border-t border-line pt-2 text-[11px] text-muted" aria-hidden="true">
        <span>
          <kbd className="font-mono">↑↓</kbd> move
        </span>
        <span>
          <kbd className="font-mono">↵</kbd> run
        </span>
        <span>
          <kbd className="font-mono">Esc</kbd> close
        </span>
        <span className="ml-auto">
          {matches.length} of {commands.length}
        </span>
      </p>
    </Modal>
  );
}

/** The label with the characters the query matched in bold (text only: labels may come from a server). */
function Marked({ text, marks }: { text: string; marks: readonly number[] }) {
  if (!marks.length) return text;
  const marked = new Set(marks);
  const parts: { text: string; mark: boolean }[] = [];
  // fuzzysort's indexes count UTF-16 units, as the string does.
  for (let index = 0; index < text.length; index++) {
    const char = text.charAt(index);
    const mark = marked.has(index);
    const last = parts[parts.length - 1];
    if (last && last.mark === mark) last.text += char;
    else parts.push({ text: char, mark });
  }
  return parts.map((part, index) =>
    part.mark ? (
      <mark key={index} className="bg-transparent font-semibold text-accent">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}
