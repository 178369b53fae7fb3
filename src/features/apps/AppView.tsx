// An MCP App's interface for one finished call: its ui:// resource, framed on Toolscope's second
// origin (server/sandbox.ts) under a host profile (src/mcp/appHosts.ts: the reference host by
// default, or the spec's strict minimum), and spoken to through @modelcontextprotocol/ext-apps'
// AppBridge over Toolscope's own connection. The app's own calls go through the page's one call
// path (visibility, gate, History); tools the app registers are listed and called through the same
// gate. A strip above the frame emulates what hosts vary (profile, theme, width) and lists what
// the app did that a host would not show (CSP violations, what a stricter host blocks, errors).
import { useEffect, useRef, useState } from 'react';
import { AppBridge, PostMessageTransport, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Select } from '../../components/ui/Select.tsx';
import { APP_ERROR_METHOD, cspToAllow, isAppMime, resolveUiResource, withErrorReporting, type UiResource } from '../../mcp/mcpApps.ts';
import {
  HOST_PROFILES,
  buildAppCsp,
  isHostProfile,
  originFinding,
  isEvalProbe,
  storageRefusal,
  strictFinding,
  type HostProfileId,
  type ProfileFinding,
} from '../../mcp/appHosts.ts';
import { downloadBytes } from '../../lib/download.ts';
import { appSandbox, pollCspReports, registerAppSession, type CspReport } from './api/sandboxSession.ts';
import { recorded, traced, traceBridge } from './bridgeTransport.ts';
import AppliedPolicy from './AppliedPolicy.tsx';
import AppTools, { appToolsOf, type AppTool } from './AppTools.tsx';
import { downloadItems, type DownloadItem } from './downloadAsk.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import { describeFailure, failureOf } from '../../mcp/errors.ts';
import { isRecord } from '../../mcp/guards.ts';
import { revealInvisible } from '../../mcp/text.ts';
import type { McpTool } from '../../mcp/tools.ts';
import { useTheme } from '../../lib/theme.ts';
import { cn } from '../../lib/cn.ts';
import { copyWithToast } from '../../lib/toasts.ts';

/** What the app's own tools/call got: the result, or why it was not sent (said to the app as an error result). */
export type AppCall = (name: string, args: Record<string, unknown>) => Promise<{ result: unknown } | { refused: string }>;
/** The page's gate for a tool the app registered: the arguments to send, or why not. */
export type GateAppTool = (
  tool: AppTool,
  args: Record<string, unknown>,
) => Promise<{ args: Record<string, unknown> } | { refused: string }>;

/** The host profile chosen last (this page's session): the next app opens under it. */
let lastProfile: HostProfileId = 'reference';

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
}

const WIDTHS = { desktop: 760, tablet: 600, phone: 375 } as const;
type Width = keyof typeof WIDTHS;
type DisplayMode = 'inline' | 'fullscreen' | 'pip';
const LOCAL_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const LOCALES = [...new Set([navigator.language, 'en-US', 'de-DE', 'fr-FR', 'ja-JP', 'ar-EG'])];
const ZONES = [...new Set([LOCAL_ZONE, 'UTC', 'America/New_York', 'Europe/Berlin', 'Asia/Tokyo'])];
const MAX_EVENTS = 50;
const HOST_INFO = { name: 'Toolscope', version: '0.1.0' };

interface AppEvent {
  id: number;
  kind: string;
  text: string;
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
}: Props) {
  const [resource, setResource] = useState<UiResource | string>();
  const [profile, setProfileState] = useState<HostProfileId>(lastProfile);
  const setProfile = (next: HostProfileId) => {
    lastProfile = next;
    setProfileState(next);
  };
  const [closed, setClosed] = useState(false);
  const [probed, setProbed] = useState(false);
  const [findings, setFindings] = useState<readonly ProfileFinding[]>([]);
  const [errors, setErrors] = useState<readonly string[]>([]);
  const [appTools, setAppTools] = useState<readonly AppTool[]>([]);
  const [toolsGone, setToolsGone] = useState<string>();
  const [download, setDownload] = useState<{ items: DownloadItem[]; problems: string[]; answer: (save: boolean) => void }>();
  const [width, setWidth] = useState<Width>('desktop');
  const [displayMode, setDisplayMode] = useState<DisplayMode>('inline');
  // The display modes the app declared (ui/initialize's appCapabilities); inline always.
  const [modes, setModes] = useState<readonly DisplayMode[]>(['inline']);
  const [locale, setLocale] = useState(LOCALES[0] ?? 'en-US');
  const [timeZone, setTimeZone] = useState(LOCAL_ZONE);
  const [refusals, setRefusals] = useState<readonly string[]>([]);
  const [height, setHeight] = useState(360);
  // The pane's width, for scaling a wider app frame to fit (the app still sees the chosen width).
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const [room, setRoom] = useState<number>();
  useEffect(() => {
    if (!box) return;
    // A smaller width is taken at once (the frame never overflows); a larger one only past 24 px:
    // else a scrollbar the scaled frame brings or removes would resize it back and forth for ever.
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width;
      if (width !== undefined)
        setRoom((previous) => (previous === undefined || width < previous || width > previous + 24 ? width : previous));
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [box]);
  const [violations, setViolations] = useState<readonly { directive: string; blocked: string }[]>([]);
  const [events, setEvents] = useState<readonly AppEvent[]>([]);
  const [link, setLink] = useState<{ url: string; answer: (open: boolean) => void }>();
  const frame = useRef<HTMLIFrameElement>(null);
  const bridgeRef = useRef<AppBridge | undefined>(undefined);
  const displayModeRef = useRef<DisplayMode>('inline');
  const { dark } = useTheme();
  // The theme follows Toolscope's "Theme" (the contract's: one theme control, the page's).
  const theme = dark ? 'dark' : 'light';
  const uri = tool.app.resourceUri;

  // The files of a download the person said yes to: embedded bytes as they are; a link only when
  // it names one of this server's resources (read through Toolscope's connection, never fetched).
  const saveAll = async (items: readonly DownloadItem[]) => {
    for (const item of items) {
      if (item.bytes) {
        downloadBytes(item.bytes, item.mimeType, item.name);
        continue;
      }
      if (!item.link) continue;
      const raw = await connection.readResourceRaw(item.link);
      const first: unknown = isRecord(raw) && Array.isArray(raw.contents) ? raw.contents[0] : undefined;
      const bytes = isRecord(first) ? downloadItems({ contents: [{ type: 'resource', resource: first }] }).items[0]?.bytes : undefined;
      if (!bytes) throw new Error(`${item.link} has no text or blob to save`);
      downloadBytes(bytes, item.mimeType, item.name);
    }
  };

  const addEvent = (kind: string, text: string) =>
    setEvents((previous) => [{ id: (previous[0]?.id ?? 0) + 1, kind, text: text.slice(0, 500) }, ...previous].slice(0, MAX_EVENTS));

  useEffect(() => {
    let live = true;
    // `_meta.ui` from the content item; when it has none, from the listed resource (the spec's fallback).
    const load = async () => {
      const raw = await connection.readResourceRaw(uri);
      const items: unknown = isRecord(raw) ? raw.contents : undefined;
      const itemMeta = Array.isArray(items) && items.some((item) => isRecord(item) && isRecord(item._meta) && isRecord(item._meta.ui));
      const listed = itemMeta ? undefined : await connection.listedResourceMeta(uri).catch(() => undefined);
      return resolveUiResource(raw, uri, listed);
    };
    load().then(
      (resolved) => live && setResource(resolved),
      (error: unknown) => live && setResource(`resources/read of ${uri} failed: ${describeFailure(failureOf(error))}`),
    );
    return () => {
      live = false;
    };
  }, [connection, uri]);

  const hostContext = (): McpUiHostContext => ({
    theme,
    displayMode,
    availableDisplayModes: [...modes],
    containerDimensions: { width: WIDTHS[width], maxHeight: 2000 },
    locale,
    timeZone,
    platform: 'web',
    userAgent: 'Toolscope',
  });

  // One app session per resource and CSP mode: the frame, its bridge, and their teardown.
  const ready = typeof resource === 'object' && !closed ? resource : undefined;
  useEffect(() => {
    const iframe = frame.current;
    const target = iframe?.contentWindow;
    if (!ready || !sandboxOrigin || !iframe || !target) return;
    setViolations([]);
    setProbed(false);
    setFindings([]);
    setErrors([]);
    setAppTools([]);
    setToolsGone(undefined);
    const addFinding = (finding: ProfileFinding | undefined) =>
      finding &&
      setFindings((previous) =>
        previous.some((seen) => seen.directive === finding.directive && seen.what === finding.what)
          ? previous
          : [...previous, finding].slice(-20),
      );
    const html = withErrorReporting(ready.html);
    // The relay and the app are on their server's origin (<id>.localhost on the sandbox port: apps
    // of two servers never share storage); the app's violations come from the browser's reports,
    // read by this token.
    const { appId, relayOrigin, token } = appSandbox(sandboxOrigin, connection.url);
    let live = true;
    const bridge = new AppBridge(
      null,
      HOST_INFO,
      { openLinks: {}, serverTools: {}, serverResources: {}, logging: {}, downloadFile: {} },
      { hostContext: hostContext() },
    );
    bridgeRef.current = bridge;
    bridge.oninitialized = () => {
      const declared = bridge.getAppCapabilities()?.availableDisplayModes ?? [];
      setModes(['inline', ...declared.filter((mode): mode is DisplayMode => mode === 'fullscreen' || mode === 'pip')]);
      void bridge.sendToolInput({ arguments: args });
      if (isRecord(result)) void bridge.sendToolResult(result as Parameters<AppBridge['sendToolResult']>[0]);
      // Tools the app registers (appCapabilities.tools): listed under it, called through the gate.
      if (bridge.getAppCapabilities()?.tools)
        bridge.listTools({}).then(
          (listed) => setAppTools(appToolsOf(listed).tools),
          (error: unknown) => addEvent('tools/list', `the app's tools/list failed: ${String(error).slice(0, 200)}`),
        );
    };
    bridge.oncalltool = async (params) => {
      const name = params.name;
      addEvent('tools/call', `${name} ${JSON.stringify(params.arguments ?? {}).slice(0, 200)}`);
      const outcome = await callFromApp(name, isRecord(params.arguments) ? params.arguments : {});
      if ('refused' in outcome) {
        addEvent('refused', outcome.refused);
        setRefusals((previous) => [...previous, `${name}: ${outcome.refused}`].slice(-5));
        return { isError: true, content: [{ type: 'text', text: outcome.refused }] };
      }
      return outcome.result as Awaited<ReturnType<NonNullable<AppBridge['oncalltool']>>>;
    };
    bridge.onreadresource = async (params) => (await connection.readResourceRaw(params.uri)) as never;
    bridge.onopenlink = (params) =>
      new Promise((resolve) => {
        let url: URL | undefined;
        try {
          url = new URL(params.url);
        } catch {
          url = undefined;
        }
        if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
          addEvent('open-link refused', `${params.url.slice(0, 200)} (only http and https links open)`);
          resolve({ isError: true });
          return;
        }
        setLink({
          url: url.href,
          answer: (open) => {
            setLink(undefined);
            if (open) window.open(url.href, '_blank', 'noopener,noreferrer');
            addEvent('open-link', `${url.href} — ${open ? 'opened' : 'not opened'}`);
            resolve(open ? {} : { isError: true });
          },
        });
      });
    bridge.onmessage = (params) => {
      addEvent('message', `${params.role}: ${JSON.stringify(params.content).slice(0, 300)} (not sent to any model)`);
      return Promise.resolve({});
    };
    bridge.onupdatemodelcontext = (params) => {
      addEvent('update-model-context', `${JSON.stringify(params).slice(0, 300)} (no model here)`);
      return Promise.resolve({});
    };
    // ui/download-file: asked first; nothing is saved unless the person says so.
    bridge.ondownloadfile = (params) =>
      new Promise((resolve) => {
        const { items, problems } = downloadItems(params);
        setDownload({
          items,
          problems,
          answer: (save) => {
            setDownload(undefined);
            addEvent('download-file', `${items.map((item) => item.name).join(', ') || 'nothing'} — ${save ? 'saved' : 'not saved'}`);
            if (!save || !items.length) return resolve({ isError: true });
            void saveAll(items).then(
              () => resolve({}),
              (error: unknown) => {
                addEvent('download-file', `failed: ${String(error).slice(0, 200)}`);
                resolve({ isError: true });
              },
            );
          },
        });
      });
    bridge.onloggingmessage = (params) => addEvent(`log ${params.level}`, JSON.stringify(params.data).slice(0, 300));
    bridge.onsizechange = (params) => {
      if (typeof params.height === 'number') setHeight(Math.min(2000, Math.max(80, Math.ceil(params.height))));
    };
    bridge.onrequestteardown = () => addEvent('request-teardown', 'the app asked to be closed');
    // The app may ask for a display mode it declared; anything else stays as it is.
    bridge.onrequestdisplaymode = (params) => {
      const declared = ['inline', ...(bridge.getAppCapabilities()?.availableDisplayModes ?? [])];
      const granted = declared.includes(params.mode) ? params.mode : undefined;
      addEvent('request-display-mode', `${params.mode} — ${granted ? 'granted' : 'not declared by the app, refused'}`);
      if (granted) setDisplayMode(granted);
      return Promise.resolve({ mode: granted ?? displayModeRef.current });
    };

    const onMessage = (event: MessageEvent) => {
      if (event.source !== target || event.origin !== relayOrigin) return;
      // The relay's own hello is not the app's.
      if (!isRecord(event.data) || event.data.method !== 'ui/notifications/sandbox-proxy-ready') traceBridge('app', event.data);
      const data: unknown = event.data;
      if (!isRecord(data)) return;
      if (data.method === 'ui/notifications/sandbox-proxy-ready') {
        target.postMessage(
          {
            jsonrpc: '2.0',
            method: 'ui/notifications/sandbox-resource-ready',
            params: { html, sandbox: HOST_PROFILES[profile].frameSandbox, csp: ready.meta.csp ?? {} },
          },
          relayOrigin,
        );
        traceBridge('host', { method: 'ui/notifications/sandbox-resource-ready' });
      } else if (data.method === APP_ERROR_METHOD && isRecord(data.params)) {
        const message = String(data.params.message).slice(0, 300);
        setErrors((previous) => (previous.includes(message) ? previous : [...previous, message].slice(-20)));
        if (profile === 'strict') addFinding(originFinding(message));
      }
    };
    // A violation as the browser reported it (server/sandbox.ts keeps the reports).
    const onReport = (report: CspReport) => {
      const { directive, blocked, sample } = report;
      addFinding(strictFinding(directive, blocked, profile, sample));
      // A library's probe for eval is said once, as a note; it is no blocked load of the app's.
      if (isEvalProbe(blocked, sample)) return setProbed(true);
      // Reported only (what the strict profile would block, while the reference one runs): not a blocked load.
      if (report.disposition === 'report') return;
      onViolation?.(directive, blocked);
      setViolations((previous) =>
        previous.some((seen) => seen.directive === directive && seen.blocked === blocked)
          ? previous
          : [...previous, { directive, blocked }].slice(-50),
      );
    };
    const stopReports = pollCspReports(sandboxOrigin, token, onReport);
    window.addEventListener('message', onMessage);
    const transport = traced(recorded(new PostMessageTransport(target, target), recordApp));
    void bridge.connect(transport);
    // The app's policy is registered for this one load (the sandbox serves it once), then the relay opens.
    registerAppSession(sandboxOrigin, { app: appId, profile, csp: ready.meta.csp ?? {}, report: token }).then(
      (session) => live && (iframe.src = `${relayOrigin}/sandbox.html?${new URLSearchParams({ profile, session })}`),
      (error: unknown) => live && addEvent('sandbox', `the app could not be opened: ${String(error).slice(0, 200)}`),
    );
    return () => {
      live = false;
      window.removeEventListener('message', onMessage);
      stopReports();
      bridgeRef.current = undefined;
      setToolsGone('the app was torn down; its tools went with it');
      setDownload((asked) => {
        asked?.answer(false);
        return undefined;
      });
      // The app hears it is going away (bounded: a frozen app does not hold the page).
      void Promise.race([bridge.teardownResource({}), new Promise((resolve) => setTimeout(resolve, 500))])
        .catch(() => undefined)
        .finally(() => {
          void bridge.close().catch(() => undefined);
          // Closed (no session took its place): the app's document goes too.
          if (!bridgeRef.current) iframe.src = 'about:blank';
        });
    };
    // The session starts again only for another resource or CSP mode; context changes are sent to it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, profile, sandboxOrigin]);

  // Theme, width, display mode, locale and time zone changes reach the running app as host-context-changed.
  useEffect(() => {
    displayModeRef.current = displayMode;
    bridgeRef.current?.setHostContext(hostContext());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [theme, width, displayMode, locale, timeZone, modes]);

  if (!sandboxOrigin)
    return (
      <Alert tone="info">
        This tool has an MCP App ({uri}). Apps are shown only when Toolscope’s own server runs (npm start / npx toolscope), which serves
        them from a second origin.
      </Alert>
    );
  if (resource === undefined) return <p className="text-sm text-muted">Loading the app ({uri})…</p>;
  if (typeof resource === 'string') return <Alert tone="danger">The app could not be loaded: {resource}</Alert>;
  const declared = resource.meta.csp;
  const scale = room && room < WIDTHS[width] + 2 ? Math.max(0.2, room / (WIDTHS[width] + 2)) : 1;
  const blocks = violations.filter((violation) => !/^(wasm-)?eval$/.test(violation.blocked));
  const allow = cspToAllow(blocks, declared ?? {});
  const snippet = JSON.stringify({ _meta: { ui: { csp: allow.csp } } }, null, 2);
  return (
    <section aria-label="App view" className="flex flex-col gap-2 rounded-md border border-line p-2">
      <div role="group" aria-label="Host emulation" className="flex flex-wrap items-center gap-2 text-xs">
        <span className="font-semibold">App</span>
        <span className="font-mono text-muted">{revealInvisible(uri)}</span>
        {!isAppMime(resource.mimeType) ? (
          <span className="text-warn">MIME type {revealInvisible(resource.mimeType ?? 'missing')}, not text/html;profile=mcp-app</span>
        ) : null}
        {/* An app that declares only inline has nothing to choose. */}
        {modes.length > 1 ? (
          <label className="ml-auto flex items-center gap-1">
            Display
            <Select aria-label="Display mode" className="text-xs" value={displayMode} options={modes} onChange={setDisplayMode} />
          </label>
        ) : null}
        <label className={cn('flex items-center gap-1', modes.length > 1 ? '' : 'ml-auto')}>
          Width
          <Select
            aria-label="Container width"
            className="text-xs"
            value={width}
            options={(['desktop', 'tablet', 'phone'] as const).map((value) => ({ value, label: `${value} ${WIDTHS[value]}` }))}
            onChange={setWidth}
          />
        </label>
        <label className="flex items-center gap-1">
          Locale
          <Select aria-label="Locale" className="text-xs" value={locale} options={LOCALES} onChange={setLocale} />
        </label>
        <label className="flex items-center gap-1">
          Time zone
          <Select aria-label="Time zone" className="text-xs" value={timeZone} options={ZONES} onChange={setTimeZone} />
        </label>
        <label className="flex items-center gap-1">
          Host
          <Select
            aria-label="Host profile"
            className="text-xs"
            value={profile}
            options={Object.values(HOST_PROFILES).map((value) => ({ value: value.id, label: value.label }))}
            onChange={(value) => isHostProfile(value) && setProfile(value)}
          />
        </label>
        <Button className="px-2 py-0.5 text-xs" variant="ghost" onClick={() => setClosed(!closed)}>
          {closed ? 'Show app again' : 'Close app'}
        </Button>
      </div>
      <p aria-label="Active host profile" className="text-xs text-muted">
        {HOST_PROFILES[profile].label}: {HOST_PROFILES[profile].summary} ·{' '}
        <a className="underline" href={HOST_PROFILES[profile].source} target="_blank" rel="noopener noreferrer">
          source
        </a>
      </p>
      {ready ? <AppliedPolicy built={buildAppCsp(ready.meta.csp, profile)} /> : null}
      {/* Inline, the app gets the chosen width whatever room this pane has: scaled to fit, the scale said. */}
      {displayMode === 'inline' && scale < 1 ? (
        <p className="text-xs text-muted">
          Rendered at {WIDTHS[width]} px, shown at {Math.round(scale * 100)} % to fit this pane.
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
          ref={frame}
          title={`App: ${tool.name}`}
          // Its own origin (the sandbox port); the app inside it gets an opaque one.
          sandbox="allow-scripts allow-same-origin allow-forms"
          style={
            displayMode === 'inline'
              ? // The app's own viewport is the chosen width: its 1 px borders are added outside it.
                { width: WIDTHS[width] + 2, height, transform: scale < 1 ? `scale(${scale})` : undefined, transformOrigin: 'top left' }
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
        <Button className="fixed top-2 right-2 z-50 text-xs" onClick={() => setDisplayMode('inline')}>
          Back to inline
        </Button>
      ) : null}
      {refusals.length ? (
        <ul aria-label="Refused app calls" className="flex flex-col gap-0.5 text-xs text-danger">
          {refusals.map((refusal, index) => (
            <li key={index}>{revealInvisible(refusal)}</li>
          ))}
        </ul>
      ) : null}
      {link ? (
        <div role="alertdialog" aria-label="The app wants to open a link" className="flex flex-wrap items-center gap-2 text-sm">
          <span>
            The app wants to open <span className="font-mono break-all">{link.url}</span> in a new tab.
          </span>
          <Button onClick={() => link.answer(true)}>Open link</Button>
          <Button variant="ghost" onClick={() => link.answer(false)}>
            Don’t open
          </Button>
        </div>
      ) : null}
      {download ? (
        <div
          role="alertdialog"
          aria-label="The app wants to download a file"
          className="flex flex-col gap-1 rounded border border-line p-2 text-sm"
        >
          <span>The app wants to save {download.items.length === 1 ? 'a file' : `${download.items.length} files`} on this computer:</span>
          <ul className="text-xs">
            {download.items.map((item, index) => (
              <li key={index}>
                <span className="font-mono">{revealInvisible(item.name)}</span> · {revealInvisible(item.mimeType)} ·{' '}
                {item.bytes ? `${item.bytes.byteLength} bytes` : `read from ${revealInvisible(item.link ?? '')} on "Download"`}
              </li>
            ))}
          </ul>
          {download.problems.map((problem) => (
            <p key={problem} className="text-xs text-warn">
              {revealInvisible(problem)}
            </p>
          ))}
          <div className="flex gap-2">
            <Button disabled={!download.items.length} onClick={() => download.answer(true)}>
              Download
            </Button>
            <Button variant="ghost" onClick={() => download.answer(false)}>
              Don't download
            </Button>
          </div>
        </div>
      ) : null}
      <AppTools
        tools={appTools}
        gone={toolsGone ?? (gateAppTool ? undefined : 'calling them is not wired here')}
        call={async (appTool, appArgs) => {
          if (!gateAppTool) return 'Refused: calling app tools is not wired here.';
          const gated = await gateAppTool(appTool, appArgs);
          if ('refused' in gated) return `Refused: ${gated.refused}`;
          const bridge = bridgeRef.current;
          if (!bridge) return 'Refused: the app was torn down; its tools went with it.';
          addEvent('app tool', `${appTool.name} ${JSON.stringify(gated.args).slice(0, 200)}`);
          return JSON.stringify(await bridge.callTool({ name: appTool.name, arguments: gated.args }), null, 2);
        }}
      />
      {errors.length ? (
        <ul aria-label="App errors" className="flex flex-col gap-0.5 text-xs text-danger">
          {errors.map((error) => (
            <li key={error}>{revealInvisible(error)}</li>
          ))}
        </ul>
      ) : null}
      {errors.some((error) => storageRefusal(error)) ? (
        <p aria-label="Storage refused" className="text-xs text-muted">
          {storageRefusal(errors.find((error) => storageRefusal(error)) ?? '')}
        </p>
      ) : null}
      {findings.length ? (
        <section aria-label="Stricter hosts" className="flex flex-col gap-0.5 text-xs">
          <p className="font-semibold">What a stricter host would block ({findings.length})</p>
          <ul className="flex flex-col gap-0.5 text-warn">
            {findings.map((finding) => (
              <li key={`${finding.directive} ${finding.what}`}>
                <span className="font-mono">{finding.directive}</span> {revealInvisible(finding.text)}
                {finding.evidence ? (
                  <>
                    {' '}
                    Seen: <code className="break-all">{revealInvisible(finding.evidence)}</code>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {blocks.length ? (
        <details className="text-xs" open>
          <summary className="cursor-pointer">
            <span className="rounded-full border border-warn-line bg-warn-surface px-2 py-0.5 font-semibold text-warn">
              CSP · {blocks.length} blocked
            </span>
          </summary>
          <section aria-label="CSP violations" className="mt-1 flex flex-col gap-1">
            <ul className="flex flex-col gap-0.5 text-warn">
              {blocks.map((violation) => (
                <li key={`${violation.directive} ${violation.blocked}`}>
                  <span className="font-mono">{violation.directive}</span> {revealInvisible(violation.blocked)} — not declared in
                  _meta.ui.csp
                  {declared ? '' : ' (it declares no CSP)'}
                </li>
              ))}
            </ul>
            {Object.keys(allow.csp).length ? (
              <>
                <p>What the resource would declare to allow them (hosts that follow the spec build the same policy):</p>
                <pre aria-label="CSP to declare" className="overflow-auto rounded bg-hover p-1 font-mono text-[11px]">
                  {snippet}
                </pre>
                <Button
                  className="self-start px-2 py-0.5 text-xs"
                  onClick={() => copyWithToast({ title: '_meta.ui.csp copied', text: snippet, notes: [] })}
                >
                  Copy _meta.ui.csp
                </Button>
              </>
            ) : null}
            {allow.cannot.length ? <p className="text-muted">No declaration allows: {revealInvisible(allow.cannot.join(', '))}.</p> : null}
          </section>
        </details>
      ) : null}
      {probed ? (
        <p className="text-xs text-muted">
          A library in the app probed for eval (an empty function, as zod does to pick a faster path, then compiles that path); it falls
          back where eval is blocked, so this is not a finding.
        </p>
      ) : null}
      {events.length ? (
        <details className="text-xs">
          <summary>App events ({events.length})</summary>
          <ul aria-label="App events" className="flex flex-col gap-0.5">
            {events.map((event) => (
              <li key={event.id}>
                <span className="font-semibold">{event.kind}</span> {revealInvisible(event.text)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
