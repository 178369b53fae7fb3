// One connection's workspace, wired, with no policy: calls are the call session's (src/session,
// through useCallSession), what is shown useWorkspaceState's, the palette's paletteCommands.ts's.
import { useEffect, useMemo, useState } from 'react';
import { NARROW, useMediaQuery } from '../../web/media.ts';
import { panes, usePanes, type Pane } from '../../web/panesStore.ts';
import { cn } from '../../lib/cn.ts';
import type { HintFilter } from '../../mcp/toolHints.ts';
import type { Command } from '../palette/commands.ts';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary.tsx';
import type { McpConnection } from '../../mcp/connection.ts';
import type { TrafficRecorder } from '../../mcp/recording/traffic.ts';
import { useElicitations } from '../../features/call/useElicitations.ts';
import { useSafetySettings } from '../../features/call/useSafetySettings.ts';
import { taskControl, useCallSession, type CallSessionInput } from '../../features/call/useCallSession.ts';
import { ToolWorkspace, type RunActions } from './ToolWorkspace.tsx';
import { askingRun } from '../../session/runs.ts';
import { useCallHistory } from '../../features/history/api/useCallHistory.ts';
import { LinkExtras } from '../../features/tools/LinkExtras.tsx';
import { collectHandles, takesHandle } from '../../mcp/handles.ts';
import { useSavedCalls } from '../../features/saved/useSavedCalls.ts';
import { useStableCallback } from '../../web/stableCallback.ts';
import { ToolSidebar } from './ToolSidebar.tsx';
import { sidebarTabs } from './sidebarTabs.tsx';
import { useServerOffers } from '../../features/offers/api/useOfferWatch.ts';
import type { OfferPick } from '../../features/offers/OfferLists.tsx';
import { ServerOverview } from './ServerOverview.tsx';
import { usePaletteCommands } from '../palette/usePaletteCommands.ts';
import { useSignInRetry } from '../shell/useSignInRetry.ts';
import { useWorkspaceState } from './useWorkspaceState.ts';
import { WorkspaceView } from './WorkspaceViews.tsx';
import { useToolPages } from '../../features/tools/api/toolPages.ts';
import { ServersPane, useHostServers, type ServerSet } from './ServersPane.tsx';
import { CallDialogs } from './CallDialogs.tsx';
import { WorkspaceDock } from './WorkspaceDock.tsx';
import { TopBarPortals } from './TopBarPortals.tsx';
import { useWorkspaceReport } from './useWorkspaceReport.ts';

// How the tab's workspace makes a server session: in this chunk, with the code its call session needs.
export { pageServer, Workspace } from './pageServer.ts';

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

export function ConnectedView(props: Props) {
  const { connection, authContext, sandboxOrigin, traffic, onCommands, serverGeneration, topBarSlot, bottomSlot, detailsSlot } = props;
  const data = useToolPages(connection, authContext);
  const workspace = useWorkspaceState(connection.url, data.tools, props.initialTool, props.initialArgs, props.openTool);
  const { selected, select, view, setView } = workspace;
  const set = useHostServers(connection, props.servers, data);
  const { others, label, hostServers } = set;
  const tool = selected === undefined ? undefined : data.tools.find((candidate) => candidate.name === selected);
  const safety = useSafetySettings(connection.url);
  // The one call path: every entrance asks the session, which checks, gates (one dialog, below) and sends.
  const { tools, loading } = data;
  const { session, snapshot: calls } = useCallSession({ session: props.calls, tools, loading, linkTool: workspace.fromLink });
  // Traffic says of each answer what the pane says (Invalid output): the session's rule judges the wire.
  useEffect(() => traffic.judgeToolResults(session.judgeResult), [traffic, session]);
  const elicitations = useElicitations(connection);
  // Each tab's last pick, to come back to; the resource last opened stays subscribed meanwhile.
  const [picks, setPicks] = useState<Partial<Record<'prompts' | 'resources', OfferPick>>>({});
  if (view.kind === 'offers' && view.pick && picks[view.tab] !== view.pick) setPicks({ ...picks, [view.tab]: view.pick });
  // Listed at connect (the tabs and the overview count them), and so watched from then on.
  const offerCounts = useServerOffers(connection, authContext, picks.resources?.kind === 'resource' ? picks.resources.uri : undefined);
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
    openResource: (uri) => setView({ kind: 'offers', tab: 'resources', pick: { kind: 'resource', uri } }),
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
  const gateLoad = useStableCallback((mix: Parameters<typeof session.gateLoad>[0]) =>
    session.gateLoad(mix, `Confirm load test: ${mix.map((call) => call.tool).join(', ')}`),
  );
  const gateFuzz = useStableCallback((names: readonly string[], title: string) => session.gateFuzz(names, title));
  const gateAppTool = useStableCallback((...asked: Parameters<typeof session.gateAppTool>) => session.gateAppTool(...asked));
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

  const report = useWorkspaceReport(connection, authContext, data, calls.runs);
  const { scored } = report;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <TopBarPortals
        {...{ topBarSlot, bottomSlot, detailsSlot, narrow, safety }}
        servers={
          props.servers ? (
            <ServersPane
              connection={connection}
              servers={props.servers}
              set={set}
              running={calls.runs.filter((run) => run.state.status === 'running').length}
              onHosts={() => {
                setView({ kind: 'hosts' });
                panes.show('request');
              }}
            />
          ) : null
        }
        score={scored?.score}
        reportOpen={view.kind === 'report'}
        onToggleReport={() => {
          setView(view.kind === 'report' ? { kind: 'tool' } : { kind: 'report', tab: 'findings' });
          // On a phone the report is in the Request pane: it comes to the front with it.
          panes.show('request');
        }}
      />
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
          {...sidebarTabs({ connection, authContext, view, setView, picks, findings: scored?.findings, counts: offerCounts })}
        />
        <div className={cn('flex min-h-0 min-w-0 flex-1 flex-col', narrow && pane === 'tools' && 'hidden')}>
          <div className="min-h-0 min-w-0 flex-1 overflow-auto p-2 md:p-3 xl:overflow-hidden">
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
                records={report.records}
                appViolations={report.appViolations}
                findings={scored?.findings}
                made={report.made}
                onMade={report.onMade}
                recordOffer={history.recordOffer}
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
                    onViolation: (directive, blocked) => report.violated({ tool: tool.name, directive, blocked }),
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
                  load={{
                    gate: gateLoad,
                    onEnded: (summary, plan) => void history.recordLoad(summary, plan),
                    fuzz: { gate: gateFuzz, onEnded: (run, ms) => void history.recordFuzz(run, ms), open: workspace.edit },
                  }}
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
                counts={offerCounts}
                onOpenTab={(tab) => setView({ kind: 'offers', tab, pick: picks[tab] })}
              />
            )}
          </div>
          <WorkspaceDock
            {...{ session, calls, history, savedCalls, workspace }}
            serverName={connection.server.name}
            serverLabel={others.length ? label : undefined}
          />
        </div>
      </div>
      <CallDialogs {...{ session, calls, elicitations, history, selected }} onShowRun={workspace.showRun} />
    </div>
  );
}

export default ConnectedView;
