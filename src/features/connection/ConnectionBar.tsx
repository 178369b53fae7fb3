import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { closePopover } from '../../components/ui/Popover.tsx';
import type { ProxySession } from '../../mcp/wire/proxy.ts';
import type { ConnectionPath } from './api/connectionPath.ts';
import { useServerGrant } from './api/serverMemory.ts';
import { DoctorPanel } from './DoctorPanel.tsx';
import { HeadersEditor, headersOf, type HeaderRow } from './HeadersEditor.tsx';
import type { ConnectionState } from './useConnection.ts';
import { SavedServers } from './SavedServers.tsx';
import type { ServerHealth, StdioChip } from './ServerChip.tsx';
import { ConnectionStatus, type RunsLine } from './ConnectionStatus.tsx';
import type { SavedServer } from './api/serverList.ts';
import { loadRecentServers } from './api/recentServers.ts';
import { cn } from '../../lib/cn.ts';
import { OPEN_ADD_SERVER } from '../../web/keyboard.ts';
import { retryableLazy } from '../../web/chunks.ts';
import { ChunkBoundary } from '../../components/ui/ChunkBoundary.tsx';

const AddServerDialog = retryableLazy(() => import('./AddServerDialog.tsx'));

interface Props {
  state: ConnectionState;
  /** What is wrong with the connected server (the chip turns amber and says it). */
  health?: ServerHealth;
  /** Connects again as last time. */
  onRetry?: () => void;
  initialUrl: string;
  onConnect: (url: string, bearerToken: string, path?: ConnectionPath, headers?: Record<string, string>) => void;
  onDisconnect: () => void;
  /** Connected: "Add server" keeps this one (parked, still connected) before another is connected beside it. */
  onAddServer?: () => void;
  /** How many servers the tab holds (this one too): the chip says "· 2 servers". */
  serverCount?: number;
  /** Toolscope's loopback proxy, when there is one to diagnose through. */
  proxy: ProxySession | undefined;
  /** A saved server to open (from the start screen or the palette): it fills the form like a pick from "Saved servers". */
  open?: { server: SavedServer; nonce: number };
  /** The person turned to the connection form (focus, pointer): a moment to start loading what connecting needs. */
  onIntent?: () => void;
  /** What runs behind this connection when it is Toolscope's stdio bridge ("stdio: node build/index.js (pid 1234)"). */
  runs?: RunsLine;
  /** The stdio server, for the chip (program, pid, its popover's command, Restart, Stop, Console). */
  stdio?: StdioChip;
  /** Where the connected server was found ("the MCP Registry: io.github.x/y 1.2.0"), said in the chip. */
  source?: string;
  /** Receives the element in "Server details" where the workspace puts its Call settings. */
  detailsSlot?: (element: HTMLDivElement | null) => void;
  /** Servers of the tab that stay connected off screen while another is added (their names). */
  stillConnected?: readonly string[];
}

const inputClass =
  'w-full rounded-md border border-field bg-panel px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-blue-500';

export function ConnectionBar({
  state,
  initialUrl,
  onConnect,
  onDisconnect,
  onAddServer,
  proxy,
  onIntent,
  runs,
  health,
  onRetry,
  open,
  stdio,
  source,
  detailsSlot,
  stillConnected = [],
  serverCount = 1,
}: Props) {
  const [url, setUrl] = useState(initialUrl);
  const [token, setToken] = useState('');
  const [headers, setHeaders] = useState<HeaderRow[]>([]);
  const [reveal, setReveal] = useState(0);
  const [adding, setAdding] = useState(false);
  // The start screen's one filled button is its own when it has one — Reconnect on the server used
  // last, or "Try the demo server" (Toolscope's own server runs one) — and Connect's otherwise.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- read again whenever the connection's state changes
  const returning = useMemo(() => loadRecentServers().length > 0, [state.status]);
  const quiet = returning || proxy !== undefined;
  const grant = useServerGrant(state.status === 'connected' ? state.connection.url : undefined);
  const connected = state.status === 'connected';
  // Connected, the chip names the server (for stdio its program and pid; the URL is in its popover):
  // a read-only URL box — for stdio a bridge address — and a token box would only take room or mislead.
  // The field shows the server being opened, however it was asked for (a deep link, the start screen, Retry).
  const stateUrl = state.status === 'connected' ? state.connection.url : state.status === 'idle' ? undefined : state.url;
  const [shownUrl, setShownUrl] = useState(stateUrl);
  if (stateUrl !== shownUrl) {
    setShownUrl(stateUrl);
    // "Add server": the field is for another server, not the one that stays connected.
    if (stateUrl || stillConnected.length) setUrl(stateUrl ?? '');
  }

  // A saved server fills the form; it connects at once unless a header value is missing. Connecting
  // replaces the server on screen (connect closes it); the rest of a set of servers stays.
  const use = (server: SavedServer) => {
    const rows = Object.entries(server.headers).map(([name, value], index) => ({ id: Date.now() + index, name, value }));
    setUrl(server.url);
    setHeaders(rows);
    if (rows.every((row) => row.value)) onConnect(server.url, token, server.path, server.headers);
    else {
      // A value to type first: the form is freed for it.
      if (connected) onDisconnect();
      setReveal((count) => count + 1);
    }
  };

  const [opened, setOpened] = useState(open?.nonce);
  if (open && open.nonce !== opened) {
    setOpened(open.nonce);
    use(open.server);
  }

  const doctor =
    proxy && (state.status === 'failed' || state.status === 'connected') ? (
      <DoctorPanel
        key={`doctor:${state.status === 'failed' ? state.url : state.connection.url}`}
        session={proxy}
        url={state.status === 'failed' ? state.url : state.connection.url}
        className="shrink-0"
      />
    ) : null;

  // The palette's "Add server" (the button is in the chip's popover).
  useEffect(() => {
    if (!connected || !onAddServer) return;
    const open = () => setAdding(true);
    window.addEventListener(OPEN_ADD_SERVER, open);
    return () => window.removeEventListener(OPEN_ADD_SERVER, open);
  }, [connected, onAddServer]);
  const add = (next: string, bearerToken: string) => {
    setAdding(false);
    onAddServer?.();
    onConnect(next, bearerToken);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (connected) onDisconnect();
    else onConnect(url, token, undefined, headersOf(headers));
  };

  return (
    // On a phone the bar takes a row of its own under the title and the menu; from 768 px, one line.
    // Connected, it never wraps: the chip gives way (its name truncates) so the row stays one.
    <div
      className={cn(
        'order-last flex min-w-0 flex-1 basis-full flex-wrap items-center gap-x-3 gap-y-1 md:order-none md:basis-auto md:flex-nowrap',
        connected && 'flex-nowrap',
      )}
    >
      <form
        onSubmit={submit}
        onFocus={onIntent}
        onPointerEnter={onIntent}
        // Connected on a phone, the chip leads the row and Disconnect ends it.
        className={cn(
          'flex items-center gap-2',
          connected ? 'order-last shrink-0 md:order-none' : 'w-full min-w-52 md:w-auto md:flex-[0_3_26rem]',
        )}
        aria-label="Connection"
      >
        {/* Connected, the chip names the server and its popover holds the URL: no URL or token box (a
            read-only one would only mislead — the token in use cannot change here). */}
        {connected ? null : (
          <>
            <label className="flex min-w-0 flex-[3] items-center">
              <span className="sr-only">Server URL</span>
              <input
                className={inputClass}
                type="url"
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                placeholder="http://127.0.0.1:3000/mcp"
                required
                spellCheck={false}
              />
            </label>
            <label className="flex min-w-24 flex-1 items-center">
              <span className="sr-only">Bearer token</span>
              <input
                className={inputClass}
                type="password"
                autoComplete="off"
                value={token}
                onChange={(event) => setToken(event.target.value)}
                placeholder="Bearer token (optional)"
              />
            </label>
          </>
        )}
        {connected ? (
          <Button type="submit" className="shrink-0 px-2 py-1 text-xs md:px-3 md:text-sm">
            Disconnect
          </Button>
        ) : (
          <Button
            type="submit"
            variant={quiet ? 'secondary' : 'primary'}
            className="shrink-0 py-1"
            disabled={state.status === 'connecting'}
          >
            Connect
          </Button>
        )}
      </form>
      {/* Connected without custom headers, there is nothing to show or change here. */}
      {connected && !headers.length ? null : <HeadersEditor rows={headers} onChange={setHeaders} disabled={connected} reveal={reveal} />}
      {connected ? null : <SavedServers current={{ url, headers: headersOf(headers) }} onUse={use} />}
      <ConnectionStatus
        detailsSlot={detailsSlot}
        state={state}
        stillConnected={stillConnected}
        runs={runs}
        health={health}
        onRetry={onRetry}
        stdio={stdio}
        source={source}
        serverCount={serverCount}
        details={
          <>
            {onAddServer ? (
              <Button
                className="px-2 py-0.5 text-xs"
                onClick={(event) => {
                  closePopover(event);
                  setAdding(true);
                }}
              >
                Add server
              </Button>
            ) : null}
            <SavedServers current={{ url, headers: headersOf(headers) }} onUse={use} />
            {doctor && !health ? doctor : null}
            {state.status === 'connected' && grant.signedIn ? (
              <Button
                variant="ghost"
                className="px-2 py-0.5 text-xs"
                aria-label="Sign out (forget this server’s OAuth tokens)"
                title="Forget this server’s OAuth tokens"
                onClick={() => {
                  grant.forget();
                  onDisconnect();
                }}
              >
                Sign out
              </Button>
            ) : null}
          </>
        }
      />
      {/* Diagnose beside the chip while something is wrong (a failed attempt, an amber chip); else in Server details. */}
      {doctor && (!connected || health) ? doctor : null}
      {adding && state.status === 'connected' ? (
        <ChunkBoundary label="Add server" onRetry={AddServerDialog.retry} loading={null}>
          {() => (
            <AddServerDialog.Component
              stays={state.connection.server.title ?? state.connection.server.name}
              others={serverCount - 1}
              shownUrl={state.connection.url}
              onAdd={add}
              onCancel={() => setAdding(false)}
            />
          )}
        </ChunkBoundary>
      ) : null}
    </div>
  );
}
