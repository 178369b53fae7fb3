// One framed MCP App's host session, without React and without the DOM (the Apps SDK's reference
// host keeps its bridge apart from its view the same way: examples/basic-host's implementation.ts).
// It owns the AppBridge and every handler on it, the sandbox handshake, the app's errors, its CSP
// violations and what a stricter host would block, the event log, links and downloads as pending
// questions, display modes and the host context, the tools the app registers, and the bounded
// teardown. What touches the world is handed in: the transport to the frame, the page's call
// entrance, resources/read, opening a link and saving files. A view reads it through
// `subscribe`/`getSnapshot` (features/apps/useAppHost.ts), as useCallSession reads CallSession.
import { AppBridge, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { HOST_PROFILES, isEvalProbe, originFinding, strictFinding, type HostProfileId, type ProfileFinding } from '../mcp/apps/appHosts.ts';
import { isRecord } from '../mcp/guards.ts';
import { APP_ERROR_METHOD, withErrorReporting, type UiResource } from '../mcp/apps/mcpApps.ts';
import { refused } from '../lib/refusal.ts';
import { appToolsOf, type AppTool } from './appTools.ts';
import { downloadItems, type DownloadItem } from './downloadAsk.ts';

/** What the app's own tools/call got: the result, or why it was not sent (said to the app as an error result). */
export type AppCall = (name: string, args: Record<string, unknown>) => Promise<{ result: unknown } | { refused: string }>;
/** The page's gate for a tool the app registered: the arguments to send, or why not. */
export type GateAppTool = (
  tool: AppTool,
  args: Record<string, unknown>,
) => Promise<{ args: Record<string, unknown> } | { refused: string }>;

export type DisplayMode = 'inline' | 'fullscreen' | 'pip';

/** What the person chose to emulate (the rest of the host context is the session's). */
export interface HostChoices {
  theme: 'light' | 'dark';
  width: number;
  locale: string;
  timeZone: string;
}

/** A violation as the browser reported it (server/sandbox.ts keeps the reports). */
export interface CspReport {
  directive: string;
  blocked: string;
  disposition: string;
  sample: string;
}

export interface AppEvent {
  id: number;
  kind: string;
  text: string;
}

export interface AppHostSnapshot {
  /** The display modes the app declared (ui/initialize's appCapabilities); inline always. */
  readonly modes: readonly DisplayMode[];
  readonly displayMode: DisplayMode;
  /** The height the app asked for (bounded). */
  readonly height: number;
  readonly events: readonly AppEvent[];
  readonly findings: readonly ProfileFinding[];
  readonly errors: readonly string[];
  /** Loads the frame blocked (loads only reported, and eval probes, are not). */
  readonly violations: readonly { directive: string; blocked: string }[];
  /** Blocked loads past the ones listed: counted, not listed. */
  readonly moreViolations: number;
  /** A library probed for eval (said once, as a note: no finding). */
  readonly probed: boolean;
  readonly tools: readonly AppTool[];
  /** Why the app's tools cannot be called any more (it was torn down). */
  readonly toolsGone?: string;
  readonly refusals: readonly string[];
  /** A link the app asks to open, waiting for the person's answer. */
  readonly link?: string;
  /** Files the app asks to save, waiting for the person's answer. */
  readonly download?: { items: readonly DownloadItem[]; problems: readonly string[] };
}

export interface AppHostOptions {
  resource: UiResource;
  profile: HostProfileId;
  /** The call the app shows: its arguments and its raw result (CallToolResult). */
  input: { arguments: Record<string, unknown>; result: unknown };
  choices: HostChoices;
  /** The page's one call path, for the app's own tools/call. */
  callFromApp: AppCall;
  readResource: (uri: string) => Promise<unknown>;
  /** Opens an http(s) link the person said yes to. */
  open: (url: string) => void;
  /** Saves the files of a download the person said yes to. */
  save: (items: readonly DownloadItem[]) => Promise<void>;
  /** The gate for tools the app registers; without it they are listed but not callable. */
  gateAppTool?: GateAppTool;
  /** A load the frame blocked (for the report's app-csp-undeclared). */
  onViolation?: (directive: string, blocked: string) => void;
  /** How long teardown waits for the app's answer (ms): a frozen app does not hold the page. */
  teardownMs?: number;
}

const HOST_INFO = { name: 'Toolscope', version: '0.1.0' };
const MAX_EVENTS = 50;
const MAX_VIOLATIONS = 50;
const clip = (value: unknown, length: number) => {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.slice(0, length);
};
type CallToolResult = Awaited<ReturnType<NonNullable<AppBridge['oncalltool']>>>;

export class AppHostSession {
  private snapshot: AppHostSnapshot = {
    modes: ['inline'],
    displayMode: 'inline',
    height: 360,
    events: [],
    findings: [],
    errors: [],
    violations: [],
    moreViolations: 0,
    probed: false,
    tools: [],
    refusals: [],
  };
  private readonly listeners = new Set<() => void>();
  private readonly bridge: AppBridge;
  private choices: HostChoices;
  private answerLinkWith?: (open: boolean) => void;
  private answerDownloadWith?: (save: boolean) => void;
  private torn?: Promise<void>;

  constructor(private readonly options: AppHostOptions) {
    this.choices = options.choices;
    this.bridge = new AppBridge(
      null,
      HOST_INFO,
      { openLinks: {}, serverTools: {}, serverResources: {}, logging: {}, downloadFile: {} },
      { hostContext: this.hostContext() },
    );
    this.wire();
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = () => this.snapshot;

  /** Speaks to the app over this transport (a PostMessageTransport to the frame in the page). */
  connect(transport: Transport): Promise<void> {
    return this.bridge.connect(transport);
  }

  /**
   * A message from the sandbox's relay (not the app's bridge): its "ready" is answered with the
   * app's HTML and policy (the message to post back), an error the app threw is kept.
   */
  relayMessage(data: unknown): JSONRPCMessage | undefined {
    if (!isRecord(data)) return undefined;
    if (data.method === 'ui/notifications/sandbox-proxy-ready') {
      const { resource, profile } = this.options;
      return {
        jsonrpc: '2.0',
        method: 'ui/notifications/sandbox-resource-ready',
        params: { html: withErrorReporting(resource.html), sandbox: HOST_PROFILES[profile].frameSandbox, csp: resource.meta.csp ?? {} },
      };
    }
    if (data.method === APP_ERROR_METHOD && isRecord(data.params)) {
      const message = String(data.params.message).slice(0, 300);
      if (!this.snapshot.errors.includes(message)) this.set({ errors: [...this.snapshot.errors, message].slice(-20) });
      if (this.options.profile === 'strict') this.addFinding(originFinding(message));
    }
    return undefined;
  }

  /** A violation the browser reported for this load. */
  report({ directive, blocked, disposition, sample }: CspReport) {
    this.addFinding(strictFinding(directive, blocked, this.options.profile, sample));
    // A library's probe for eval is said once, as a note; it is no blocked load of the app's.
    if (isEvalProbe(blocked, sample)) return this.set({ probed: true });
    // Reported only (what the strict profile would block, while the reference one runs): not a blocked load.
    if (disposition === 'report') return;
    this.options.onViolation?.(directive, blocked);
    const { violations } = this.snapshot;
    if (violations.some((seen) => seen.directive === directive && seen.blocked === blocked)) return;
    // The first ones stay (a flood later never pushes out the load that was blocked first); the rest are counted.
    if (violations.length >= MAX_VIOLATIONS) return this.set({ moreViolations: this.snapshot.moreViolations + 1 });
    this.set({ violations: [...violations, { directive, blocked }] });
  }

  /** Theme, width, locale and time zone: the running app hears host-context-changed. */
  setChoices(choices: HostChoices) {
    this.choices = choices;
    this.tell();
  }

  /** The person's display mode: one the app declared, else nothing changes. */
  setDisplayMode(mode: DisplayMode) {
    if (!this.snapshot.modes.includes(mode)) return;
    this.set({ displayMode: mode });
    this.tell();
  }

  answerLink(open: boolean) {
    this.answerLinkWith?.(open);
  }

  answerDownload(save: boolean) {
    this.answerDownloadWith?.(save);
  }

  /** Calls a tool the app registered, through the page's gate: the result as text, or why not. */
  async callAppTool(tool: AppTool, args: Record<string, unknown>): Promise<string> {
    const gate = this.options.gateAppTool;
    if (!gate) return refused('calling app tools is not wired here.');
    const gated = await gate(tool, args);
    // The gate's answer is already a sentence ("Refused: …", "Not sent — …", a person's no).
    if ('refused' in gated) return gated.refused;
    if (this.torn) return refused('the app was torn down; its tools went with it.');
    this.note('app tool', `${tool.name} ${clip(gated.args, 200)}`);
    return JSON.stringify(await this.bridge.callTool({ name: tool.name, arguments: gated.args }), null, 2);
  }

  /**
   * Tears the app down: pending questions are answered "no", its tools go, and the app hears it
   * is going away — bounded, so a frozen app does not hold the page. Idempotent.
   */
  teardown(): Promise<void> {
    this.torn ??= (async () => {
      this.set({ toolsGone: 'the app was torn down; its tools went with it' });
      this.answerDownload(false);
      this.answerLink(false);
      const bound = new Promise((resolve) => setTimeout(resolve, this.options.teardownMs ?? 500));
      await Promise.race([this.bridge.teardownResource({}), bound]).catch(() => undefined);
      await this.bridge.close().catch(() => undefined);
    })();
    return this.torn;
  }

  private set(patch: Partial<AppHostSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Puts a line in the app's event log. */
  note(kind: string, text: string) {
    const { events } = this.snapshot;
    this.set({ events: [{ id: (events[0]?.id ?? 0) + 1, kind, text: text.slice(0, 500) }, ...events].slice(0, MAX_EVENTS) });
  }

  private addFinding(finding: ProfileFinding | undefined) {
    const { findings } = this.snapshot;
    if (!finding || findings.some((seen) => seen.directive === finding.directive && seen.what === finding.what)) return;
    this.set({ findings: [...findings, finding].slice(-20) });
  }

  private hostContext(): McpUiHostContext {
    const { theme, width, locale, timeZone } = this.choices;
    return {
      theme,
      displayMode: this.snapshot.displayMode,
      availableDisplayModes: [...this.snapshot.modes],
      containerDimensions: { width, maxHeight: 2000 },
      locale,
      timeZone,
      platform: 'web',
      userAgent: 'Toolscope',
    };
  }

  /** The host context, to the app while it runs (host-context-changed). */
  private tell() {
    if (!this.torn) this.bridge.setHostContext(this.hostContext());
  }

  private declaredModes(): DisplayMode[] {
    const declared = this.bridge.getAppCapabilities()?.availableDisplayModes ?? [];
    return ['inline', ...declared.filter((mode): mode is DisplayMode => mode === 'fullscreen' || mode === 'pip')];
  }

  private wire() {
    const { bridge, options } = this;
    bridge.oninitialized = () => {
      this.set({ modes: this.declaredModes() });
      this.tell();
      void bridge.sendToolInput({ arguments: options.input.arguments });
      if (isRecord(options.input.result)) void bridge.sendToolResult(options.input.result as Parameters<AppBridge['sendToolResult']>[0]);
      // Tools the app registers (appCapabilities.tools): listed, called through the gate.
      if (bridge.getAppCapabilities()?.tools)
        bridge.listTools({}).then(
          (listed) => this.set({ tools: appToolsOf(listed).tools }),
          (error: unknown) => this.note('tools/list', `the app's tools/list failed: ${clip(String(error), 200)}`),
        );
    };
    bridge.oncalltool = async (params) => {
      const name = params.name;
      this.note('tools/call', `${name} ${clip(params.arguments ?? {}, 200)}`);
      const outcome = await options.callFromApp(name, isRecord(params.arguments) ? params.arguments : {});
      if ('refused' in outcome) {
        this.note('refused', outcome.refused);
        this.set({ refusals: [...this.snapshot.refusals, `${name}: ${outcome.refused}`].slice(-5) });
        return { isError: true, content: [{ type: 'text', text: outcome.refused }] };
      }
      return outcome.result as CallToolResult;
    };
    bridge.onreadresource = async (params) => (await options.readResource(params.uri)) as never;
    bridge.onopenlink = (params) => this.askToOpen(params.url);
    bridge.onmessage = (params) => {
      this.note('message', `${params.role}: ${clip(params.content, 300)} (not sent to any model)`);
      return Promise.resolve({});
    };
    bridge.onupdatemodelcontext = (params) => {
      this.note('update-model-context', `${clip(params, 300)} (no model here)`);
      return Promise.resolve({});
    };
    bridge.ondownloadfile = (params) => this.askToSave(params);
    bridge.onloggingmessage = (params) => this.note(`log ${params.level}`, clip(params.data, 300));
    bridge.onsizechange = (params) => {
      if (typeof params.height === 'number') this.set({ height: Math.min(2000, Math.max(80, Math.ceil(params.height))) });
    };
    bridge.onrequestteardown = () => this.note('request-teardown', 'the app asked to be closed');
    // The app may ask for a display mode it declared; anything else stays as it is.
    bridge.onrequestdisplaymode = (params) => {
      const granted = this.declaredModes().find((mode) => mode === params.mode);
      this.note('request-display-mode', `${params.mode} — ${granted ? 'granted' : 'not declared by the app, refused'}`);
      if (granted) this.setDisplayMode(granted);
      return Promise.resolve({ mode: this.snapshot.displayMode });
    };
  }

  /** ui/open-link: only http and https, and only when the person says so. */
  private askToOpen(raw: string): Promise<{ isError?: boolean }> {
    let url: URL | undefined;
    try {
      url = new URL(raw);
    } catch {
      url = undefined;
    }
    if (this.torn || !url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      this.note('open-link refused', `${raw.slice(0, 200)} (only http and https links open)`);
      return Promise.resolve({ isError: true });
    }
    const href = url.href;
    this.answerLink(false);
    return new Promise((resolve) => {
      this.answerLinkWith = (open) => {
        this.answerLinkWith = undefined;
        this.set({ link: undefined });
        if (open) this.options.open(href);
        this.note('open-link', `${href} — ${open ? 'opened' : 'not opened'}`);
        resolve(open ? {} : { isError: true });
      };
      this.set({ link: href });
    });
  }

  /** ui/download-file: asked first; nothing is saved unless the person says so. */
  private askToSave(params: unknown): Promise<{ isError?: boolean }> {
    const { items, problems } = downloadItems(params);
    if (this.torn) return Promise.resolve({ isError: true });
    this.answerDownload(false);
    return new Promise((resolve) => {
      this.answerDownloadWith = (save) => {
        this.answerDownloadWith = undefined;
        this.set({ download: undefined });
        this.note('download-file', `${items.map((item) => item.name).join(', ') || 'nothing'} — ${save ? 'saved' : 'not saved'}`);
        if (!save || !items.length) return resolve({ isError: true });
        this.options.save(items).then(
          () => resolve({}),
          (error: unknown) => {
            this.note('download-file', `failed: ${clip(String(error), 200)}`);
            resolve({ isError: true });
          },
        );
      };
      this.set({ download: { items, problems } });
    });
  }
}
