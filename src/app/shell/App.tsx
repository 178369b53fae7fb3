import { Toaster } from '../../components/ui/Toaster.tsx';
import { Dock } from '../../components/ui/Dock.tsx';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ConnectionBar } from '../../features/connection/ConnectionBar.tsx';
import { readDeepLink, writeDeepLink } from '../../features/connection/deepLink.ts';
import { useConnection } from '../../features/connection/useConnection.ts';
import { TrafficPanel } from '../../features/traffic/TrafficPanel.tsx';
import { OAuthPanel } from '../../features/connection/OAuthPanel.tsx';
import { isGrantPersisted } from '../../mcp/auth/grants.ts';
import { StepUpContext, useOAuth, type SignInPurpose } from '../../features/connection/useOAuth.ts';
import type { OAuthGrant } from '../../mcp/auth/oauth.ts';
import type { OAuthChallenge } from '../../mcp/errors.ts';
import type { ProxySession } from '../../mcp/wire/proxy.ts';
import { OPEN_ADD_SERVER, OPEN_DOCTOR } from '../../web/keyboard.ts';
import { TrafficRecorder } from '../../mcp/recording/traffic.ts';
import { serverHealth } from '../../mcp/recording/serverHealth.ts';
import { ChunkBoundary } from '../../components/ui/ChunkBoundary.tsx';
import { AppMenu } from './AppMenu.tsx';
import { ConnectedView, warmUp, type Boot } from './boot.ts';
import type { Command } from '../palette/commands.ts';
import { RestartServerContext, useStdioServer } from '../../features/stdio/useStdioServer.ts';
import { ServerConsole } from '../../features/stdio/ServerConsole.tsx';
import { lastStderrLine, stdioStatusText } from '../../features/stdio/consoleStore.ts';
import { StartScreen } from '../../features/connection/StartScreen.tsx';
import { rememberRecentServer } from '../../features/connection/api/recentServers.ts';
import { isKnownServer, rememberKnownServer } from '../../features/connection/api/knownServers.ts';
import { forgetAndSay } from './forgetting.ts';
import { endPreview } from '../../prefetch/index.ts';
import type { Forgetting } from './ForgetDialogs.tsx';
import type { SavedServer } from '../../features/connection/api/serverList.ts';
import { usePanes } from '../../web/panesStore.ts';
import { dock } from '../../web/dockStore.ts';
import { cn } from '../../lib/cn.ts';
import { FindServer } from '../../features/registry/FindServer.tsx';
import type { RegistryConnect } from '../../features/registry/EntryView.tsx';
import { FindServerDialog } from './FindServerDialog.tsx';
import { usePageWorkspace, useWorkspace } from '../workspace/useWorkspace.ts';
import { appCommands } from '../palette/appCommands.ts';
import { StillConnected } from '../../features/servers/StillConnected.tsx';

const IDLE = { status: 'idle' } as const;

export function App({ start }: { start: Boot }) {
  const { initialLink, initialArgs, proxySession } = start;
  const [recorder] = useState(() => new TrafficRecorder());
  // Toolscope's own server offers a loopback proxy; a static host does not.
  const [proxy, setProxy] = useState<{ loaded: boolean; session?: ProxySession }>({ loaded: false });
  const queryClient = useQueryClient();
  // Every connection that comes up joins the tab's workspace (its listing starts at once there).
  const page = usePageWorkspace();
  const { state, connect, disconnect, reconnect, retry, park, adopt } = useConnection(recorder, proxy.session, page.joined, page.closed);
  const live = state.status === 'connected' ? state.connection : undefined;
  // A boolean snapshot: the shell re-renders when reachability changes, not on every exchange.
  const trafficFrom = state.status === 'connected' ? state.trafficFrom : 0;
  const trafficHealth = useSyncExternalStore(recorder.subscribe, () => serverHealth(recorder.getSnapshot(), trafficFrom, live?.url));
  // The tool the workspace opens on: the link's, or a recent server's last one — or one picked in
  // another server's group of the "Servers" list.
  const [startTool, setStartTool] = useState(initialLink.tool);
  const [openTool, setOpenTool] = useState<{ url: string; tool: string }>();
  const servers = useWorkspace(page, {
    state,
    park,
    adopt,
    disconnect,
    recorder,
    proxy,
    linkServer: initialLink.server,
    setOpenTool,
  });
  /** The call to send again once the sign-in it asked for is done. */
  const retryAfterGrant = useRef<(() => void) | undefined>(undefined);
  const onGrant = useCallback(
    (url: string, grant: OAuthGrant, purpose: SignInPurpose) => {
      // Step-up keeps the live connection (and everything typed) and swaps its token; then the
      // call that asked is sent again (through the one call path).
      if (purpose === 'step-up' && live?.url === url) {
        live.setBearerToken(grant.accessToken);
        const retry = retryAfterGrant.current;
        retryAfterGrant.current = undefined;
        retry?.();
      } else reconnect(grant.accessToken);
    },
    [live, reconnect],
  );
  const oauth = useOAuth(proxy.session, onGrant);
  // Built when the palette opens, not on every page of a 10,000-tool list (and no re-render here per page).
  const buildCommands = useRef<() => readonly Command[]>(() => []);
  const onCommands = useCallback((build: () => readonly Command[]) => {
    buildCommands.current = build;
  }, []);
  // The stdio server this launch runs (from the terminal), if any: its status, console and restart.
  const stdioSession = proxy.session?.stdio;
  const stdio = useStdioServer(stdioSession);
  const { restart: restartStdio } = stdio;
  // "Find a server" (the MCP Registry): a remote opened from it connects like a typed server, the
  // headers its entry declares secret masked by name (they travel in the connection's options);
  // the connection says which entry it came from.
  const [finding, setFinding] = useState(false);
  const [registrySource, setRegistrySource] = useState<{ url: string; name: string; version: string }>();
  const connectFromRegistry = useCallback<RegistryConnect>(
    (url, headers, secretHeaders, source) => {
      setRegistrySource({ url, ...source });
      setFinding(false);
      ConnectedView.preload();
      if (servers.has(url)) servers.open(url);
      else void connect(url, '', undefined, headers, false, secretHeaders);
    },
    [connect, servers],
  );
  const diagnosable = Boolean(proxy.session) && (state.status === 'connected' || state.status === 'failed');
  const toolCommands = useCallback(
    () => [
      ...appCommands({
        find: () => setFinding(true),
        add: live ? () => window.dispatchEvent(new Event(OPEN_ADD_SERVER)) : undefined,
        diagnose: diagnosable ? () => window.dispatchEvent(new Event(OPEN_DOCTOR)) : undefined,
        restart: stdioSession ? { command: stdioSession.command, run: () => void restartStdio() } : undefined,
      }),
      ...buildCommands.current(),
    ],
    [stdioSession, restartStdio, diagnosable, live],
  );
  const { signIn } = oauth;
  const stepUp = useCallback(
    (challenge: OAuthChallenge, retry?: () => void) => {
      if (!live) return;
      retryAfterGrant.current = retry;
      void signIn({ url: live.url, challenge, purpose: 'step-up', persist: isGrantPersisted(live.url) });
    },
    [live, signIn],
  );

  useEffect(() => {
    void proxySession.then((session) => setProxy({ loaded: true, session }));
  }, [proxySession]);

  // ?server= of a server the person used before connects at once, once we know whether a proxy
  // exists (a remembered "use the proxy" choice needs it); any other server is asked about first.
  // Either way, a link's connection sends no reachability probe.
  // A deep link whose connection failed: the first tools shown before the app loaded go.
  useEffect(() => void (state.status === 'failed' && endPreview()), [state.status]);
  const linked = useRef(false);
  const [askLink, setAskLink] = useState(() =>
    initialLink.server && !isKnownServer(initialLink.server, window.location.origin) ? initialLink.server : undefined,
  );
  useEffect(() => {
    if (!proxy.loaded || linked.current) return;
    linked.current = true;
    if (initialLink.server && !askLink) void connect(initialLink.server, '', undefined, {}, true);
    // Once, when the proxy is known; the question's answer connects by itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connect, proxy.loaded, initialLink.server]);

  // Is the workspace on the stdio bridge? Then the status says what runs, and a restart reloads the list —
  // or, when the child had died before the page could connect, connects now that it runs.
  const onBridge =
    stdioSession !== undefined &&
    (state.status === 'idle' || (state.status === 'connected' ? state.connection.url : state.url) === stdioSession.url);
  const childState = stdio.snapshot.status?.state.status;
  const childRuns = childState === 'running' || childState === 'starting';
  const restartServer = useMemo(
    () => (onBridge ? { restart: () => void restartStdio(), runs: childRuns } : undefined),
    [onBridge, childRuns, restartStdio],
  );
  // The chip's health: a child that is gone first (known within the event stream's latency), then
  // what the last exchange said. Only the connection's own server counts.
  const health =
    state.status !== 'connected'
      ? undefined
      : onBridge && stdio.snapshot.status !== undefined && !childRuns
        ? ('server-stopped' as const)
        : trafficHealth;
  const lastWords = useMemo(() => lastStderrLine(stdio.snapshot.lines), [stdio.snapshot.lines]);
  const generation = stdio.snapshot.status?.generation;
  useEffect(() => {
    if (childRuns && stdioSession && state.status === 'failed' && state.url === stdioSession.url) void connect(stdioSession.url, '');
    // Only a new start of the child is a reason to try again, not every state change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [generation, childRuns]);

  // A saved server to open through the connection form (which knows its header values).
  const [openSaved, setOpenSaved] = useState<{ server: SavedServer; nonce: number }>();
  const openServer = useCallback((server: SavedServer) => {
    ConnectedView.preload();
    setOpenSaved((previous) => ({ server, nonce: (previous?.nonce ?? 0) + 1 }));
  }, []);
  // Where the connected view puts its top-bar controls (the report chip) and, on a narrow screen, its pane tabs.
  const [topBarSlot, setTopBarSlot] = useState<HTMLDivElement | null>(null);
  const [bottomSlot, setBottomSlot] = useState<HTMLDivElement | null>(null);
  const [detailsSlot, setDetailsSlot] = useState<HTMLDivElement | null>(null);
  // A narrow screen's Dock tab: the dock takes the page.
  const { pane, tabbed } = usePanes();
  const dockPane = tabbed && pane === 'dock';

  const connectedUrl = state.status === 'connected' ? state.connection.url : undefined;
  const shownCalls = servers.shownServer?.calls;
  const fromRegistry =
    registrySource && registrySource.url === connectedUrl
      ? `the MCP Registry: ${registrySource.name} ${registrySource.version}`
      : undefined;
  // The connected server as the server.json workbench compares it.
  const served = live
    ? { server: live.server, url: live.url, stdio: live.bridged, headerNames: Object.keys(live.customHeaders) }
    : undefined;
  // Forgetting disconnects first (nothing more is written), then deletes; "all" starts a fresh page.
  const forget = useCallback((what: Forgetting) => forgetAndSay(what, disconnect, () => queryClient.clear()), [disconnect, queryClient]);
  useEffect(() => {
    // The stdio bridge's URL lives only as long as this launch: not a server to offer next time.
    if (live && live.url !== stdioSession?.url)
      rememberRecentServer(live.url, Date.now(), fromRegistry, {
        name: live.server.title ?? live.server.name,
        era: live.protocolVersion,
        // The link's tool, when the link is this server's.
        tool: readDeepLink(window.location.search).server === live.url ? readDeepLink(window.location.search).tool : undefined,
      });
    if (connectedUrl) rememberKnownServer(connectedUrl);
    if (connectedUrl)
      window.history.replaceState(
        null,
        '',
        writeDeepLink(window.location.search, { server: connectedUrl, tool: readDeepLink(window.location.search).tool }),
      );
  }, [connectedUrl, live, stdioSession?.url, fromRegistry]);

  return (
    <div className="flex h-dvh flex-col">
      {/* The top bar keeps one height (44 px): what it opens floats over the page (popovers, dialogs). */}
      <header className="relative z-30 flex min-h-11 shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-line bg-panel px-3 py-1 md:h-11 md:flex-nowrap md:py-0">
        <h1 className="shrink-0 text-base font-bold">Toolscope</h1>
        <ConnectionBar
          state={state}
          initialUrl={initialLink.server ?? ''}
          onConnect={(url, token, path, headers) => {
            ConnectedView.preload();
            // A server of the set, off screen: it comes back on screen (one connection per server).
            if (servers.has(url)) servers.open(url);
            else void connect(url, token, path, headers);
          }}
          onIntent={warmUp}
          proxy={proxy.session}
          onDisconnect={servers.disconnectShown}
          stillConnected={state.status === 'idle' ? [...servers.labels.values()] : undefined}
          onAddServer={servers.add}
          serverCount={servers.parked.length + 1}
          health={health}
          source={fromRegistry}
          detailsSlot={setDetailsSlot}
          onRetry={retry}
          open={openSaved}
          stdio={
            stdioSession
              ? {
                  command: stdioSession.command,
                  status: stdio.snapshot.status,
                  lastWords,
                  onRestart: () => void stdio.restart(),
                  onStop: () => void stdio.stop(),
                  onConsole: () => dock.show('console'),
                }
              : undefined
          }
          runs={
            onBridge && stdioSession
              ? { text: stdioStatusText(stdio.snapshot, stdioSession.command), ended: stdio.snapshot.status !== undefined && !childRuns }
              : undefined
          }
        />
        <div ref={setTopBarSlot} className="flex shrink-0 items-center gap-2" />
        <AppMenu commands={toolCommands} onConnectSaved={openServer} connectedUrl={connectedUrl} onForget={forget} />
      </header>
      <OAuthPanel view={oauth.view} onDismiss={oauth.dismiss} />
      {initialArgs.problem ? (
        <p role="alert" className="border-b border-line px-3 py-1 text-xs text-warn">
          {initialArgs.problem}
        </p>
      ) : null}
      <main className={cn('flex min-h-0 flex-1 flex-col overflow-hidden', dockPane && 'hidden')}>
        {state.status === 'connected' && shownCalls ? (
          <StepUpContext value={stepUp}>
            <RestartServerContext value={restartServer}>
              <ChunkBoundary
                label="the workspace"
                onRetry={ConnectedView.retry}
                loading={<p className="p-4 text-sm text-muted">Loading the workspace…</p>}
              >
                {() => (
                  <ConnectedView.Component
                    key={state.id}
                    connection={state.connection}
                    calls={shownCalls}
                    authContext={state.authContext}
                    initialTool={startTool}
                    openTool={openTool?.url === state.connection.url ? openTool.tool : undefined}
                    initialArgs={
                      startTool === initialLink.tool && state.connection.url === initialLink.server ? initialArgs.args : undefined
                    }
                    sandboxOrigin={proxy.session?.sandbox}
                    traffic={recorder}
                    onCommands={onCommands}
                    serverGeneration={stdioSession && state.connection.url === stdioSession.url ? generation : undefined}
                    topBarSlot={topBarSlot}
                    bottomSlot={bottomSlot}
                    detailsSlot={detailsSlot}
                    servers={servers.forView}
                  />
                )}
              </ChunkBoundary>
            </RestartServerContext>
          </StepUpContext>
        ) : (
          <>
            {servers.parked.length ? <StillConnected labels={servers.labels} onOpen={servers.open} /> : null}
            <StartScreen
              key={state.status === 'failed' ? `failed:${state.url}` : 'start'}
              state={state.status === 'connected' ? IDLE : state}
              askLink={state.status === 'idle' ? askLink : undefined}
              linkTool={initialLink.tool}
              onAnswerLink={(connectNow) => {
                const server = askLink;
                setAskLink(undefined);
                // The person said yes: from here the server is as if typed — a failure is explained
                // (the reachability and CORS probe) and the proxy offered, like any server they open.
                if (connectNow && server) {
                  ConnectedView.preload();
                  void connect(server, '');
                }
              }}
              proxy={proxy.session}
              demoUrl={proxy.session ? new URL('/mcp', window.location.origin).href : undefined}
              onConnect={(url, tool) => {
                ConnectedView.preload();
                // A recent server opens on the tool last open there.
                if (tool) setStartTool(tool);
                if (servers.has(url)) servers.open(url, tool);
                else void connect(url, '');
              }}
              onOpenSaved={openServer}
              onRetryVia={retry}
              onSignIn={(request) => void signIn(request)}
              inSet={new Set(servers.labels.keys())}
            >
              <FindServer onConnect={connectFromRegistry} />
            </StartScreen>
          </>
        )}
      </main>
      {stdioSession ? (
        <ServerConsole
          snapshot={stdio.snapshot}
          problem={stdio.problem}
          onRestart={() => void stdio.restart()}
          onStop={() => void stdio.stop()}
        />
      ) : null}
      <TrafficPanel
        recorder={recorder}
        stdioUrl={stdioSession?.url}
        cassette={live ? { source: live, afterSeq: trafficFrom, server: live.url } : undefined}
        serverNames={servers.labels}
      />
      <Dock />
      <div ref={setBottomSlot} className="contents" />
      {finding ? <FindServerDialog onConnect={connectFromRegistry} connected={served} onClose={() => setFinding(false)} /> : null}
      <Toaster />
    </div>
  );
}
