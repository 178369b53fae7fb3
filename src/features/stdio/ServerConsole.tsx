import { useDeferredValue, useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { useDrawer } from '../../lib/drawer.ts';
import { TOGGLE_CONSOLE } from '../../lib/keyboard.ts';
import { useRememberedSize } from '../../lib/rememberedSize.ts';
import { describeState, type ConsoleLine } from '../../mcp/stdio.ts';
import type { ConsoleSnapshot } from './consoleStore.ts';

// Thousands of lines stay searchable; only the newest matches are in the DOM.
const SHOWN = 300;
const OPEN_KEY = 'toolscope.console.open';
const HEIGHT_KEY = 'toolscope.console.height';

const clock = (time: number) => {
  const date = new Date(time);
  const pad = (value: number, size = 2) => String(value).padStart(size, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
};

function Line({ line }: { line: ConsoleLine }) {
  return (
    <li className={`flex gap-2 px-2 font-mono text-[11px] ${line.source === 'toolscope' ? 'text-subtle italic' : ''}`}>
      <time className="shrink-0 text-muted" dateTime={new Date(line.time).toISOString()}>
        {clock(line.time)}
      </time>
      <span className="break-all whitespace-pre-wrap">{line.source === 'toolscope' ? `Toolscope: ${line.text}` : line.text}</span>
    </li>
  );
}

/** The stdio server's stderr, live and searchable, with Restart and Stop (region "Server console"). */
export function ServerConsole({
  snapshot,
  problem,
  onRestart,
  onStop,
}: {
  snapshot: ConsoleSnapshot;
  problem: string;
  onRestart: () => void;
  onStop: () => void;
}) {
  const [open, setOpen] = useDrawer(OPEN_KEY, TOGGLE_CONSOLE);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query.trim().toLowerCase());
  const { ref: resizable, initial: storedHeight } = useRememberedSize<HTMLOListElement>(HEIGHT_KEY, 'height', 64, open);
  const state = snapshot.status?.state;
  const running = state?.status === 'running' || state?.status === 'starting';
  // A crash is news: the console opens by itself to show the last words.
  const ended = state !== undefined && !running;
  useEffect(() => {
    if (ended) setOpen(true);
  }, [ended, setOpen]);
  const matching = deferredQuery ? snapshot.lines.filter((line) => line.text.toLowerCase().includes(deferredQuery)) : snapshot.lines;
  const shown = matching.slice(-SHOWN);
  return (
    <section aria-label="Server console" className="flex min-h-0 shrink-0 flex-col border-t border-line bg-panel">
      <div className="flex flex-wrap items-center justify-between gap-2 px-2 py-1">
        <h2 className="text-sm font-semibold">
          Server console{' '}
          <span className="font-normal text-muted">
            ({snapshot.lines.length} {snapshot.lines.length === 1 ? 'line' : 'lines'}
            {state ? <span className={running ? '' : 'text-danger'}> · {describeState(state)}</span> : null}
            {snapshot.live ? '' : ' · not following (Toolscope’s server unreachable)'}
            {snapshot.status?.watching ? ` · watching ${snapshot.status.watching}` : ''})
          </span>
        </h2>
        <div className="flex flex-wrap items-center gap-1">
          {open ? (
            <input
              type="search"
              aria-label="Search the console"
              placeholder="Search the console"
              className="rounded-md border border-field bg-panel px-2 py-0.5 text-xs"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          ) : null}
          <Button className="text-xs" onClick={onRestart}>
            Restart server
          </Button>
          <Button variant="ghost" className="text-xs" disabled={!running} onClick={onStop}>
            Stop server
          </Button>
          <Button variant="ghost" className="text-xs" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Hide' : 'Show'}
          </Button>
        </div>
      </div>
      {problem ? (
        <p role="alert" className="px-2 text-xs text-danger">
          {problem}
        </p>
      ) : null}
      {open ? (
        <ol ref={resizable} className="h-48 max-h-[70vh] min-h-16 resize-y overflow-auto py-1" style={{ height: storedHeight }}>
          {matching.length > shown.length ? (
            <li className="px-2 text-xs text-muted">
              Showing the newest {shown.length} of {matching.length} {deferredQuery ? 'matching ' : ''}lines
              {deferredQuery ? '' : '; search to find older ones'}.
            </li>
          ) : null}
          {shown.map((line) => (
            <Line key={line.seq} line={line} />
          ))}
          {shown.length === 0 ? (
            <li className="px-2 text-xs text-muted">{deferredQuery ? 'No line matches.' : 'Nothing on stderr yet.'}</li>
          ) : null}
        </ol>
      ) : null}
    </section>
  );
}
