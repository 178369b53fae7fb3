// What starts before the first render, in one explicit step (main.tsx calls boot() once):
// the deep link is read, Toolscope's own server is asked for its proxy session, and — when the
// link names a server — the SDK and the workspace chunks start loading side by side, not one
// after the other after the first render.
import { readDeepLink, type DeepLink } from '../../features/connection/deepLink.ts';
import { preloadProtocolLayer } from '../../features/connection/useConnection.ts';
import { preloadServerChip } from '../../features/connection/ConnectionStatus.tsx';
import { readLinkArgs } from '../../mcp/recording/callExport.ts';
import { fetchProxySession, type ProxySession } from '../../mcp/wire/proxy.ts';
import { retryableLazy } from '../../web/chunks.ts';

// The connected workspace (tool list, forms, history…) is its own chunk: the first screen is
// only the shell. Connecting — or turning to the connection form — loads it beside the SDK.
export const ConnectedView = retryableLazy(() => import('../workspace/ConnectedView.tsx'));

/** A warm-up only: if it fails, connecting loads it again and reports the failure. */
export const warmUp = () => {
  preloadProtocolLayer().catch(() => undefined);
  ConnectedView.preload();
  preloadServerChip();
};

export interface Boot {
  initialLink: DeepLink;
  initialArgs: ReturnType<typeof readLinkArgs>;
  /** Toolscope's own server offers a loopback proxy (and the stdio bridge); a static host does not. */
  proxySession: Promise<ProxySession | undefined>;
}

export function boot(): Boot {
  const initialLink = readDeepLink(window.location.search);
  const started: Boot = {
    initialLink,
    initialArgs: readLinkArgs(initialLink.args ?? null),
    proxySession: fetchProxySession(window.location.origin),
  };
  if (initialLink.server) warmUp();
  return started;
}
