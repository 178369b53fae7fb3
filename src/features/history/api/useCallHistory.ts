// History wired to the session: every finished call is recorded; entries replay, open for
// editing, compare and copy (link, curl, JSON-RPC, TypeScript) against the live connection.
// What is recorded, compared and copied is decided in ../policy.ts.
import { useCallback, useEffect, useRef, useState } from 'react';
import { readResult, type HistoryEntry } from '../../../storage/callStore.ts';
import { useHistory } from './useHistory.ts';
import { compareBase, copyOf, entryOf, type Copied, type CopyKind, type FinishedRun } from '../policy.ts';
import { diffResults, type ResultDiff } from '../../../compare/diff.ts';
import type { McpConnection } from '../../../mcp/connection.ts';
import { paramHeadersFor } from '../../../mcp/paramHeaders.ts';
import type { McpTool } from '../../../mcp/tools.ts';
import { withoutKnownSecrets, withoutSecrets } from '../../../mcp/secrets.ts';
import { copyHeaderValues } from '../../../lib/copyPrefs.ts';
import { serverKey } from '../../../lib/serverKey.ts';
import { isRecord } from '../../../mcp/guards.ts';
import type { ResultSource } from '../../../mcp/handles.ts';

/** How many earlier calls are read for handles to offer. */
const HISTORY_HANDLE_CALLS = 20;

export interface ComparisonView {
  title: string;
  diff: ResultDiff;
}

/** A call of this session: running, or finished (then recorded once). */
export interface SessionRun {
  id: number;
  tool: string;
  origin?: 'app';
  state: FinishedRun['state'] | { status: 'running' };
}

interface Options {
  connection: McpConnection;
  runs: readonly SessionRun[];
  tools: readonly McpTool[];
  /** Sends these arguments to the tool again (through the one call path). */
  replay: (tool: string, args: Record<string, unknown>) => void;
  /** Opens the tool with these arguments in its form. */
  edit: (tool: string, args: Record<string, unknown>) => void;
}

/** The stored result for comparing: the raw result, or — cut over 5 MB — its text as one block. */
async function comparable(entry: HistoryEntry): Promise<unknown> {
  const stored = await readResult(entry.id);
  if (stored?.text !== undefined) return { content: [{ type: 'text', text: stored.text }] };
  return stored?.result ?? { content: [] };
}

export function useCallHistory({ connection, runs, tools, replay, edit }: Options) {
  // Read at each call: the token can change while connected (a new sign-in).
  const knownSecrets = useCallback(() => connection.secretValues, [connection]);
  const history = useHistory(connection.url, knownSecrets);
  const { record } = history;
  const recorded = useRef(new Set<number>());
  useEffect(() => {
    for (const run of runs) {
      const { state } = run;
      if (state.status === 'running' || recorded.current.has(run.id)) continue;
      recorded.current.add(run.id);
      void record(
        { ...entryOf({ tool: run.tool, state }, connection), ...(run.origin ? { origin: run.origin } : {}) },
        state.status === 'done' ? state.result.raw : undefined,
      );
    }
  }, [runs, record, connection]);

  const [comparison, setComparison] = useState<{ title: string; diff: ResultDiff }>();
  const [compareNote, setCompareNote] = useState<string>();
  const compare = useCallback(
    async (entry: HistoryEntry, base?: HistoryEntry) => {
      const before = compareBase(history.entries, entry, base);
      if (!before) {
        setCompareNote(`No earlier call of ${entry.tool} to compare with: call it again, or pick two calls.`);
        return;
      }
      setCompareNote(undefined);
      const [a, b] = await Promise.all([comparable(before), comparable(entry)]);
      const at = (value: HistoryEntry) => new Date(value.at).toLocaleTimeString('en-GB');
      setComparison({ title: `${before.tool} at ${at(before)} → ${entry.tool} at ${at(entry)}`, diff: diffResults(a, b) });
    },
    [history.entries],
  );

  // Calls recorded before this page opened: the earlier ones "Compare with previous" may reach.
  const [openedAt] = useState(() => Date.now());
  /** How "Compare with previous" compares a finished run: with the previous finished run of its tool
   * in this session, else with its newest call in History before this session; undefined: none. */
  const previousOf = useCallback(
    (run: SessionRun): (() => Promise<ComparisonView>) | undefined => {
      if (run.state.status !== 'done') return undefined;
      const after = run.state.result.raw;
      const earlier = runs.find(
        (candidate): candidate is SessionRun & { state: { status: 'done' } } =>
          candidate.tool === run.tool && candidate.id < run.id && candidate.state.status === 'done',
      );
      if (earlier) {
        const before = earlier.state.result.raw;
        return () => Promise.resolve({ title: `${run.tool}: run ${earlier.id} → run ${run.id}`, diff: diffResults(before, after) });
      }
      const stored = history.entries.find((entry) => entry.tool === run.tool && entry.at < openedAt && entry.outcome !== 'failed');
      if (!stored) return undefined;
      return async () => ({
        title: `${run.tool}: ${new Date(stored.at).toLocaleString('en-GB')} (History) → run ${run.id}`,
        diff: diffResults(await comparable(stored), after),
      });
    },
    [runs, history.entries, openedAt],
  );

  // Handles (basket_id…) returned by calls made before this page opened, for the forms to offer:
  // the newest HISTORY_HANDLE_CALLS successful calls with structured content, read once.
  const earlierIds = history.entries
    .filter((entry) => entry.at < openedAt && entry.outcome === 'ok')
    .slice(0, HISTORY_HANDLE_CALLS)
    .map((entry) => entry.id)
    .join(',');
  const [historySources, setHistorySources] = useState<readonly ResultSource[]>([]);
  useEffect(() => {
    if (!earlierIds) return;
    let live = true;
    const wanted = new Set(earlierIds.split(',').map(Number));
    const entries = history.entries.filter((entry) => wanted.has(entry.id));
    void Promise.all(
      entries.map(async (entry): Promise<ResultSource[]> => {
        const stored = await readResult(entry.id).catch(() => undefined);
        const structuredContent = isRecord(stored?.result) ? stored.result.structuredContent : undefined;
        return structuredContent === undefined ? [] : [{ tool: entry.tool, runId: 0, at: entry.at, structuredContent }];
      }),
    ).then((sources) => {
      if (live) setHistorySources(sources.flat());
    });
    return () => {
      live = false;
    };
    // The entries are read for these ids; a new call of this page does not change them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [earlierIds]);

  const copy = useCallback(
    (entry: Pick<HistoryEntry, 'server' | 'tool' | 'args' | 'droppedArgs'>, kind: CopyKind): Copied => {
      const tool = tools.find((candidate) => candidate.name === entry.tool);
      // A copy never carries the connection's own secrets, even pasted into an argument.
      const args = withoutKnownSecrets(entry.args, connection.secretValues) as Record<string, unknown>;
      const paramHeaders = connection.era === 'modern' && tool?.paramHeaders ? paramHeadersFor(tool.paramHeaders, args) : undefined;
      const wire = {
        url: connection.url,
        era: connection.era,
        protocolVersion: connection.protocolVersion,
        hasBearerToken: connection.hasBearerToken,
        customHeaders: connection.customHeaders,
        copyHeaderValues: copyHeaderValues.getSnapshot(),
      };
      return copyOf({ ...entry, args }, kind, wire, window.location.href, paramHeaders);
    },
    [connection, tools],
  );

  /** Copy as … of a call of this session, with the secrets History would leave out left out. */
  const copyCall = useCallback(
    (tool: string, args: Record<string, unknown>, kind: CopyKind): Copied => {
      const safe = withoutSecrets(args);
      return copy(
        { server: serverKey(connection.url), tool, args: safe.value as Record<string, unknown>, droppedArgs: safe.dropped },
        kind,
      );
    },
    [copy, connection.url],
  );

  return {
    copyCall,
    previousOf,
    historySources,
    panel: {
      entries: history.entries,
      note: compareNote ?? history.note,
      error: history.error,
      onReplay: (entry: HistoryEntry) => replay(entry.tool, entry.args),
      onEdit: (entry: HistoryEntry) => edit(entry.tool, entry.args),
      onCompare: (entry: HistoryEntry, base?: HistoryEntry) => void compare(entry, base),
      onCopy: copy,
      onDelete: (id: number) => void history.remove(id),
      onClear: () => void history.clear(),
      keepResults: history.keepResults,
      onKeepResults: history.setKeepResults,
    },
    comparison,
    showComparison: (title: string, diff: ResultDiff) => setComparison({ title, diff }),
    closeComparison: () => setComparison(undefined),
  };
}
