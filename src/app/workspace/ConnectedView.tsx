// One connection's workspace, wired, with no policy: calls are the call session's (src/session,
// through useCallSession), what is shown useWorkspaceState's, the palette's paletteCommands.ts's.
import type { AppViolation } from '../../report/appRules.ts';
import type { GatheredReport } from '../../report/collect.ts';
import { useEffect, useMemo, useState } from 'react';
import type { RequestTool } from '../../session/callEntrance.ts';
import { createPortal } from 'react-dom';
import { NARROW, useMediaQuery } from '../../web/media.ts';
import { panes, usePanes, type Pane } from '../../web/panesStore.ts';
import { cn } from '../../lib/cn.ts';
import { errorMessage } from '../../lib/errorMessage.ts';
import { useReportScore } from '../../features/report/api/useReportScore.ts';
import { ReportChip } from '../../features/report/ReportChip.tsx';
import type { HintFilter } from '../../mcp/toolHints.ts';
import type { Command } from '../palette/commands.ts';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary.tsx';
import { useServersTools, useToolPages } from '../../features/tools/api/toolPages.ts';
import { ServersList } from '../../features/servers/ServersList.tsx';
import type { HostsServer } from '../../features/servers/HostsView.tsx';
import type { McpConnection } from '../../mcp/connection.ts';
import type { TrafficRecorder } from '../../mcp/recording/traffic.ts';
import { ServerQuestion } from '../../features/call/ElicitationDialog.tsx';
import { TasksPanel } from '../../features/call/TasksPanel.tsx';
import { useElicitations } from '../../features/call/useElicitations.ts';
import { useSafetySettings } from '../../features/call/useSafetySettings.ts';
import { taskControl, useCallSession, type CallSessionInput } from '../../features/call/useCallSession.ts';
import { ConfirmDialog } from '../../features/call/ConfirmDialog.tsx';
import { HintSummary } from '../../features/tools/HintBadges.tsx';
import { ToolWorkspace, type RunActions } from './ToolWorkspace.tsx';
import { callRecords } from '../../session/callRecords.ts';
import { askingRun } from '../../session/runs.ts';
import type { LoadCall } from '../../session/loadTest.ts';
import { useCallHistory } from '../../features/history/api/useCallHistory.ts';
import { HistoryPanel } from '../../features/history/HistoryPanel.tsx';
import { Comparison } from '../../features/history/Comparison.tsx';
import { LinkExtras } from '../../features/tools/LinkExtras.tsx';
import { collectHandles, takesHandle } from '../../mcp/handles.ts';
import { useSavedCalls } from '../../features/saved/useSavedCalls.ts';
import { SavedCallsTab } from '../../features/saved/SavedCallsTab.tsx';
import { useStableCallback } from '../../web/stableCallback.ts';
import { PaneTabs } from './PaneTabs.tsx';
import { ToolSidebar } from './ToolSidebar.tsx';
import { sidebarTabs } from './sidebarTabs.tsx';
import { useOfferWatch } from '../../features/offers/api/useOfferWatch.ts';
import type { OfferPick } from '../../features/offers/OfferLists.tsx';
import { SafetyControls } from '../../features/call/SafetyControls.tsx';
import { ServerOverview } from './ServerOverview.tsx';
import { usePaletteCommands } from '../palette/usePaletteCommands.ts';
import { useSignInRetry } from '../shell/useSignInRetry.ts';
import { useWorkspaceState } from './useWorkspaceState.ts';
import { WorkspaceView } from './WorkspaceViews.tsx';

interface Props {
  connection: McpConnection;
  authContext: string;
  initialTool?: string;
  /** A tool picked in another server's group of the "Servers" list: it opens, whatever was open here before. */
  openTool?: string;
  /** Arguments from a shared link: the tool opens with them filled in (never sent by itself). */
  initialArgs?: Record<string, unknown>;
  /** The MCP Apps sandbox origin (Toolscope's own server), when it runs. */
  sandboxOrigin?: string;
  /** Traffic: it logs an MCP App's bridge messages, and the call path judges the answers it records. */
  traffic: TrafficRecorder;
  /** Receives how to build this server's palette commands (called when the palette opens). */
  onCommands: (build: () => readonly Command[]) => void;
  /** For Toolscope's stdio bridge: which start of the child answers (a restart reloads the list). */
  serverGeneration?: number;
  /** Where the report chip goes in the top bar. */
  topBarSlot?: HTMLElement | null;
  /** Where the "Panes" tabs go on a narrow screen (below the dock). */
  bottomSlot?: HTMLElement | null;
  /** Where the Call settings go: the top bar's "Server details". */
  detailsSlot?: HTMLElement | null;
  /** The server's one call session (the workspace's: it outlives this view). */
  calls: CallSessionInput['session'];
  /** The tab's other connected servers (several servers), and what the "Servers" list does. */
  servers?: ServerSet;
}

/** The servers connected beside this one: each keeps its own connection, sign-in, headers and trust decisions. */
export interface ServerSet {
  others: readonly { url: string; label: string; connection: McpConnection; authContext: string; running: number }[];
  /** This server's name in the list (unique among them). */
  label: string;
  open: (url: string, tool?: string) => void;
  disconnect: (url: string) => void;
  add: () => void;
}

const ALONE: ServerSet['others'] = [];

export function ConnectedView(props: Props) {
  const { connection, authContext, sandboxOrigin, traffic, onCommands, serverGeneration, topBarSlot, bottomSlot, detailsSlot } = props;
  const data = useToolPages(connection, authContext);
  const workspace = useWorkspaceState(connection.url, data.tools, props.initialTool, props.initialArgs, props.openTool);
  const { selected, select, view, setView } = workspace;
  const others = props.servers?.others ?? ALONE;
  const otherTools = useServersTools(others);
  const label = props.servers?.label ?? connection.server.title ?? connection.server.name;
  const hostServers = useMemo(
    (): HostsServer[] => [
      { url: connection.url, label, ...connection.server, tools: data.tools, loading: data.loading },
      ...others.map((other, index) => ({
        url: other.url,
        label: other.label,
        ...other.connection.server,
        tools: otherTools[index]?.tools ?? [],
        loading: otherTools[index]?.loading ?? true,
      })),
    ],
    [connection, label, data.tools, data.loading, others, otherTools],
  );
  const tool = selected === undefined ? undefined : data.tools.find((candidate) => candidate.name === selected);
  const [safety, setSafety] = useSafetySettings(connection.url);
  // The one call path: every entrance asks the session, which checks, gates (one dialog, below) and sends.
  const { tools, loading } = data;
  const { session, snapshot: calls } = useCallSession({ session: props.calls, tools, loading, linkTool: workspace.fromLink });
  // Traffic says of each answer what the pane says (Invalid output): the session's rule judges the wire.
  useEffect(() => traffic.judgeToolResults(session.judgeResult), [traffic, session]);
  const elicitations = useElicitations(connection);
  // Each tab's last pick, to come back to; the resource last opened stays subscribed meanwhile.
  const [picks, setPicks] = useState<Partial<Record<'prompts' | 'resources', OfferPick>>>({});
  if (view.kind === 'offers' && view.pick && picks[view.tab] !== view.pick) setPicks({ ...picks, [view.tab]: view.pick });
  // Watched once the person has looked at either tab (before that nothing of them is shown or asked).
  const [offersSeen, setOffersSeen] = useState(false);
  if (view.kind === 'offers' && !offersSeen) setOffersSeen(true);
  useOfferWatch(connection, authContext, offersSeen, picks.resources?.kind === 'resource' ? picks.resources.uri : undefined);
  const [hint, setHint] = useState<HintFilter>('all');
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

  // A call from outside the form (Replay, "Run the last call"): its tool opens, and the session
  // sends it once the tool is listed; why it was not sent shows in that tool's workspace.
  const sendAgain = useStableCallback((name: string, args: Record<string, unknown>, origin: 'replay' | 'run-last') => {
    select(name, { keepFocus: true });
    session.requestByName(name, args, origin);
  });
  const retryAfterSignIn = useSignInRetry(session, calls.runs, data.tools);
  const history = useCallHistory({
    connection,
    runs: calls.runs,
    tools: data.tools,
    replay: (name, args) => sendAgain(name, args, 'replay'),
    edit: workspace.edit,
    openPrompt: (name, args, get) =>
      setView({ kind: 'offers', tab: 'prompts', pick: { kind: 'prompt', name }, fill: { args, get, at: Date.now() } }),
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

  const savedCalls = useSavedCalls(connection, session);
  const callFromApp = useStableCallback((name: string, args: Record<string, unknown>) => session.requestFromApp(name, args));
  const gateLoad = useStableCallback((mix: readonly LoadCall[]) =>
    session.gateLoad(mix, `Confirm load test: ${mix.map((call) => call.tool).join(', ')}`),
  );
  const gateAppTool = useStableCallback((appTool: RequestTool, args: Record<string, unknown>) => session.gateAppTool(appTool, args));
  // A plain object: the workspace is not memoized, so a memo here would only cost.
  const runActions: RunActions = {
    copy: (run, kind) => history.copyCall(run.tool, run.state.args, kind),
    copyArgs: history.copyCall,
    save: (run, name) => savedCalls.saveRun(run.tool, run.state.args, run.state.status === 'done' ? run.state.result.raw : undefined, name),
    previousOf: history.previousOf,
  };

  usePaletteCommands({
    connection,
    tools: data.tools,
    runs: calls.runs,
    session,
    onCommands,
    select,
    sendAgain,
    setHint,
    setView,
    copyCurl: (name, args) => history.copyCall(name, args, 'curl'),
  });

  const records = useMemo(() => callRecords(calls.runs), [calls.runs]);
  // Loads MCP App frames blocked in this session: the report's app-csp-undeclared.
  const [appViolations, setAppViolations] = useState<readonly AppViolation[]>([]);
  // What the last report gathered (a new listing makes it old): the chip scores it, and the report shows it.
  const listedAt = data.freshness?.updatedAt ?? 0;
  const [made, setMade] = useState<{ listedAt: number; gathered: GatheredReport }>();
  const madeNow = made?.listedAt === listedAt ? made.gathered : undefined;
  const scored = useReportScore(
    connection,
    authContext,
    { pages: data.pages, tools: data.tools, complete: !data.loading && !data.error && !data.stopMessage, listedAt },
    madeNow,
    records,
    appViolations,
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {topBarSlot
        ? createPortal(
            <ReportChip
              score={scored?.score}
              open={view.kind === 'report'}
              onToggle={() => setView(view.kind === 'report' ? { kind: 'tool' } : { kind: 'report', tab: 'findings' })}
            />,
            topBarSlot,
          )
        : null}
      {narrow && bottomSlot ? createPortal(<PaneTabs />, bottomSlot) : null}
      {detailsSlot ? createPortal(<SafetyControls settings={safety} onChange={setSafety} />, detailsSlot) : null}
      {/* With Prompts or Resources open, the list and the work area are one region of that name (the UI
          contract's); only attributes change, so switching tabs remounts nothing. */}
      <div
        className="flex min-h-0 flex-1 flex-col overflow-auto md:flex-row md:overflow-hidden"
        {...(view.kind === 'offers' ? { role: 'region', 'aria-label': view.tab === 'prompts' ? 'Prompts' : 'Resources' } : {})}
      >
        <ToolSidebar
          connection={connection}
          data={data}
          serverGeneration={serverGeneration}
          selected={selected}
          onSelect={select}
          hint={hint}
          onHintChange={setHint}
          shown={!narrow || pane === 'tools'}
          fill={narrow}
          top={
            props.servers && others.length ? (
              <ServersList
                servers={hostServers.map((server, index) => ({
                  url: server.url,
                  label: server.label,
                  era: index === 0 ? connection.protocolVersion : (others[index - 1]?.connection.protocolVersion ?? ''),
                  onScreen: index === 0,
                  tools: server.tools,
                  loading: server.loading,
                  error: index === 0 || !otherTools[index - 1]?.error ? undefined : errorMessage(otherTools[index - 1]?.error),
                  running:
                    index === 0 ? calls.runs.filter((run) => run.state.status === 'running').length : (others[index - 1]?.running ?? 0),
                }))}
                onOpen={props.servers.open}
                onDisconnect={props.servers.disconnect}
                onAdd={props.servers.add}
                onHosts={() => {
                  setView({ kind: 'hosts' });
                  panes.show('request');
                }}
              />
            ) : undefined
          }
          toolsHeading={others.length ? `Tools of ${label}` : undefined}
          {...sidebarTabs({ connection, authContext, view, setView, picks, findings: scored?.findings })}
        />
        <div className={cn('flex min-h-0 min-w-0 flex-1 flex-col', narrow && pane === 'tools' && 'hidden')}>
          <div className="min-h-0 min-w-0 flex-1 overflow-auto p-3 xl:overflow-hidden">
            {view.kind !== 'tool' ? (
              <WorkspaceView
                view={view}
                setView={setView}
                connection={connection}
                authContext={authContext}
                tools={data.tools}
                onOpenTool={select}
                sandboxOrigin={sandboxOrigin}
                callFromApp={callFromApp}
                gateAppTool={gateAppTool}
                records={records}
                appViolations={appViolations}
                findings={scored?.findings}
                made={madeNow}
                onMade={(gathered) => setMade({ listedAt, gathered })}
                onPromptEnded={(ended, raw) => void history.recordPrompt(ended, raw)}
                hostServers={hostServers}
                openOnServer={props.servers?.open}
                runCall={(name, args) => sendAgain(name, args, 'replay')}
                trust={(tool) => session.trust(tool)}
              />
            ) : tool ? (
              <ErrorBoundary label="this tool" resetKey={tool}>
                <ToolWorkspace
                  key={workspace.openRun?.tool === tool.name ? `${tool.name}:${workspace.openRun.nonce}` : tool.name}
                  initialRunId={workspace.openRun?.tool === tool.name ? workspace.openRun.runId : undefined}
                  askingRunId={elicitations.current ? askingRun(elicitations.current.asker?.taskId, calls.runs)?.id : undefined}
                  tool={tool}
                  connection={connection}
                  draft={workspace.drafts.get(tool.name)}
                  onDraftChange={(draft) => workspace.setDraft(tool.name, draft)}
                  runs={calls.runs.filter((run) => run.tool === tool.name).reverse()}
                  task={taskControl(session, tool)}
                  onRequest={(args, options) => void session.request(tool, args, { ...options, origin: 'form' })}
                  onRetry={(args) => retryAfterSignIn(tool.name, args)}
                  apps={{
                    sandboxOrigin,
                    callFromApp,
                    gateAppTool,
                    record: (direction, message) => traffic.recordApp(tool.name, direction, message),
                    onViolation: (directive, blocked) =>
                      setAppViolations((previous) => [...previous, { tool: tool.name, directive, blocked }].slice(-200)),
                  }}
                  linkNotice={
                    calls.linkPending === tool.name ? (
                      <LinkExtras
                        value={workspace.drafts.get(tool.name)?.value ?? {}}
                        schema={tool.inputSchema}
                        onRemove={(path) => workspace.removeKey(tool.name, path)}
                      />
                    ) : undefined
                  }
                  onCancel={(runId) => session.cancel(runId)}
                  notice={calls.notices.get(tool.name)}
                  handles={handles}
                  targetsOf={(key) =>
                    data.tools.filter((candidate) => takesHandle(candidate.inputSchema, key)).map((candidate) => candidate.name)
                  }
                  runActions={runActions}
                  load={{ gate: gateLoad, onEnded: (summary, plan) => void history.recordLoad(summary, plan) }}
                  focusRequest={workspace.focusRequest}
                  onUseIn={workspace.useIn}
                />
              </ErrorBoundary>
            ) : selected && !data.loading ? (
              <p role="alert" className="text-sm text-warn">
                The server has no tool named “{selected}”.
              </p>
            ) : selected ? (
              <p className="text-sm text-muted">Loading tools…</p>
            ) : (
              <ServerOverview
                connection={connection}
                tools={data.tools}
                loading={data.loading}
                scored={scored}
                onOpenTool={select}
                onOpenReport={() => setView({ kind: 'report', tab: 'findings' })}
              />
            )}
          </div>
          <TasksPanel runs={calls.runs} onOpen={workspace.showRun} onCancel={(runId) => session.cancel(runId)} />
          <HistoryPanel
            {...history.panel}
            onSave={(entry, name) => void savedCalls.save(entry, name)}
            serverLabel={others.length ? label : undefined}
          />
          <SavedCallsTab
            saved={savedCalls}
            verdicts={calls.verdicts}
            serverName={connection.server.name}
            onCompare={history.showComparison}
            onOpenRun={workspace.showRun}
            onOpen={workspace.edit}
          />
        </div>
      </div>
      {history.comparison ? (
        <Comparison title={history.comparison.title} diff={history.comparison.diff} onClose={history.closeComparison} />
      ) : null}
      {calls.pending ? (
        <ConfirmDialog
          question={calls.pending}
          hints={(target) => <HintSummary annotations={target.annotations} />}
          onConfirm={() => session.answer(true)}
          onCancel={() => session.answer(false)}
        />
      ) : null}
      <ServerQuestion
        elicitations={elicitations}
        runs={calls.runs}
        selected={selected}
        onShowRun={workspace.showRun}
        onAnswered={(runId, answered) => session.noteAnswer(runId, answered)}
      />
    </div>
  );
}

export default ConnectedView;
