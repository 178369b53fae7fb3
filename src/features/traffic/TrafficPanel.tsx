import { memo, useDeferredValue, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { PanelSearch, PanelTitle } from '../../components/ui/PanelHeader.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { DockTab } from '../../components/ui/Dock.tsx';
import { cn } from '../../lib/cn.ts';
import { redactUrl } from '../../lib/redactUrl.ts';
import { formatBytes } from '../../mcp/results.ts';
import type { TrafficEntry, TrafficRecorder } from '../../mcp/recording/traffic.ts';
import type { CassetteSource } from '../../mcp/recording/cassette.ts';
import { clockTime, entryTone, exchangeOutcome, isDiscoveryLookup, matches, summaryLine, type EntryTone } from './trafficView.ts';
import { OutcomePill } from '../../components/ui/OutcomePill.tsx';
import { toasts } from '../../web/toasts.ts';
import { retryableLazy } from '../../web/chunks.ts';
import { ChunkBoundary } from '../../components/ui/ChunkBoundary.tsx';
import { OPEN_WATCH_TAP } from '../../web/keyboard.ts';

const WatchTapDialog = retryableLazy(() => import('./WatchTapDialog.tsx'));
const CollectorDialog = retryableLazy(() => import('./CollectorDialog.tsx'));

// Rendering hundreds of rows on every exchange slows a 1,000-page tool list; show the newest
// rows and let the user ask for more.
const PAGE = 40;

const ROW_TONE: Record<EntryTone, string> = {
  ok: '',
  pending: '',
  probe: '',
  aborted: '',
  stopped: '',
  signin: '',
  error: 'bg-danger-surface text-danger-strong',
};

function Headers({ headers }: { headers: [string, string][] }) {
  return (
    <pre className="overflow-auto font-mono text-[11px] whitespace-pre-wrap text-subtle">
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

const Entry = memo(function Entry({ entry, stdioUrl, serverName }: { entry: TrafficEntry; stdioUrl?: string; serverName?: string }) {
  // Bodies are pretty-printed only once the row is opened: the list may hold hundreds.
  const [open, setOpen] = useState(false);
  const tone = entryTone(entry, stdioUrl);
  // The era probe's refusal is how the era is found out: its status says enough.
  const outcome = tone === 'probe' ? undefined : exchangeOutcome(entry, stdioUrl);
  const sent = summaryLine(entry.sent) || entry.httpMethod;
  const received = summaryLine(entry.received);
  return (
    <li className={cn('border-b border-line/60', ROW_TONE[tone])}>
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className="flex cursor-pointer flex-wrap gap-x-2 px-2 py-1 font-mono text-xs">
          {serverName ? <span className="font-sans text-info-strong">{serverName}</span> : null}
          <span className="font-semibold">{sent}</span>
          <span className="text-muted">{entry.httpMethod}</span>
          {entry.status !== undefined ? <span className={tone === 'error' ? 'font-semibold' : 'text-muted'}>{entry.status}</span> : null}
          {outcome ? <OutcomePill outcome={outcome} className="font-sans" /> : null}
          {tone === 'probe' ? (
            <span className="text-muted">{isDiscoveryLookup(entry) ? 'not served (optional)' : 'probe (expected)'}</span>
          ) : null}
          {entry.durationMs !== undefined ? <span className="text-muted">{Math.round(entry.durationMs)} ms</span> : null}
          <span className="text-muted">{formatBytes(entry.responseBytes)}</span>
          {received ? <span className="truncate text-muted">→ {received}</span> : null}
          {entry.error && tone === 'error' ? <span>{entry.error}</span> : null}
          <span className="ml-auto text-muted tabular-nums">{clockTime(entry.startedAt)}</span>
        </summary>
        {open ? <EntryDetails entry={entry} /> : null}
      </details>
    </li>
  );
});

/** The bodies first (what a person opens a row for), then the headers. */
function EntryDetails({ entry }: { entry: TrafficEntry }) {
  return (
    <div className="grid gap-2 px-2 pb-2 md:grid-cols-2">
      <div>
        <h4 className="text-xs font-semibold">Request {entry.url}</h4>
        {entry.requestBody ? (
          <pre className="mt-1 max-h-64 overflow-auto font-mono text-[11px] whitespace-pre-wrap">{prettyBody(entry.requestBody)}</pre>
        ) : null}
        <Headers headers={entry.requestHeaders} />
      </div>
      <div>
        <h4 className="text-xs font-semibold">Response</h4>
        {entry.responseBody ? (
          <pre className="mt-1 max-h-64 overflow-auto font-mono text-[11px] whitespace-pre-wrap">{prettyBody(entry.responseBody)}</pre>
        ) : null}
        {entry.responseHeaders ? <Headers headers={entry.responseHeaders} /> : null}
      </div>
    </div>
  );
}

/** The connection whose exchanges a cassette holds, and the last exchange of the one before it. */
export interface CassetteFrom {
  source: CassetteSource;
  afterSeq: number;
  /** The server (its URL) whose exchanges these are, when several share the log. */
  server?: string;
}

/** The exports' code, loaded on the click (it stays off the first screen); a load that fails is said. */
const loadExports = () =>
  import('./trafficExports.ts').catch(() => {
    toasts.show({ title: 'Export not loaded', notes: ['Its code could not be loaded from Toolscope’s server: try again.'] });
    return undefined;
  });

/** Export cassette, Export OTLP and Clear: this connection's log. */
function ConnectionActions({
  recorder,
  entries,
  cassette,
}: {
  recorder: TrafficRecorder;
  entries: readonly TrafficEntry[];
  cassette?: CassetteFrom;
}) {
  const [sending, setSending] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        className="ml-auto text-xs"
        disabled={!cassette}
        title={cassette ? 'This connection’s requests and answers as a cassette, for toolscope mock' : 'Connect to a server first'}
        onClick={() => cassette && void loadExports().then((exports) => exports?.exportCassette(entries, cassette))}
      >
        Export cassette
      </Button>
      <Button
        variant="ghost"
        className="text-xs"
        disabled={!cassette}
        title={
          cassette ? 'This connection’s requests as OpenTelemetry traces (OTLP/JSON), one span per request' : 'Connect to a server first'
        }
        onClick={() => cassette && void loadExports().then((exports) => exports?.exportOtlp(entries, cassette))}
      >
        Export OTLP
      </Button>
      <Button
        variant="ghost"
        className="text-xs"
        disabled={!cassette}
        title={cassette ? 'This connection’s spans and duration histograms to an OpenTelemetry collector' : 'Connect to a server first'}
        onClick={() => setSending(true)}
      >
        Send to collector
      </Button>
      {sending && cassette ? (
        <ChunkBoundary label="the collector dialog" onRetry={CollectorDialog.retry} loading={null}>
          {() => <CollectorDialog.Component entries={entries} from={cassette} onClose={() => setSending(false)} />}
        </ChunkBoundary>
      ) : null}
      <Button variant="ghost" className="text-xs" onClick={() => recorder.clear()}>
        Clear
      </Button>
    </>
  );
}

/**
 * The log itself: rows newest first, the filter, Errors only. `actions` (a tapped session, read
 * only) stands where this connection's Export and Clear buttons stand.
 */
export function TrafficLog({
  recorder,
  entries,
  errors,
  stdioUrl,
  cassette,
  serverNames,
  actions,
}: {
  recorder?: TrafficRecorder;
  entries: readonly TrafficEntry[];
  errors: number;
  stdioUrl?: string;
  cassette?: CassetteFrom;
  serverNames?: ReadonlyMap<string, string>;
  actions?: ReactNode;
}) {
  const [shown, setShown] = useState(PAGE);
  const [text, setText] = useState('');
  const [errorsOnly, setErrorsOnly] = useState(false);
  const filterText = useDeferredValue(text);
  const matching = useMemo(
    () =>
      filterText.trim() || errorsOnly ? entries.filter((entry) => matches(entry, { text: filterText, errorsOnly }, stdioUrl)) : entries,
    [entries, filterText, errorsOnly, stdioUrl],
  );
  const newest = matching.slice(-shown).reverse();
  const hidden = matching.length - newest.length;
  return (
    <section aria-label="Traffic" className="flex h-full min-h-0 flex-col">
      <div className="flex flex-wrap items-center gap-2 px-2 py-1">
        <PanelTitle title="Traffic" count={entries.length} noun={['exchange', 'exchanges']}>
          {errors ? <span className="text-danger"> · {errors} failed</span> : null}
        </PanelTitle>
        <PanelSearch label="Filter traffic" placeholder="method, tool, status" value={text} onChange={setText} />
        <label className="flex items-center gap-1 text-xs">
          <input type="checkbox" checked={errorsOnly} onChange={(event) => setErrorsOnly(event.target.checked)} />
          Errors only
        </label>
        {actions ?? (recorder ? <ConnectionActions recorder={recorder} entries={entries} cassette={cassette} /> : null)}
      </div>
      <ul className="min-h-0 flex-1 overflow-auto">
        {newest.map((entry) => (
          <Entry
            key={entry.seq}
            entry={entry}
            stdioUrl={stdioUrl}
            serverName={
              entry.server && serverNames && serverNames.size > 1
                ? (serverNames.get(entry.server) ?? redactUrl(entry.server).url)
                : undefined
            }
          />
        ))}
        {hidden > 0 ? (
          <li className="px-2 py-1">
            <Button variant="ghost" className="text-xs" onClick={() => setShown(shown + PAGE * 5)}>
              Show {Math.min(hidden, PAGE * 5)} older of {hidden}
            </Button>
          </li>
        ) : null}
        {newest.length === 0 ? (
          <li className="px-2 py-1 text-xs text-muted">{entries.length ? 'No exchange matches.' : 'No exchange yet.'}</li>
        ) : null}
      </ul>
    </section>
  );
}

/**
 * Every HTTP exchange with its JSON-RPC messages, newest first: the dock's "Traffic" tab (its
 * region is named "Traffic"). `stdioUrl`: this launch's stdio bridge (its stops are not failures).
 * `serverNames`: the connected servers by URL — with several, each row names its server.
 */
export function TrafficPanel({
  recorder,
  stdioUrl,
  cassette,
  serverNames,
}: {
  recorder: TrafficRecorder;
  stdioUrl?: string;
  cassette?: CassetteFrom;
  serverNames?: ReadonlyMap<string, string>;
}) {
  const entries = useSyncExternalStore(recorder.subscribe, recorder.getSnapshot);
  const errors = useMemo(() => entries.filter((entry) => entryTone(entry, stdioUrl) === 'error').length, [entries, stdioUrl]);
  // Ctrl+K "Watch a tap" (the palette's command): another session's traffic, a host's.
  const [watching, setWatching] = useState(false);
  useEffect(() => {
    const open = () => setWatching(true);
    window.addEventListener(OPEN_WATCH_TAP, open);
    return () => window.removeEventListener(OPEN_WATCH_TAP, open);
  }, []);
  return (
    <>
      {watching ? (
        <ChunkBoundary label="the list of taps" onRetry={WatchTapDialog.retry} loading={null}>
          {() => <WatchTapDialog.Component onClose={() => setWatching(false)} />}
        </ChunkBoundary>
      ) : null}
      <DockTab
        id="traffic"
        label="Traffic"
        order={0}
        badge={entries.length ? `${entries.length}${errors ? ` · ${errors} failed` : ''}` : undefined}
        alert={errors > 0}
      >
        {(shown) =>
          shown ? (
            <TrafficLog
              recorder={recorder}
              entries={entries}
              errors={errors}
              stdioUrl={stdioUrl}
              cassette={cassette}
              serverNames={serverNames}
            />
          ) : null
        }
      </DockTab>
    </>
  );
}
