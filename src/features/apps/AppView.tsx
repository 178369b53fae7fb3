// An MCP App's interface for one finished call: its ui:// resource, framed on Toolscope's second
// origin (server/sandbox.ts) under a host profile (src/mcp/apps/appHosts.ts: the reference host by
// default, or the spec's strict minimum). The host itself — the bridge, its handlers, the questions
// an app asks, its findings — is src/apphost/hostSession.ts, without React; this view frames the
// app, lets the person choose what hosts vary, and shows what the session holds.
import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { downloadBytesOf } from '../../apphost/downloadAsk.ts';
import type { AppCall, GateAppTool } from '../../apphost/hostSession.ts';
import { loadUiResource } from '../../apphost/loadUiResource.ts';
import { buildAppCsp, type HostProfileId } from '../../mcp/apps/appHosts.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import type { UiResource } from '../../mcp/apps/mcpApps.ts';
import type { McpTool } from '../../mcp/tools.ts';
import { downloadBytes } from '../../web/download.ts';
import { useTheme } from '../../web/theme.ts';
import { cn } from '../../lib/cn.ts';
import { refused } from '../../lib/refusal.ts';
import AppFindings from './AppFindings.tsx';
import AppliedPolicy from './AppliedPolicy.tsx';
import AppQuestions from './AppQuestions.tsx';
import AppTools from './AppTools.tsx';
import { NARROW } from '../../web/media.ts';
import HostEmulation, { DEFAULT_EMULATION, WIDTHS, type Emulation } from './HostEmulation.tsx';
import { useAppHost } from './useAppHost.ts';
import { useFitScale } from './useFitScale.ts';

export type { AppCall, GateAppTool };

/** The host profile and the emulation chosen last (this page's session): the next app opens under them. */
let last: { profile: HostProfileId; emulation?: Emulation } = { profile: 'reference' };

/** Until one is chosen, the width of the screen it is looked at on: a phone's on a phone. */
const firstEmulation = (): Emulation => ({ ...DEFAULT_EMULATION, width: window.matchMedia(NARROW).matches ? 'phone' : 'desktop' });

interface Props {
  tool: McpTool & { app: NonNullable<McpTool['app']> };
  connection: McpConnection;
  args: Record<string, unknown>;
  /** The call's raw result (CallToolResult). */
  result: unknown;
  /** The sandbox origin; undefined when Toolscope's own server does not run one (a static host). */
  sandboxOrigin?: string;
  callFromApp: AppCall;
  /** The gate for tools the app registers; without it they are listed but not callable. */
  gateAppTool?: GateAppTool;
  /** Puts one bridge message in Traffic (its "app" channel). */
  recordApp?: (direction: 'to app' | 'from app', message: unknown) => void;
  /** A load the frame blocked (for the report's app-csp-undeclared); loads only reported are not. */
  onViolation?: (directive: string, blocked: string) => void;
  /** "Focus app": the request pane folds away and the app takes its room (wide screens). */
  focus?: { on: boolean; onChange: (on: boolean) => void };
}

export default function AppView({
  tool,
  connection,
  args,
  result,
  sandboxOrigin,
  callFromApp,
  gateAppTool,
  recordApp,
  onViolation,
  focus,
}: Props) {
  const uri = tool.app.resourceUri;
  const [resource, setResource] = useState<UiResource | string>();
  const [profile, setProfile] = useState(last.profile);
  const [emulation, setEmulation] = useState(() => last.emulation ?? firstEmulation());
  const [closed, setClosed] = useState(false);
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    last = { profile, emulation };
  }, [profile, emulation]);
  useEffect(() => {
    let live = true;
    void loadUiResource(connection, uri).then((loaded) => live && setResource(loaded));
    return () => {
      live = false;
    };
  }, [connection, uri]);

  // The theme follows Toolscope's "Theme" (the contract's: one theme control, the page's).
  const { dark } = useTheme();
  const ready = typeof resource === 'object' && !closed && sandboxOrigin ? resource : undefined;
  const { session, snapshot } = useAppHost(
    frame,
    ready && sandboxOrigin ? { resource: ready, profile, sandboxOrigin } : undefined,
    { theme: dark ? 'dark' : 'light', width: WIDTHS[emulation.width], locale: emulation.locale, timeZone: emulation.timeZone },
    {
      serverUrl: connection.url,
      input: { arguments: args, result },
      callFromApp,
      gateAppTool,
      recordApp,
      onViolation,
      readResource: (resourceUri) => connection.readResourceRaw(resourceUri),
      open: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
      // The files of a download the person said yes to (a link only when it names this server's resource).
      save: async (items) => {
        for (const item of items)
          downloadBytes(await downloadBytesOf(item, (link) => connection.readResourceRaw(link)), item.mimeType, item.name);
      },
    },
  );
  const scale = useFitScale(box, WIDTHS[emulation.width]);

  if (!sandboxOrigin)
    return (
      <Alert tone="info">
        This tool has an MCP App ({uri}). Apps are shown only when Toolscope’s own server runs (npm start / npx toolscope), which serves
        them from a second origin.
      </Alert>
    );
  if (resource === undefined) return <p className="text-sm text-muted">Loading the app ({uri})…</p>;
  if (typeof resource === 'string') return <Alert tone="danger">The app could not be loaded: {resource}</Alert>;
  const displayMode = snapshot?.displayMode ?? 'inline';
  const width = WIDTHS[emulation.width];
  const height = snapshot?.height ?? 360;
  return (
    <section aria-label="App view" className="flex flex-col gap-2 rounded-md border border-line p-1 sm:p-2">
      {focus ? (
        <label className="flex items-center gap-1 self-start text-xs">
          <input type="checkbox" role="switch" checked={focus.on} onChange={(event) => focus.onChange(event.target.checked)} />
          Focus app
        </label>
      ) : null}
      <HostEmulation
        uri={uri}
        mimeType={resource.mimeType}
        emulation={emulation}
        onEmulation={setEmulation}
        modes={snapshot?.modes ?? ['inline']}
        displayMode={displayMode}
        onDisplayMode={(mode) => session?.setDisplayMode(mode)}
        profile={profile}
        onProfile={setProfile}
        closed={closed}
        onClosed={setClosed}
      />
      {ready ? <AppliedPolicy built={buildAppCsp(ready.meta.csp, profile)} /> : null}
      {/* Inline, the app gets the chosen width whatever room this pane has: scaled to fit, the scale said. */}
      {displayMode === 'inline' ? (
        <p className="text-xs text-muted">
          Rendered at {width} px, shown at {Math.round(scale * 100)} %{scale < 1 ? ' to fit this pane' : ''}.
        </p>
      ) : null}
      {closed ? <p className="text-xs text-muted">The app was closed (torn down). Its registered tools went with it.</p> : null}
      <div
        ref={setBox}
        hidden={closed}
        className="w-full min-w-0 overflow-hidden"
        style={displayMode === 'inline' ? { height: Math.ceil(height * scale) } : undefined}
      >
        <iframe
          ref={setFrame}
          title={`App: ${tool.name}`}
          // Its own origin (the sandbox port); the app inside it gets an opaque one.
          sandbox="allow-scripts allow-same-origin allow-forms"
          style={
            displayMode === 'inline'
              ? // The app's own viewport is the chosen width: its 1 px borders are added outside it.
                { width: width + 2, height, transform: scale < 1 ? `scale(${scale})` : undefined, transformOrigin: 'top left' }
              : displayMode === 'pip'
                ? { width: 320, height: 240 }
                : { width: '100%', height: '100%' }
          }
          className={cn(
            'rounded border border-line',
            displayMode === 'fullscreen' && 'fixed inset-0 z-40 rounded-none',
            displayMode === 'pip' && 'fixed right-4 bottom-4 z-40 shadow-lg',
          )}
        />
      </div>
      {displayMode !== 'inline' ? (
        <Button className="fixed top-2 right-2 z-50 text-xs" onClick={() => session?.setDisplayMode('inline')}>
          Back to inline
        </Button>
      ) : null}
      {session && snapshot ? <AppQuestions session={session} snapshot={snapshot} /> : null}
      <AppTools
        tools={snapshot?.tools ?? []}
        gone={
          snapshot?.toolsGone ??
          (closed ? 'the app was torn down; its tools went with it' : gateAppTool ? undefined : 'calling them is not wired here')
        }
        call={(appTool, appArgs) =>
          session?.callAppTool(appTool, appArgs) ?? Promise.resolve(refused('the app was torn down; its tools went with it.'))
        }
      />
      {snapshot ? <AppFindings snapshot={snapshot} declared={resource.meta.csp} /> : null}
    </section>
  );
}
