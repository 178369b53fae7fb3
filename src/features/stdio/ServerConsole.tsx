import { useDeferredValue, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { PanelSearch, PanelTitle } from '../../components/ui/PanelHeader.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { DockTab } from '../../components/ui/Dock.tsx';
import { dock } from '../../web/dockStore.ts';
import { describeState, type ConsoleLine } from '../../mcp/wire/stdio.ts';
import type { ConsoleSnapshot } from './consoleStore.ts';

// Thousands of lines stay searchable; only the newest matches are in the DOM.
const SHOWN = 300;

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

/**
 * The lines, following the tail: at the bottom, each new line scrolls into view; scrolled up to read,
 * the view stays put and "↓ n new" says what arrived (and goes back down).
 */
function ConsoleLog({
  shown,
  total,
  searching,
  onSeen,
}: {
  shown: readonly ConsoleLine[];
  total: number;
  searching: boolean;
  onSeen: (seq: number) => void;
}) {
  const list = useRef<HTMLOListElement>(null);
  const following = useRef(true);
  const last = shown.at(-1)?.seq ?? 0;
  const [readAt, setReadAt] = useState(last);
  const fresh = shown.filter((line) => line.seq > readAt).length;
  useLayoutEffect(() => {
    const element = list.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [last]);
  useEffect(() => {
    onSeen(last);
    if (following.current) setReadAt(last);
  }, [last, onSeen]);
  const toBottom = () => {
    const element = list.current;
    following.current = true;
    setReadAt(last);
    if (element) element.scrollTop = element.scrollHeight;
  };
  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <ol
        ref={list}
        aria-label="Console lines"
        className="min-h-0 flex-1 overflow-auto py-1"
        onScroll={(event) => {
          const element = event.currentTarget;
          following.current = element.scrollHeight - element.scrollTop - element.clientHeight < 8;
          if (following.current) setReadAt(last);
        }}
      >
        {total > shown.length ? (
          <li className="px-2 text-xs text-muted">
            Showing the newest {shown.length} of {total} {searching ? 'matching ' : ''}lines
            {searching ? '' : '; search to find older ones'}.
          </li>
        ) : null}
        {shown.map((line) => (
          <Line key={line.seq} line={line} />
        ))}
        {shown.length === 0 ? (
          <li className="px-2 text-xs text-muted">{searching ? 'No line matches.' : 'Nothing on stderr yet.'}</li>
        ) : null}
      </ol>
      {fresh > 0 ? (
        <Button className="absolute right-3 bottom-2 px-2 py-0.5 text-xs shadow" onClick={toBottom}>
          ↓ {fresh} new
        </Button>
      ) : null}
    </div>
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
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query.trim().toLowerCase());
  const state = snapshot.status?.state;
  const running = state?.status === 'running' || state?.status === 'starting';
  // A crash is news: the console opens by itself to show the last words.
  const ended = state !== undefined && !running;
  useEffect(() => {
    if (ended) dock.show('console');
  }, [ended]);
  const matching = deferredQuery ? snapshot.lines.filter((line) => line.text.toLowerCase().includes(deferredQuery)) : snapshot.lines;
  const shown = matching.slice(-SHOWN);
  // Lines that arrived while the console was not shown: the tab says so ("● new").
  const [seen, setSeen] = useState(0);
  const unseen = (snapshot.lines.at(-1)?.seq ?? 0) > seen;
  return (
    <DockTab id="console" label="Server console" order={3} badge={ended ? 'exited' : unseen ? '● new' : undefined} alert={ended}>
      {(open) =>
        open ? (
          <section aria-label="Server console" className="flex h-full min-h-0 flex-col">
            <div className="flex flex-wrap items-center justify-between gap-2 px-2 py-1">
              <PanelTitle title="Server console" count={snapshot.lines.length} noun={['line', 'lines']}>
                {state ? <span className={running ? '' : 'text-danger'}> · {describeState(state)}</span> : null}
                {snapshot.live ? '' : ' · not following (Toolscope’s server unreachable)'}
                {snapshot.status?.watching ? ` · watching ${snapshot.status.watching}` : ''}
              </PanelTitle>
              <div className="flex flex-wrap items-center gap-1">
                <PanelSearch label="Search the console" placeholder="Search the console" value={query} onChange={setQuery} />
                <Button className="text-xs" onClick={onRestart}>
                  Restart server
                </Button>
                <Button variant="ghost" className="text-xs" disabled={!running} onClick={onStop}>
                  Stop server
                </Button>
              </div>
            </div>
            {problem ? (
              <p role="alert" className="px-2 text-xs text-danger">
                {problem}
              </p>
            ) : null}
            <ConsoleLog shown={shown} total={matching.length} searching={deferredQuery !== ''} onSeen={setSeen} />
          </section>
        ) : null
      }
    </DockTab>
  );
}
