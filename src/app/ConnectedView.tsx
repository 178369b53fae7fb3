import type { AppViolation } from '../lint/appRules.ts';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { endPreview } from '../prefetch/index.ts';
import { createPortal } from 'react-dom';
import { NARROW, useMediaQuery } from '../lib/media.ts';
import { panes, usePanes, type Pane } from '../lib/panes.ts';
import { Tabs } from '../components/ui/Tabs.tsx';
import { cn } from '../lib/cn.ts';
import { useReportScore } from '../features/report/api/useReportScore.ts';
import { HINT_FILTERS } from '../features/tools/hintFilters.ts';
import { useRememberedSize } from '../lib/rememberedSize.ts';
import { dock } from '../lib/dock.ts';
import { DockTab } from '../components/ui/Dock.tsx';
import { displayName, type HintFilter } from '../mcp/toolHints.ts';
import { revealInvisible } from '../mcp/text.ts';
import type { Command } from './commands.ts';
import { ErrorBoundary } from '../components/ui/ErrorBoundary.tsx';
import { writeDeepLink } from '../features/connection/deepLink.ts';
import { useToolPages } from '../features/tools/api/toolPages.ts';
import { useToolListChanges } from '../features/tools/api/useToolListChanges.ts';
import { ToolList } from '../features/tools/ToolList.tsx';
import type { McpConnection } from '../mcp/connection.ts';
import { useToolCalls } from '../features/call/useToolCalls.ts';
import { useResumedTasks, useTaskMemory } from './useTaskMemory.ts';
import { ElicitationDialog } from '../features/call/ElicitationDialog.tsx';
import { SafetyControls } from '../features/call/SafetyControls.tsx';
import { useElicitations } from '../features/call/useElicitations.ts';
import { useSafetySettings } from '../features/call/safetySettings.ts';
import { useCallRequests } from '../features/call/useCallRequests.ts';
import type { CallOrigin } from '../features/call/callRequest.ts';
import { ConfirmDialog } from '../features/call/ConfirmDialog.tsx';
import { HintSummary } from '../features/tools/HintBadges.tsx';
import { ToolWorkspace, type RunActions } from './ToolWorkspace.tsx';
import { ChunkBoundary } from '../components/ui/ChunkBoundary.tsx';
import { Button } from '../components/ui/Button.tsx';
import { retryableLazy } from '../lib/chunks.ts';
import { callRecords } from './callRecords.ts';
import { rememberWorkspace, rememberedWorkspace } from './workspaceMemory.ts';
import { useCallHistory } from '../features/history/api/useCallHistory.ts';
import { HistoryPanel } from '../features/history/HistoryPanel.tsx';
import { Comparison } from '../features/history/Comparison.tsx';
import { applyFormValue, draftFrom, type ArgumentsDraft } from '../schema/argumentsDraft.ts';
import { withoutKey } from '../schema/hiddenKeys.ts';
import { LinkExtras } from '../features/tools/LinkExtras.tsx';
import { collectHandles, offersFor } from '../mcp/handles.ts';
import { useListMemory } from '../features/history/api/useListMemory.ts';
import { ListChangeNote } from '../features/history/ListChangeNote.tsx';
import { SavedCalls } from '../features/history/SavedCalls.tsx';
import { useSavedCalls, type SendRun } from './useSavedCalls.ts';
import { describeFailure } from '../mcp/errors.ts';
import { downloadBytes, safeFileName } from '../lib/download.ts';
import { useStableCallback } from '../lib/stableCallback.ts';

// The report brings Ajv and the o200k tokenizer: loaded when the person opens it.
/** Why the first call of a link's tool asks first. */
const LINK_ARGUMENTS = 'These arguments came from a link, not from you: check each one before it is sent.';

const AppResources = retryableLazy(() => import('../features/apps/AppResources.tsx'));
const ReportView = retryableLazy(() => import('../features/report/ReportView.tsx'));

interface Props {
  connection: McpConnection;
  authContext: string;
  initialTool?: string;
  /** Arguments from a shared link: the tool opens with them filled in (never sent by itself). */
  initialArgs?: Record<string, unknown>;
  /** The MCP Apps sandbox origin (Toolscope's own server), when it runs. */
  sandboxOrigin?: string;
  /** Puts an MCP App's bridge message in Traffic. */
  recordApp?: (tool: string, direction: 'to app' | 'from app', message: unknown) => void;
  /** Receives how to build this server's palette commands (called when the palette opens). */
  onCommands: (build: () => readonly Command[]) => void;
  /** For Toolscope's stdio bridge: which start of the child answers (a restart reloads the list). */
  serverGeneration?: number;
  /** Where the report chip goes in the top bar. */
  topBarSlot?: HTMLElement | null;
  /** Where the "Panes" tabs go on a narrow screen (below the dock). */
  bottomSlot?: HTMLElement | null;
}

type ReportTab = 'findings' | 'model';

export function ConnectedView({
  connection,
  authContext,
  initialTool,
  initialArgs,
  sandboxOrigin,
  recordApp,
  onCommands,
  serverGeneration,
  topBarSlot,
  bottomSlot,
}: Props) {
  const data = useToolPages(connection, authContext);
  const listChange = useToolListChanges(connection, data.tools, data.loading, serverGeneration);
  const sinceLastTime = useListMemory(
    connection.url,
    data.tools,
    !data.loading && !data.error && !data.stopMessage && data.tools.length > 0,
  );
  // A reconnect to the same server (Retry, a sign-in) finds the open tool and the drafts as they were.
  const [remembered] = useState(() => rememberedWorkspace(connection.url));
  const [selected, setSelected] = useState(remembered ? remembered.selected : initialTool);
  // (No scan of the whole list on every render while nothing is selected.)
  const tool = selected === undefined ? undefined : data.tools.find((candidate) => candidate.name === selected);
  // Per-tool drafts and calls live here, so switching tools keeps both.
  const [drafts, setDrafts] = useState<ReadonlyMap<string, ArgumentsDraft>>(
    () => remembered?.drafts ?? new Map(initialTool && initialArgs ? [[initialTool, draftFrom(initialArgs)]] : []),
  );
  useEffect(() => rememberWorkspace(connection.url, { selected, drafts }), [connection.url, selected, drafts]);
  // A link's arguments are not the person's: keys the form would not show are shown, and the
  // first call of the link's tool asks first with the exact arguments (whatever its hints say).
  const [linkPending, setLinkPending] = useState(() => (!remembered && initialTool && initialArgs ? initialTool : undefined));
  const tasks = useTaskMemory(connection, data.tools);
  const calls = useToolCalls(connection, tasks.options);
  useResumedTasks(connection, calls.resume);
  const [safety, setSafety] = useSafetySettings(connection.url);
  const elicitations = useElicitations(connection);
  const { ref: sidebarRef, initial: sidebarWidth } = useRememberedSize<HTMLDivElement>('toolscope.sidebar.width', 'width', 220);
  const [hint, setHint] = useState<HintFilter>('all');
  // The report in the main pane (which of its tabs), instead of a tool.
  const [report, setReport] = useState<ReportTab>();
  const showReport = report !== undefined;
  // The app resources (ui://) view in the main pane, instead of a tool.
  const [showAppResources, setShowAppResources] = useState(false);
  // The one call path: every origin asks it, it checks, gates (one confirmation dialog, below) and sends.
  const requests = useCallRequests((target, args, limits) => void calls.call(target, args, limits), safety);

  // A run to show when its tool opens (a saved call's verdict opens the result it judged).
  const [openRun, setOpenRun] = useState<{ tool: string; runId: number; nonce: number }>();
  // Each opening of a tool (but ↑/↓ in the list, a replay) asks its form to take the focus.
  const [focusRequest, setFocusRequest] = useState(initialTool ? 1 : 0);
  // A narrow screen shows one pane at a time, chosen by the "Panes" tabs (and by what the person does).
  const narrow = useMediaQuery(NARROW);
  const { pane } = usePanes();
  useEffect(() => {
    panes.setTabbed(narrow);
    return () => panes.setTabbed(false);
  }, [narrow]);
  // A deep link's tool opens on its request; no tool, on the list.
  const [firstPane] = useState<Pane>(() => (selected ? 'request' : 'tools'));
  useEffect(() => panes.show(firstPane), [firstPane]);
  const select = useCallback(
    (name: string, options?: { keepFocus?: boolean }) => {
      setReport(undefined);
      setShowAppResources(false);
      setSelected(name);
      if (!options?.keepFocus || panes.getSnapshot().pane === 'tools') panes.show('request');
      if (!options?.keepFocus) setFocusRequest((count) => count + 1);
      window.history.replaceState(null, '', writeDeepLink(window.location.search, { server: connection.url, tool: name }));
    },
    [connection.url],
  );

  // The first tools a deep link showed before the app had loaded (src/prefetch/) give way to
  // the list (before this first paint); a tool picked there opens once it is listed.
  const previewPick = useRef<string>(undefined);
  useLayoutEffect(() => {
    previewPick.current = endPreview();
  }, []);
  useEffect(() => {
    const picked = previewPick.current;
    if (picked && data.tools.some((candidate) => candidate.name === picked)) {
      previewPick.current = undefined;
      select(picked);
    }
  }, [data.tools, select]);

  // A call from outside the form (Replay, "Run the last call"): its tool opens, and the call goes
  // through the same checks and gate; why it was not sent shows in that tool's workspace.
  // Asked while the list is still loading (History's Replay right after a reload), it waits for
  // the tool to be listed; a tool the finished list does not have is said where the tool would be.
  const waiting = useRef<{ name: string; args: Record<string, unknown>; origin: CallOrigin }>(undefined);
  const settleWaiting = useStableCallback(() => {
    const asked = waiting.current;
    if (!asked) return;
    const target = data.tools.find((candidate) => candidate.name === asked.name);
    if (!target && data.loading) return;
    waiting.current = undefined;
    if (target) void requests.store.request(target, asked.args, { origin: asked.origin });
  });
  useEffect(() => settleWaiting(), [data.tools, data.loading, settleWaiting]);
  const sendAgain = (name: string, args: Record<string, unknown>, origin: CallOrigin) => {
    select(name, { keepFocus: true });
    waiting.current = { name, args, origin };
    settleWaiting();
  };
  const history = useCallHistory({
    connection,
    runs: calls.runs,
    tools: data.tools,
    replay: (name, args) => sendAgain(name, args, 'replay'),
    edit: (name, args) => {
      select(name);
      setDrafts((previous) => new Map(previous).set(name, draftFrom(args)));
    },
  });

  // Handles to offer: this page's results first, then History's (a reload keeps basket_id at hand).
  const { historySources } = history;
  const handles = useMemo(
    () =>
      collectHandles([
        ...calls.runs.flatMap((run) =>
          run.state.status === 'done' && !run.state.result.isError
            ? [{ tool: run.tool, runId: run.id, structuredContent: run.state.result.structuredContent }]
            : [],
        ),
        ...historySources,
      ]),
    [calls.runs, historySources],
  );

  const sendRun = useCallback<SendRun>(
    async (target, args, limits) => {
      const { id, state } = await calls.call(typeof target === 'string' ? { name: target } : target, args, limits);
      return state.status === 'done' ? { result: state.result.raw, runId: id } : { failure: describeFailure(state.failure), runId: id };
    },
    [calls],
  );
  const savedCalls = useSavedCalls(connection, data.tools, requests.store, sendRun);
  // An MCP App's own tools/call: only tools of this server whose visibility includes "app", then
  // the same checks and gate as any call (a destructive tool asks), sent as a run of the page.
  const callFromApp = useStableCallback(async (name: string, args: Record<string, unknown>) => {
    const target = data.tools.find((candidate) => candidate.name === name);
    if (!target) return { refused: `Refused: this server lists no tool named ${name}.` };
    const visibility = target.visibility ?? ['model', 'app'];
    if (!visibility.includes('app'))
      return {
        refused: `Refused: ${name}'s _meta.ui.visibility is ${JSON.stringify(visibility)}, without "app" — an app may not call it.`,
      };
    const decision = await requests.store.decide(target, args, { origin: 'app' });
    if (decision.action === 'invalid') return { refused: `Not sent — ${decision.message}` };
    if (decision.action === 'refuse') return { refused: `Refused: ${decision.reason}` };
    if (decision.action === 'check-failed')
      return { refused: `Not sent — Toolscope could not load its argument checks (${decision.message}).` };
    if (decision.action === 'confirm') {
      const confirmed = await requests.store.ask({
        title: `Confirm call to ${name} (asked by an MCP App)`,
        action: 'Call tool',
        items: [{ tool: target, args: decision.args, reason: decision.reason }],
      });
      if (!confirmed) return { refused: 'The person declined this call.' };
    }
    const { state } = await calls.call(target, decision.args, decision.limits, 'app');
    return state.status === 'done' ? { result: state.result.raw } : { refused: describeFailure(state.failure) };
  });
  const runLast = useStableCallback(sendAgain);
  // A plain object: the workspace is not memoized, so a memo here would only cost.
  const runActions: RunActions = {
    copy: (run, kind) => history.copyCall(run.tool, run.state.args, kind),
    copyArgs: history.copyCall,
    save: (run, name) => savedCalls.saveRun(run.tool, run.state.args, run.state.status === 'done' ? run.state.result.raw : undefined, name),
    previousOf: history.previousOf,
  };

  const last = calls.last;
  useEffect(() => {
    const build = (): Command[] => {
      const tools = data.tools.map((candidate): Command => ({
        id: `tool:${candidate.name}`,
        group: 'Tools',
        label: revealInvisible(displayName(candidate)),
        detail: revealInvisible(candidate.name),
        keywords: candidate.description?.slice(0, 300),
        run: () => select(candidate.name),
      }));
      const filters = HINT_FILTERS.map((filter): Command => ({
        id: `filter:${filter.value}`,
        group: 'View',
        label: `Filter tools by annotation: ${filter.label}`,
        run: () => setHint(filter.value),
      }));
      const again: Command[] = last
        ? [
            {
              id: 'run-last',
              group: 'Tools',
              label: 'Run the last call again',
              detail: `${revealInvisible(last.tool)} ${JSON.stringify(last.state.args).slice(0, 120)}`,
              run: () => runLast(last.tool, last.state.args, 'run-last'),
            },
          ]
        : [];
      const views: Command[] = [
        {
          id: 'report',
          group: 'View',
          label: 'Report — the server report: score and findings',
          keywords: 'lint quality',
          aliases: ['report', 'server report', 'score', 'lint'],
          run: () => setReport('findings'),
        },
        {
          id: 'model',
          group: 'View',
          label: 'Model’s view — the tool list as the model is given it (tokens)',
          keywords: 'model prompt tokens cost',
          aliases: ['model', 'model view', 'model’s view', "model's view", 'tokens'],
          run: () => setReport('model'),
        },
        {
          id: 'app-resources',
          group: 'View',
          label: 'App resources — the ui:// interfaces this server’s tools name, to preview',
          keywords: 'mcp apps ui resource',
          aliases: ['apps', 'app resources', 'ui'],
          run: () => {
            setReport(undefined);
            setShowAppResources(true);
          },
        },
        { id: 'history', group: 'View', label: 'Show or hide History', run: () => dock.toggle('history') },
        { id: 'saved', group: 'View', label: 'Show or hide Saved calls', run: () => dock.toggle('saved') },
      ];
      return [...again, ...tools, ...views, ...filters];
    };
    onCommands(build);
    return () => onCommands(() => []);
  }, [data.tools, onCommands, select, last, runLast]);

  const records = useMemo(() => callRecords(calls.runs), [calls.runs]);
  // Loads MCP App frames blocked in this session: the report's app-csp-undeclared.
  const [appViolations, setAppViolations] = useState<readonly AppViolation[]>([]);
  const quick = useReportScore(connection, data.pages, records, !data.loading && !data.error && !data.stopMessage);
  // The score of the last report the person made wins over the quick one (it also walked the list twice).
  const [madeScore, setMadeScore] = useState<number>();
  const shownScore = madeScore ?? quick;
  const reportChip = (
    <Button
      variant="ghost"
      className="px-2 py-0.5 text-xs"
      aria-pressed={showReport}
      title="The server report: every rule over this server’s tools and the calls made, and the model’s view"
      onClick={() => setReport((open) => (open ? undefined : 'findings'))}
    >
      Report
      {shownScore !== undefined ? (
        <span
          className={`ml-1 rounded px-1 font-semibold tabular-nums ${
            shownScore >= 90 ? 'bg-ok-surface text-ok' : shownScore >= 70 ? 'bg-warn-surface text-warn' : 'bg-danger-surface text-danger'
          }`}
        >
          {shownScore}
        </span>
      ) : null}
    </Button>
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {topBarSlot ? createPortal(reportChip, topBarSlot) : null}
      {narrow && bottomSlot
        ? createPortal(
            <Tabs<Pane>
              label="Panes"
              className="shrink-0 justify-around border-t border-line bg-panel px-2 py-1.5 text-sm"
              tabs={[
                { id: 'tools', label: 'Tools' },
                { id: 'request', label: 'Request' },
                { id: 'response', label: 'Response' },
                { id: 'dock', label: 'Dock' },
              ]}
              active={pane}
              onChange={(next) => {
                if (next === 'dock') dock.show(dock.getSnapshot().active);
                panes.show(next);
              }}
            />,
            bottomSlot,
          )
        : null}
      <div className="flex min-h-0 flex-1 flex-col overflow-auto md:flex-row md:overflow-hidden">
        {/* The sidebar is resizable by its corner (220–560 px) and keeps its width. */}
        <div
          ref={sidebarRef}
          style={sidebarWidth ? { width: sidebarWidth } : undefined}
          className={cn(
            'flex min-h-0 flex-col gap-2 border-line p-2 md:w-72 md:max-w-[560px] md:min-w-[220px] md:shrink-0 md:resize-x md:overflow-hidden md:border-r lg:w-80',
            narrow && (pane === 'tools' ? 'flex-1' : 'hidden'),
          )}
        >
          {listChange ? (
            <p aria-live="polite" className="rounded-md border border-info-line bg-info-surface p-2 text-xs text-info-strong">
              {listChange}
            </p>
          ) : null}
          {sinceLastTime.change ? (
            <ListChangeNote since={sinceLastTime.change.since} change={sinceLastTime.change.change} onDismiss={sinceLastTime.dismiss} />
          ) : null}
          <ToolList data={data} serverUrl={connection.url} selected={selected} onSelect={select} hint={hint} onHintChange={setHint} />
          <SafetyControls settings={safety} onChange={setSafety} />
        </div>
        <div className={cn('flex min-h-0 min-w-0 flex-1 flex-col', narrow && pane === 'tools' && 'hidden')}>
          <div className="min-h-0 min-w-0 flex-1 overflow-auto p-3 xl:overflow-hidden">
            {showAppResources && !showReport ? (
              <LazyPane label="the app resources" resetKey={connection} onRetry={AppResources.retry} loading="Loading the app resources…">
                {() => (
                  <AppResources.Component
                    tools={data.tools}
                    connection={connection}
                    sandboxOrigin={sandboxOrigin}
                    callFromApp={callFromApp}
                  />
                )}
              </LazyPane>
            ) : showReport ? (
              <LazyPane
                label="the server report"
                resetKey={connection}
                onRetry={ReportView.retry}
                loading="Loading the report (rules and tokenizer)…"
              >
                {() => (
                  <ReportView.Component
                    connection={connection}
                    calls={records}
                    appViolations={appViolations}
                    onOpenTool={select}
                    tab={report}
                    onTab={setReport}
                    onScore={setMadeScore}
                  />
                )}
              </LazyPane>
            ) : tool ? (
              <ErrorBoundary label="this tool" resetKey={tool}>
                <ToolWorkspace
                  key={openRun?.tool === tool.name ? `${tool.name}:${openRun.nonce}` : tool.name}
                  initialRunId={openRun?.tool === tool.name ? openRun.runId : undefined}
                  tool={tool}
                  connection={connection}
                  draft={drafts.get(tool.name)}
                  onDraftChange={(draft) => setDrafts((previous) => new Map(previous).set(tool.name, draft))}
                  runs={calls.runsOf(tool.name)}
                  task={tasks.modeOf(tool)}
                  onRequest={(args, options) => {
                    const fromLink = linkPending === tool.name;
                    void requests.store
                      .request(tool, args, { ...options, origin: 'form', ...(fromLink ? { foreign: LINK_ARGUMENTS } : {}) })
                      .then((outcome) => {
                        if (fromLink && (outcome === 'call' || outcome === 'confirm')) setLinkPending(undefined);
                      });
                  }}
                  apps={{
                    sandboxOrigin,
                    callFromApp,
                    record: recordApp ? (direction, message) => recordApp(tool.name, direction, message) : undefined,
                    onViolation: (directive, blocked) =>
                      setAppViolations((previous) => [...previous, { tool: tool.name, directive, blocked }].slice(-200)),
                  }}
                  linkNotice={
                    linkPending === tool.name ? (
                      <LinkExtras
                        value={drafts.get(tool.name)?.value ?? {}}
                        schema={tool.inputSchema}
                        onRemove={(path) =>
                          setDrafts((previous) => {
                            const current = previous.get(tool.name);
                            return current ? new Map(previous).set(tool.name, draftFrom(withoutKey(current.value, path))) : previous;
                          })
                        }
                      />
                    ) : undefined
                  }
                  onCancel={(runId) => calls.cancel(runId)}
                  notice={requests.snapshot.notices.get(tool.name)}
                  handles={handles}
                  targetsOf={(key) =>
                    data.tools
                      .filter((candidate) => offersFor(candidate.inputSchema, [{ key, value: '', tool: '', runId: 0 }]).length)
                      .map((candidate) => candidate.name)
                  }
                  runActions={runActions}
                  focusRequest={focusRequest}
                  onUseIn={(name, key, value) => {
                    select(name);
                    setDrafts((previous) => {
                      const current = previous.get(name);
                      return new Map(previous).set(
                        name,
                        current ? applyFormValue(current, { ...current.value, [key]: value }) : draftFrom({ [key]: value }),
                      );
                    });
                  }}
                />
              </ErrorBoundary>
            ) : selected && !data.loading ? (
              <p role="alert" className="text-sm text-warn">
                The server has no tool named “{selected}”.
              </p>
            ) : (
              <p className="text-sm text-muted">
                {data.loading && selected ? 'Loading tools…' : 'Select a tool to see its definition and call it.'}
              </p>
            )}
          </div>
          <HistoryPanel {...history.panel} onSave={(entry, name) => void savedCalls.save(entry, name)} />
          <DockTab id="saved" label="Saved calls" order={2} badge={savedCalls.saved.length ? String(savedCalls.saved.length) : undefined}>
            {(shown) =>
              shown ? (
                <div className="h-full overflow-auto">
                  <SavedCalls
                    saved={savedCalls.saved}
                    verdicts={savedCalls.verdicts}
                    problem={savedCalls.problem}
                    onRunAll={savedCalls.runAll}
                    onSendAnyway={savedCalls.sendAnyway}
                    onDelete={(id) => void savedCalls.remove(id)}
                    onCompare={(name, diff) => history.showComparison(`${name}: saved result → this run`, diff)}
                    onOpenRun={(name, runId) => {
                      select(name, { keepFocus: true });
                      setOpenRun((previous) => ({ tool: name, runId, nonce: (previous?.nonce ?? 0) + 1 }));
                    }}
                    onExport={() =>
                      downloadBytes(
                        new TextEncoder().encode(savedCalls.exportText()),
                        'application/json',
                        `${safeFileName(connection.server.name, 'server')}-saved-calls.json`,
                      )
                    }
                    onImport={(text) => void savedCalls.importText(text)}
                  />
                </div>
              ) : null
            }
          </DockTab>
        </div>
      </div>
      {history.comparison ? (
        <Comparison title={history.comparison.title} diff={history.comparison.diff} onClose={history.closeComparison} />
      ) : null}
      {requests.snapshot.pending ? (
        <ConfirmDialog
          question={requests.snapshot.pending}
          hints={(target) => <HintSummary annotations={target.annotations} />}
          onConfirm={() => requests.store.answer(true)}
          onCancel={() => requests.store.answer(false)}
        />
      ) : null}
      {elicitations.current ? (
        <ElicitationDialog
          key={elicitations.current.id}
          pending={elicitations.current}
          waiting={elicitations.waiting}
          onAnswer={(answer) => elicitations.current && elicitations.answer(elicitations.current.id, answer)}
        />
      ) : null}
    </div>
  );
}

export default ConnectedView;

/** A lazily loaded view of the main pane: its own error boundary (reset per connection) and chunk recovery. */
function LazyPane({
  label,
  resetKey,
  onRetry,
  loading,
  children,
}: {
  label: string;
  resetKey: unknown;
  onRetry: () => void;
  loading: string;
  children: () => ReactNode;
}) {
  return (
    <ErrorBoundary label={label} resetKey={resetKey}>
      <ChunkBoundary label={label} onRetry={onRetry} loading={<p className="text-sm text-muted">{loading}</p>}>
        {children}
      </ChunkBoundary>
    </ErrorBoundary>
  );
}
