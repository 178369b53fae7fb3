// An MCP App's interface for one finished call: its ui:// resource, framed on Toolscope's second
// origin (server/sandbox.ts) with the host-built CSP, and spoken to through @modelcontextprotocol/
// ext-apps' AppBridge over Toolscope's own connection. The app's own calls go through the page's
// one call path (visibility, gate, History). A strip above the frame emulates what hosts vary
// (theme, width) and lists what the app did that a host would not show (CSP violations, events).
import { useEffect, useRef, useState } from 'react';
import { AppBridge, PostMessageTransport, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Select } from '../../components/ui/Select.tsx';
import {
  CSP_VIOLATION_METHOD,
  buildAppCsp,
  cspToAllow,
  isAppMime,
  resolveUiResource,
  withHostPolicy,
  type UiResource,
} from '../../mcp/mcpApps.ts';
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

interface Props {
  tool: McpTool & { app: NonNullable<McpTool['app']> };
  connection: McpConnection;
  args: Record<string, unknown>;
  /** The call's raw result (CallToolResult). */
  result: unknown;
  /** The sandbox origin; undefined when Toolscope's own server does not run one (a static host). */
  sandboxOrigin?: string;
  callFromApp: AppCall;
  /** Puts one bridge message in Traffic (its "app" channel). */
  recordApp?: (direction: 'to app' | 'from app', message: unknown) => void;
  /** A load the frame blocked (for the report's app-csp-undeclared). */
  onViolation?: (directive: string, blocked: string) => void;
}

/** The bridge's transport, with every message in both directions put in Traffic as well. */
function recorded(inner: PostMessageTransport, record: Props['recordApp']): PostMessageTransport {
  if (!record) return inner;
  const send = inner.send.bind(inner);
  inner.send = (message, options) => {
    record('to app', message);
    return send(message, options);
  };
  let handler: PostMessageTransport['onmessage'];
  Object.defineProperty(inner, 'onmessage', {
    configurable: true,
    get: () => handler,
    set: (next: PostMessageTransport['onmessage']) => {
      handler = next
        ? (message, extra) => {
            record('from app', message);
            next(message, extra);
          }
        : undefined;
    },
  });
  return inner;
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

export default function AppView({ tool, connection, args, result, sandboxOrigin, callFromApp, recordApp, onViolation }: Props) {
  const [resource, setResource] = useState<UiResource | string>();
  const [relaxed, setRelaxed] = useState(false);
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
  const ready = typeof resource === 'object' ? resource : undefined;
  useEffect(() => {
    const iframe = frame.current;
    const target = iframe?.contentWindow;
    if (!ready || !sandboxOrigin || !iframe || !target) return;
    const policy = buildAppCsp(ready.meta.csp, { relaxed }).policy;
    const html = withHostPolicy(ready.html, policy);
    const bridge = new AppBridge(
      null,
      HOST_INFO,
      { openLinks: {}, serverTools: {}, serverResources: {}, logging: {} },
      { hostContext: hostContext() },
    );
    bridgeRef.current = bridge;
    bridge.oninitialized = () => {
      const declared = bridge.getAppCapabilities()?.availableDisplayModes ?? [];
      setModes(['inline', ...declared.filter((mode): mode is DisplayMode => mode === 'fullscreen' || mode === 'pip')]);
      void bridge.sendToolInput({ arguments: args });
      if (isRecord(result)) void bridge.sendToolResult(result as Parameters<AppBridge['sendToolResult']>[0]);
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
    bridge.ondownloadfile = (params) => {
      addEvent('download-file', `${JSON.stringify(params).slice(0, 300)} (not saved)`);
      return Promise.resolve({});
    };
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
      if (event.source !== target || event.origin !== sandboxOrigin) return;
      const data: unknown = event.data;
      if (!isRecord(data)) return;
      if (data.method === 'ui/notifications/sandbox-proxy-ready') {
        target.postMessage(
          {
            jsonrpc: '2.0',
            method: 'ui/notifications/sandbox-resource-ready',
            params: { html, sandbox: 'allow-scripts allow-forms', csp: ready.meta.csp ?? {} },
          },
          sandboxOrigin,
        );
      } else if (data.method === CSP_VIOLATION_METHOD && isRecord(data.params)) {
        const directive = String(data.params.directive).slice(0, 80);
        const blocked = String(data.params.blocked).slice(0, 300);
        onViolation?.(directive, blocked);
        setViolations((previous) =>
          previous.some((seen) => seen.directive === directive && seen.blocked === blocked)
            ? previous
            : [...previous, { directive, blocked }].slice(-50),
        );
      }
    };
    window.addEventListener('message', onMessage);
    const transport = recorded(new PostMessageTransport(target, target), recordApp);
    void bridge.connect(transport);
    iframe.src = `${sandboxOrigin}/sandbox.html`;
    return () => {
      window.removeEventListener('message', onMessage);
      bridgeRef.current = undefined;
      // The app hears it is going away (bounded: a frozen app does not hold the page).
      void Promise.race([bridge.teardownResource({}), new Promise((resolve) => setTimeout(resolve, 500))])
        .catch(() => undefined)
        .finally(() => void bridge.close().catch(() => undefined));
    };
    // The session starts again only for another resource or CSP mode; context changes are sent to it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, relaxed, sandboxOrigin]);

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
  const evalProbes = violations.filter((violation) => /^(wasm-)?eval$/.test(violation.blocked));
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
          <input type="checkbox" checked={relaxed} onChange={(event) => setRelaxed(event.target.checked)} />
          Relaxed CSP (not what hosts do)
        </label>
      </div>
      {/* Inline, the app gets the chosen width whatever room this pane has: scaled to fit, the scale said. */}
      {displayMode === 'inline' && scale < 1 ? (
        <p className="text-xs text-muted">
          Rendered at {WIDTHS[width]} px, shown at {Math.round(scale * 100)} % to fit this pane.
        </p>
      ) : null}
      <div
        ref={setBox}
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
      {evalProbes.length ? (
        <p className="text-xs text-muted">
          The app probed for eval: blocked, as in every host (no _meta.ui.csp can allow it). A library that only probes (zod does) falls
          back; this matters only if the app needs eval.
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
