// The "History" dock tab: every call to this server (kept across reloads), searchable. A row is
// calm at rest (select, Replay); the rest is under "⋯" (Edit and replay, Compare with previous,
// Save, Copy link / as curl / JSON-RPC / TypeScript, Delete). Two selected rows compare.
import { ServerText } from '../../components/ui/ServerText.tsx';
import type { AnsweredQuestion } from '../../mcp/elicitation.ts';
import { useMemo, useState } from 'react';
import { PanelSearch, PanelTitle } from '../../components/ui/PanelHeader.tsx';
import { SaveCallDialog } from '../../components/ui/SaveCallDialog.tsx';
import { Badge } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Menu } from '../../components/ui/Menu.tsx';
import { humanDuration } from '../../lib/age.ts';
import { DockTab } from '../../components/ui/Dock.tsx';
import { copyWithToast } from '../../web/toasts.ts';
import { revealInvisible } from '../../lib/text.ts';
import type { HistoryEntry } from '../../storage/callStore.ts';
import { entryOutcome, type Copied, type CopyKind } from './policy.ts';
import { OutcomePill } from '../../components/ui/OutcomePill.tsx';

interface Props {
  entries: readonly HistoryEntry[];
  note?: string;
  error?: unknown;
  onReplay: (entry: HistoryEntry) => void;
  onEdit: (entry: HistoryEntry) => void;
  /** Compares `entry` with `base` (or, without one, with the previous call of the same tool). */
  onCompare: (entry: HistoryEntry, base?: HistoryEntry) => void;
  onCopy: (entry: HistoryEntry, kind: CopyKind) => Copied;
  onDelete: (id: number) => void;
  onClear: () => void;
  onSave: (entry: HistoryEntry, name: string) => void;
  /** Whether results of calls to this server are kept (off: only the call and its outcome). */
  keepResults: boolean;
  onKeepResults: (keep: boolean) => void;
  /** With several servers connected: the name of the one whose calls these are. */
  serverLabel?: string;
}

const COPY_LABELS: Record<CopyKind, string> = {
  link: 'Copy link',
  curl: 'Copy as curl',
  'json-rpc': 'Copy as JSON-RPC',
  typescript: 'Copy as TypeScript',
};

const PROMPT_COPIES: CopyKind[] = ['curl', 'json-rpc'];

const time = (at: number) => new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

export function HistoryPanel({
  entries,
  note,
  error,
  onReplay,
  onEdit,
  onCompare,
  onCopy,
  onDelete,
  onClear,
  onSave,
  keepResults,
  onKeepResults,
  serverLabel,
}: Props) {
  const [saving, setSaving] = useState<HistoryEntry>();
  const [confirmClear, setConfirmClear] = useState(false);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<readonly number[]>([]);
  const pair = selected.length === 2 ? selected.map((id) => entries.find((entry) => entry.id === id)) : [];
  const [first, second] = pair;
  const shown = useMemo(() => {
    const words = search.toLowerCase().split(/\s+/).filter(Boolean);
    if (!words.length) return entries;
    return entries.filter((entry) => {
      const haystack = `${entry.tool} ${entryOutcome(entry).label} ${entry.summary} ${JSON.stringify(entry.args)}`.toLowerCase();
      return words.every((word) => haystack.includes(word));
    });
  }, [entries, search]);

  const copy = (entry: HistoryEntry, kind: CopyKind) => copyWithToast(onCopy(entry, kind));

  return (
    <DockTab id="history" label="History" order={1} badge={entries.length ? String(entries.length) : undefined}>
      {(open) =>
        open ? (
          <section aria-label="History" className="flex h-full min-h-0 flex-col">
            <div className="flex items-center justify-between gap-2 px-2 py-1">
              <PanelTitle title="History" count={entries.length} noun={['request', 'requests']}>
                {serverLabel ? (
                  <>
                    {' to '}
                    <ServerText text={serverLabel} />
                  </>
                ) : (
                  ' to this server'
                )}
              </PanelTitle>
              <div className="flex items-center gap-1">
                <PanelSearch label="Search history" placeholder="tool, argument, outcome" value={search} onChange={setSearch} />
                <label
                  className="flex items-center gap-1 text-xs text-muted"
                  title="Calls are still listed, with their outcome; their results are not stored"
                >
                  <input type="checkbox" checked={!keepResults} onChange={(event) => onKeepResults(!event.target.checked)} />
                  Don’t keep results for this server
                </label>
                {entries.length ? (
                  <Button variant="ghost" className="text-xs" aria-expanded={confirmClear} onClick={() => setConfirmClear(!confirmClear)}>
                    Clear history
                  </Button>
                ) : null}
              </div>
            </div>
            {confirmClear && entries.length ? (
              // Says what goes and what stays before anything is deleted: a stray click wipes nothing.
              <div
                role="group"
                aria-label="Clear history"
                className="mx-2 mb-1 flex flex-wrap items-center gap-2 rounded-md border border-danger-line bg-danger-surface px-2 py-1 text-xs"
              >
                <span>
                  Deletes the {entries.length} {entries.length === 1 ? 'request' : 'requests'} to this server kept in this browser, with
                  their results. Saved calls, other servers and sign-ins stay.
                </span>
                <Button
                  variant="danger"
                  className="px-2 py-0.5 text-xs"
                  onClick={() => {
                    onClear();
                    setConfirmClear(false);
                  }}
                >
                  Delete {entries.length} {entries.length === 1 ? 'request' : 'requests'}
                </Button>
                <Button variant="ghost" className="px-2 py-0.5 text-xs" onClick={() => setConfirmClear(false)}>
                  Cancel
                </Button>
              </div>
            ) : null}
            <div className="flex min-h-0 flex-1 flex-col overflow-auto">
              {note ? <p className="px-2 text-xs text-warn">{note}</p> : null}
              {error ? (
                <p role="alert" className="px-2 text-xs text-danger">
                  History is unavailable in this browser (IndexedDB: {error instanceof Error ? error.message : 'not available'}); calls are
                  not kept.
                </p>
              ) : null}
              {selected.length ? (
                <p className="flex items-center gap-2 px-2 py-0.5 text-xs">
                  {selected.length === 1 ? 'Select one more call to compare with it.' : `${selected.length} calls selected.`}
                  {first && second ? (
                    <Button
                      className="px-2 py-0.5 text-xs"
                      onClick={() => {
                        // Older first: the comparison reads from the earlier call to the later one.
                        const [older, newer] = first.at <= second.at ? [first, second] : [second, first];
                        onCompare(newer, older);
                        setSelected([]);
                      }}
                    >
                      Compare selected
                    </Button>
                  ) : null}
                  <Button variant="ghost" className="px-2 py-0.5 text-xs" onClick={() => setSelected([])}>
                    Clear selection
                  </Button>
                </p>
              ) : null}
              {shown.length ? (
                <ul aria-label="Calls" className="text-xs">
                  {shown.map((entry) => {
                    const outcome = entryOutcome(entry);
                    const isSelected = selected.includes(entry.id);
                    const what = `${revealInvisible(entry.tool)} at ${time(entry.at)}`;
                    return (
                      <li
                        key={entry.id}
                        className="group flex flex-wrap items-center gap-x-2 gap-y-0.5 border-b border-line/60 px-2 py-1 hover:bg-hover/60"
                      >
                        <input
                          type="checkbox"
                          aria-label={`Select ${what}`}
                          checked={isSelected}
                          onChange={() =>
                            setSelected((current) =>
                              isSelected ? current.filter((id) => id !== entry.id) : [...current, entry.id].slice(-2),
                            )
                          }
                        />
                        <span className="font-mono text-muted tabular-nums">{time(entry.at)}</span>
                        <span className="font-mono font-medium">{revealInvisible(entry.tool)}</span>
                        <OutcomePill outcome={outcome} />
                        {entry.kind === 'prompt' ? <Badge tone="neutral">prompt</Badge> : null}
                        {entry.kind === 'read' ? <Badge tone="neutral">read</Badge> : null}
                        {entry.kind === 'load' || entry.kind === 'fuzz' ? (
                          <>
                            <Badge tone="neutral">{entry.kind === 'load' ? 'load test' : 'fuzz'}</Badge>
                            <span className="font-mono text-subtle tabular-nums">{entry.summary}</span>
                          </>
                        ) : null}
                        {entry.origin === 'app' ? <Badge tone="info">from app</Badge> : null}
                        <span className="text-muted tabular-nums">{humanDuration(entry.durationMs)}</span>
                        <span className="max-w-[28rem] truncate font-mono text-subtle" title={JSON.stringify(entry.args)}>
                          {revealInvisible(JSON.stringify(entry.args))}
                        </span>
                        {entry.resultKept === false ? <span className="text-muted">result not kept</span> : null}
                        {entry.answers?.length ? <Answers answers={entry.answers} /> : null}
                        {entry.truncated ? (
                          <span className="text-warn">result kept cut ({(entry.resultBytes / 1048576).toFixed(1)} MB)</span>
                        ) : null}
                        <span className="ml-auto flex items-center gap-0.5">
                          <Button variant="ghost" className="px-1.5 py-0.5 text-xs" onClick={() => onReplay(entry)}>
                            {entry.kind === 'load' || entry.kind === 'fuzz' ? 'Open' : 'Replay'}
                          </Button>
                          {/* The rest waits under "⋯", shown when the row is hovered or holds the focus. */}
                          <Menu
                            label={`More for ${what}`}
                            triggerLabel={`More actions for ${what}`}
                            trigger={<span aria-hidden="true">⋯</span>}
                            className="opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 focus-within:opacity-100"
                            triggerClassName="border-transparent bg-transparent"
                            kind="disclosure"
                            items={[
                              { label: 'Edit and replay', onSelect: () => onEdit(entry) },
                              { label: 'Compare with previous', onSelect: () => onCompare(entry) },
                              // A prompt's get is not a saved call, a link or a client snippet: its copies are the wire's.
                              ...(entry.kind === undefined ? [{ label: 'Save', onSelect: () => setSaving(entry) }] : []),
                              ...(entry.kind === 'prompt'
                                ? PROMPT_COPIES
                                : entry.kind === 'load' || entry.kind === 'read' || entry.kind === 'fuzz'
                                  ? []
                                  : (Object.keys(COPY_LABELS) as CopyKind[])
                              ).map((kind) => ({
                                label: COPY_LABELS[kind],
                                onSelect: () => copy(entry, kind),
                              })),
                              { label: 'Delete', danger: true, onSelect: () => onDelete(entry.id) },
                            ]}
                          />
                        </span>
                      </li>
                    );
                  })}
                </ul>
              ) : (
                <p className="px-2 py-1 text-xs text-muted">
                  {entries.length
                    ? 'No request matches.'
                    : 'Nothing yet: every call, prompt get and resource read you make to this server is kept here, across reloads.'}
                </p>
              )}
            </div>
            {saving ? (
              <SaveCallDialog
                initial={`${saving.tool} ${JSON.stringify(saving.args).slice(0, 40)}`}
                onCancel={() => setSaving(undefined)}
                onSave={(name) => {
                  onSave(saving, name);
                  setSaving(undefined);
                }}
              />
            ) : null}
          </section>
        ) : null
      }
    </DockTab>
  );
}

const ANSWERED: Record<AnsweredQuestion['action'], string> = { accept: 'Accepted', decline: 'Declined', cancel: 'Cancelled' };

/** The server's questions during the call and what was answered, one line each. */
function Answers({ answers }: { answers: readonly AnsweredQuestion[] }) {
  return (
    <ul aria-label="Questions answered" className="order-last w-full pl-6 text-subtle">
      {answers.map((answered, index) => (
        <li key={index} className="truncate">
          <span aria-hidden="true">↳ </span>Asked “{revealInvisible(answered.message) || '(no message)'}” — {ANSWERED[answered.action]}
          {answered.content ? <span className="font-mono"> {revealInvisible(JSON.stringify(answered.content))}</span> : null}
        </li>
      ))}
    </ul>
  );
}
