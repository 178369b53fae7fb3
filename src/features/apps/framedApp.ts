// The browser's side of one framed app: the host session (src/apphost) spoken to over
// postMessage, the sandbox's relay answered, the browser's CSP reports read, the one-load
// session registered before the relay opens, and — once it ends — the frame emptied unless
// another app took it.
import { PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import { AppHostSession, type AppHostOptions } from '../../apphost/hostSession.ts';
import { isRecord } from '../../mcp/guards.ts';
import { appSandbox, pollCspReports, registerAppSession } from './api/sandboxSession.ts';
import { recorded, traceBridge, traced } from './bridgeTransport.ts';

export interface FrameLoad extends AppHostOptions {
  sandboxOrigin: string;
  serverUrl: string;
  /** Puts one bridge message in Traffic (its "app" channel). */
  recordApp?: (direction: 'to app' | 'from app', message: unknown) => void;
}

const owners = new WeakMap<HTMLIFrameElement, AppHostSession>();

/** Opens the app in the frame; `close` tears it down (bounded). */
export function frameApp(iframe: HTMLIFrameElement, load: FrameLoad): { session: AppHostSession; close: () => void } {
  const target = iframe.contentWindow;
  const session = new AppHostSession(load);
  owners.set(iframe, session);
  if (!target) return { session, close: () => void session.teardown() };
  // The relay and the app are on their server's origin (<id>.localhost on the sandbox port: apps
  // of two servers never share storage); the app's violations come from the browser's reports.
  const { appId, relayOrigin, token } = appSandbox(load.sandboxOrigin, load.serverUrl);
  let live = true;
  const onMessage = (event: MessageEvent) => {
    if (event.source !== target || event.origin !== relayOrigin) return;
    const data: unknown = event.data;
    const relayReady = isRecord(data) && data.method === 'ui/notifications/sandbox-proxy-ready';
    // The relay's own hello is not the app's.
    if (!relayReady) traceBridge('app', data);
    const reply = session.relayMessage(data);
    if (!reply) return;
    target.postMessage(reply, relayOrigin);
    traceBridge('host', { method: 'ui/notifications/sandbox-resource-ready' });
  };
  window.addEventListener('message', onMessage);
  const stopReports = pollCspReports(load.sandboxOrigin, token, (report) => session.report(report));
  void session.connect(traced(recorded(new PostMessageTransport(target, target), load.recordApp)));
  // The app's policy is registered for this one load (the sandbox serves it once), then the relay opens.
  const { profile, resource } = load;
  registerAppSession(load.sandboxOrigin, { app: appId, profile, csp: resource.meta.csp ?? {}, report: token }).then(
    (id) => live && (iframe.src = `${relayOrigin}/sandbox.html?${new URLSearchParams({ profile, session: id })}`),
    (error: unknown) => live && session.note('sandbox', `the app could not be opened: ${String(error).slice(0, 200)}`),
  );
  const close = () => {
    live = false;
    window.removeEventListener('message', onMessage);
    stopReports();
    void session.teardown().finally(() => {
      // Closed (no session took its place): the app's document goes too.
      if (owners.get(iframe) === session) iframe.src = 'about:blank';
    });
  };
  return { session, close };
}
