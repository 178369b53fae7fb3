import { memo, useState, useSyncExternalStore } from 'react';
import { useRememberedSize } from '../../lib/rememberedSize.ts';
import { useDrawer } from '../../lib/drawer.ts';
import { TOGGLE_TRAFFIC } from '../../lib/keyboard.ts';
import { Button } from '../../components/ui/Button.tsx';
import { formatBytes } from '../../mcp/results.ts';
import type { RpcSummary, TrafficEntry, TrafficRecorder } from '../../mcp/traffic.ts';

// Rendering hundreds of rows on every exchange slows a 1,000-page tool list; show the newest
// rows and let the user ask for more.
const PAGE = 40;
const OPEN_KEY = 'toolscope.traffic.open';
const HEIGHT_KEY = 'toolscope.traffic.height';

function summaryLine(messages: RpcSummary[]) {
  return messages
    .map(
      (message) =>
        `${message.method}${message.target ? ` ${message.target}` : ''}${message.id !== undefined ? ` #${message.id}` : ''}${message.error ? ` error ${message.error.code}` : ''}`,
    )
    .join(', ');
}

function Headers({ headers }: { headers: [string, string][] }) {
  return (
    <pre className="overflow-auto font-mono text-[11px] whitespace-pre-wrap">
      {headers.map(([name, value]) => `${name}: ${value}`).join('\n')}
    </pre>
  );
}

function prettyBody(body: string) {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

const Entry = memo(function Entry({ entry }: { entry: TrafficEntry }) {
  // Bodies are pretty-printed only once the row is opened: the list may hold hundreds.
  const [open, setOpen] = useState(false);
  const sent = summaryLine(entry.sent) || entry.httpMethod;
  const received = summaryLine(entry.received);
  return (
    <li className="border-b border-line/60">
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className="flex cursor-pointer flex-wrap gap-x-2 px-2 py-1 font-mono text-xs">
          <span className="font-semibold">{sent}</span>
          <span className="text-muted">{entry.httpMethod}</span>
          <span className={entry.status && entry.status >= 400 ? 'text-red-600' : 'text-muted'}>{entry.status ?? entry.state}</span>
          {entry.durationMs !== undefined ? <span className="text-muted">{Math.round(entry.durationMs)} ms</span> : null}
          <span className="text-muted">{formatBytes(entry.responseBytes)}</span>
          {received ? <span className="truncate text-muted">→ {received}</span> : null}
          {entry.error ? <span className="text-red-600">{entry.error}</span> : null}
        </summary>
        {open ? <EntryDetails entry={entry} /> : null}
      </details>
    </li>
  );
});

function EntryDetails({ entry }: { entry: TrafficEntry }) {
  return (
    <div className="grid gap-2 px-2 pb-2 md:grid-cols-2">
      <div>
        <h4 className="text-xs font-semibold">Request {entry.url}</h4>
        <Headers headers={entry.requestHeaders} />
        {entry.requestBody ? (
          <pre className="mt-1 max-h-64 overflow-auto font-mono text-[11px] whitespace-pre-wrap">{prettyBody(entry.requestBody)}</pre>
        ) : null}
      </div>
      <div>
        <h4 className="text-xs font-semibold">Response</h4>
        {entry.responseHeaders ? <Headers headers={entry.responseHeaders} /> : null}
        {entry.responseBody ? (
          <pre className="mt-1 max-h-64 overflow-auto font-mono text-[11px] whitespace-pre-wrap">{prettyBody(entry.responseBody)}</pre>
        ) : null}
      </div>
    </div>
  );
}

/** Every HTTP exchange with its JSON-RPC messages, newest first (the region is named "Traffic": the e2e tests find it by that name). */
export function TrafficPanel({ recorder }: { recorder: TrafficRecorder }) {
  const entries = useSyncExternalStore(recorder.subscribe, recorder.getSnapshot);
  // A drawer: closed by default (its header still counts exchanges and errors), remembered.
  const [open, setOpen] = useDrawer(OPEN_KEY, TOGGLE_TRAFFIC);
  const errors = entries.filter((entry) => entry.error || (entry.status ?? 0) >= 400).length;
  const [shown, setShown] = useState(PAGE);
  const { ref: resizable, initial: storedHeight } = useRememberedSize<HTMLUListElement>(HEIGHT_KEY, 'height', 64, open);
  const newest = entries.slice(-shown).reverse();
  const hidden = entries.length - newest.length;
  return (
    <section aria-label="Traffic" className="flex min-h-0 shrink-0 flex-col border-t border-line bg-panel">
      <div className="flex items-center justify-between px-2 py-1">
        <h2 className="text-sm font-semibold">
          Traffic{' '}
          <span className="font-normal text-muted">
            ({entries.length} {entries.length === 1 ? 'exchange' : 'exchanges'}
            {errors ? <span className="text-danger"> · {errors} failed</span> : null})
          </span>
        </h2>
        <div className="flex gap-1">
          <Button variant="ghost" className="text-xs" onClick={() => recorder.clear()}>
            Clear
          </Button>
          <Button variant="ghost" className="text-xs" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Hide' : 'Show'}
          </Button>
        </div>
      </div>
      {open ? (
        // A set height (the person's, by the corner, remembered): a panel that grew with each
        // exchange pushed the page around (a click aimed at "Call tool" could land on Traffic).
        <ul ref={resizable} className="h-60 max-h-[70vh] min-h-16 resize-y overflow-auto" style={{ height: storedHeight }}>
          {newest.map((entry) => (
            <Entry key={entry.seq} entry={entry} />
          ))}
          {hidden > 0 ? (
            <li className="px-2 py-1">
              <Button variant="ghost" className="text-xs" onClick={() => setShown(shown + PAGE * 5)}>
                Show {Math.min(hidden, PAGE * 5)} older of {hidden}
              </Button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </section>
  );
}
