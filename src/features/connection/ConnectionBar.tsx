import { revealInvisible } from '../../lib/text.ts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Popover } from '../../components/ui/Popover.tsx';
import type { ProxySession } from '../../mcp/wire/proxy.ts';
import type { ConnectionPath } from './api/connectionPath.ts';
import { useServerGrant } from './api/serverMemory.ts';
import { DoctorPanel } from './DoctorPanel.tsx';
import { HeadersEditor, headersOf, type HeaderRow } from './HeadersEditor.tsx';
import type { ConnectionState } from './useConnection.ts';
import { SavedServers } from './SavedServers.tsx';
import { ServerChip, type ServerHealth, type StdioChip } from './ServerChip.tsx';
import type { SavedServer } from './api/serverList.ts';
import { formatCount } from '../../lib/count.ts';
import { cn } from '../../lib/cn.ts';

interface Props {
  state: ConnectionState;
  /** What is wrong with the connected server (the chip turns amber and says it). */
  health?: ServerHealth;
  /** Connects again as last time. */
  onRetry?: () => void;
  initialUrl: string;
  onConnect: (url: string, bearerToken: string, path?: ConnectionPath, headers?: Record<string, string>) => void;
  onDisconnect: () => void;
  /** Connected: "Add server" keeps this one and opens the connection form for another. */
  onAddServer?: () => void;
  /** Toolscope's loopback proxy, when there is one to diagnose through. */
  proxy: ProxySession | undefined;
  /** A saved server to open (from the start screen or the palette): it fills the form like a pick from "Saved servers". */
  open?: { server: SavedServer; nonce: number };
  /** The person turned to the connection form (focus, pointer): a moment to start loading what connecting needs. */
  onIntent?: () => void;
  /** What runs behind this connection when it is Toolscope's stdio bridge ("stdio: node build/index.js (pid 1234)"). */
  runs?: { text: string; ended: boolean };
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
}: Props) {
  const [url, setUrl] = useState(initialUrl);
  const [token, setToken] = useState('');
  const [headers, setHeaders] = useState<HeaderRow[]>([]);
  const [reveal, setReveal] = useState(0);
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
        <label className={connected ? 'sr-only' : 'flex min-w-0 flex-[3] items-center'}>
          <span className="sr-only">Server URL</span>
          <input
            className={inputClass}
            type="url"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            placeholder="http://127.0.0.1:3000/mcp"
            required
            spellCheck={false}
            readOnly={connected}
            tabIndex={connected ? -1 : undefined}
          />
        </label>
        {/* Once connected the token is in use and cannot change here: its field steps aside. */}
        <label className={connected ? 'sr-only' : 'flex min-w-24 flex-1 items-center'}>
          <span className="sr-only">Bearer token</span>
          <input
            className={inputClass}
            type="password"
            autoComplete="off"
            value={token}
            onChange={(event) => setToken(event.target.value)}
            placeholder="Bearer token (optional)"
            readOnly={connected}
            tabIndex={connected ? -1 : undefined}
          />
        </label>
        {connected ? (
          <Button type="submit" className="shrink-0 px-2 py-1 text-xs md:px-3 md:text-sm">
            Disconnect
          </Button>
        ) : (
          <Button type="submit" variant="primary" className="shrink-0 py-1" disabled={state.status === 'connecting'}>
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
        details={
          <>
            {onAddServer ? (
              <Button className="px-2 py-0.5 text-xs" onClick={onAddServer}>
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
    </div>
  );
}

function Runs({ runs }: { runs: Props['runs'] }) {
  if (!runs) return null;
  return <span className={runs.ended ? 'font-semibold text-danger' : 'text-subtle'}> · {runs.text}</span>;
}

function ConnectionStatus({
  state,
  runs,
  health,
  onRetry,
  stdio,
  source,
  details,
  detailsSlot,
  stillConnected,
}: {
  state: ConnectionState;
  stillConnected: readonly string[];
  runs: Props['runs'];
  health?: ServerHealth;
  onRetry?: () => void;
  stdio?: StdioChip;
  source?: string;
  /** What else "Server details" holds (saved servers, Diagnose, Sign out). */
  details: ReactNode;
  detailsSlot?: Props['detailsSlot'];
}) {
  // One line that never wraps: the top bar keeps its height; the whole text is in the tooltip.
  const line = 'min-w-16 flex-1 truncate text-xs';
  switch (state.status) {
    case 'idle':
      return stillConnected.length ? (
        <p role="status" aria-label="Server" className={`${line} text-subtle`}>
          Connected to {stillConnected.map(revealInvisible).join(', ')} — adding a server.
        </p>
      ) : (
        <p role="status" className={`${line} text-muted`}>
          Not connected.
          <Runs runs={runs} />
        </p>
      );
    case 'connecting':
      return (
        <p role="status" className={`${line} text-muted`} title={state.url}>
          Connecting to {state.url}…
          <Runs runs={runs} />
        </p>
      );
    case 'connected': {
      const { instructions } = state.connection;
      const eraNote =
        state.eraSource === 'remembered'
          ? 'remembered for this server'
          : state.eraSource === 're-probed'
            ? 're-probed: the remembered era failed'
            : undefined;
      return (
        <>
          <ServerChip
            connection={state.connection}
            eraNote={eraNote}
            health={health}
            stdio={state.connection.bridged ? stdio : undefined}
            source={source}
          />
          {(health === 'unreachable' || health === 'stream-cut') && onRetry ? (
            <Button className="shrink-0 px-2 py-0.5 text-xs" onClick={onRetry}>
              Retry
            </Button>
          ) : null}
          <Popover
            summary={
              <>
                <span className="sr-only">Server </span>details
              </>
            }
            className="shrink-0"
            nests
            // On a phone the chip sits mid-row: the panel spans the screen instead of running off its edge.
            panelClassName="max-md:fixed max-md:inset-x-2 max-md:top-20 max-md:w-auto max-md:max-w-none"
          >
            <div className="flex w-[36rem] max-w-full flex-col gap-2">
              <p className="font-mono break-all text-subtle">{state.connection.bridged && stdio ? stdio.command : state.connection.url}</p>
              <section aria-label="Server instructions" className="flex flex-col gap-1">
                <h3 className="font-semibold">
                  Server instructions{' '}
                  {instructions?.trim() ? (
                    <span className="font-normal text-muted">{formatCount(instructions.length)} characters, given to the model</span>
                  ) : null}
                </h3>
                {instructions?.trim() ? (
                  <pre className="max-h-60 overflow-auto whitespace-pre-wrap">{instructions}</pre>
                ) : (
                  <p className="text-muted">The server gives no instructions.</p>
                )}
              </section>
              <div ref={detailsSlot} className="contents" />
              <div className="flex flex-wrap items-center gap-2">{details}</div>
            </div>
          </Popover>
          <span className="min-w-0 flex-1" />
        </>
      );
    }
    case 'failed':
      return (
        <p role="status" className={`${line} ${runs ? 'text-muted' : 'text-danger'}`}>
          Not connected · the last attempt failed (below).
          <Runs runs={runs} />
        </p>
      );
  }
}
