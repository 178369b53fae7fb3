import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { describeFailure } from '../../mcp/errors.ts';
import { revealInvisible } from '../../mcp/text.ts';
import type { ProxySession } from '../../mcp/proxy.ts';
import type { ConnectionPath } from './api/connectionPath.ts';
import { useRememberProxy, useServerGrant } from './api/serverMemory.ts';
import { DoctorPanel } from './DoctorPanel.tsx';
import { HeadersEditor, headersOf, type HeaderRow } from './HeadersEditor.tsx';
import type { ConnectionState } from './useConnection.ts';
import type { SignInRequest } from './useOAuth.ts';
import { SavedServers } from './SavedServers.tsx';
import type { SavedServer } from './api/serverList.ts';
import { formatCount } from '../../lib/count.ts';

interface Props {
  state: ConnectionState;
  /** The connected server stopped answering (no HTTP answer to the last request). */
  unreachable?: boolean;
  /** Connects again as last time. */
  onRetry?: () => void;
  initialUrl: string;
  onConnect: (url: string, bearerToken: string, path?: ConnectionPath, headers?: Record<string, string>) => void;
  onDisconnect: () => void;
  /** Toolscope's loopback proxy, when there is one to fall back on and to diagnose through. */
  proxy: ProxySession | undefined;
  onSignIn: (request: SignInRequest) => void;
  /** The person turned to the connection form (focus, pointer): a moment to start loading what connecting needs. */
  onIntent?: () => void;
  /** What runs behind this connection when it is Toolscope's stdio bridge ("stdio: node build/index.js (pid 1234)"). */
  runs?: { text: string; ended: boolean };
}

const inputClass =
  'w-full rounded-md border border-field bg-panel px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-blue-500';

export function ConnectionBar({
  state,
  initialUrl,
  onConnect,
  onDisconnect,
  proxy,
  onSignIn,
  onIntent,
  runs,
  unreachable,
  onRetry,
}: Props) {
  const proxyAvailable = proxy !== undefined;
  const [url, setUrl] = useState(initialUrl);
  const [token, setToken] = useState('');
  const [headers, setHeaders] = useState<HeaderRow[]>([]);
  const [reveal, setReveal] = useState(0);
  const grant = useServerGrant(state.status === 'connected' ? state.connection.url : undefined);
  const rememberProxy = useRememberProxy();
  const connected = state.status === 'connected';

  // A saved server fills the form; it connects at once unless a header value is missing.
  const use = (server: SavedServer) => {
    if (connected) onDisconnect();
    const rows = Object.entries(server.headers).map(([name, value], index) => ({ id: Date.now() + index, name, value }));
    setUrl(server.url);
    setHeaders(rows);
    if (rows.every((row) => row.value)) onConnect(server.url, token, server.path, server.headers);
    else setReveal((count) => count + 1);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (connected) onDisconnect();
    else onConnect(url, token, undefined, headersOf(headers));
  };

  return (
    <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1 py-0.5">
      <form
        onSubmit={submit}
        onFocus={onIntent}
        onPointerEnter={onIntent}
        className="flex min-w-0 flex-[1_1_22rem] items-center gap-2 xl:max-w-xl"
        aria-label="Connection"
      >
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
            readOnly={connected}
          />
        </label>
        {/* Once connected the token is in use and cannot change here: its field steps aside. */}
        <label className={connected ? 'sr-only' : 'flex min-w-28 flex-1 items-center'}>
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
          <Button type="submit">Disconnect</Button>
        ) : (
          <Button type="submit" variant="primary" disabled={state.status === 'connecting'}>
            Connect
          </Button>
        )}
      </form>
      <HeadersEditor rows={headers} onChange={setHeaders} disabled={connected} reveal={reveal} />
      <SavedServers current={{ url, headers: headersOf(headers) }} onUse={use} />
      <ConnectionStatus state={state} runs={runs} unreachable={unreachable} onRetry={onRetry} />
      {proxy && (state.status === 'failed' || state.status === 'connected') ? (
        <DoctorPanel
          key={`doctor:${state.status === 'failed' ? state.url : state.connection.url}`}
          session={proxy}
          url={state.status === 'failed' ? state.url : state.connection.url}
        />
      ) : null}
      {state.status === 'connected' && grant.signedIn ? (
        <Button
          variant="ghost"
          className="text-xs"
          onClick={() => {
            grant.forget();
            onDisconnect();
          }}
        >
          Sign out (forget this server’s OAuth tokens)
        </Button>
      ) : null}
      {state.status === 'failed' && state.failure.kind === 'auth' ? (
        <SignInOffer
          key={`sign-in:${state.url}`}
          url={state.url}
          onSignIn={(clientId, persist) =>
            onSignIn({
              url: state.url,
              challenge: state.failure.kind === 'auth' ? state.failure.challenge : undefined,
              purpose: 'connect',
              clientId,
              persist,
            })
          }
        />
      ) : null}
      {state.status === 'failed' &&
      proxyAvailable &&
      state.via === 'direct' &&
      (state.failure.kind === 'cors' || state.failure.kind === 'unreachable') ? (
        <ProxyOffer
          onUse={(remember) => {
            if (remember) rememberProxy(url);
            onConnect(url, token, 'proxy', headersOf(headers));
          }}
        />
      ) : null}
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
  unreachable,
  onRetry,
}: {
  state: ConnectionState;
  runs: Props['runs'];
  unreachable?: boolean;
  onRetry?: () => void;
}) {
  switch (state.status) {
    case 'idle':
      return (
        <p role="status" className="text-xs text-muted">
          Not connected.
          <Runs runs={runs} />
        </p>
      );
    case 'connecting':
      return (
        <p role="status" className="text-xs text-muted">
          Connecting to {state.url}…
          <Runs runs={runs} />
        </p>
      );
    case 'connected': {
      const { server, protocolVersion, era, instructions } = state.connection;
      if (unreachable)
        return (
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <p role="status" className="text-xs font-semibold text-warn">
              Unreachable · {revealInvisible(server.title ?? server.name)} stopped answering (no HTTP response to the last request)
              <Runs runs={runs} />
            </p>
            {onRetry ? (
              <Button className="px-2 py-0.5 text-xs" onClick={onRetry}>
                Retry
              </Button>
            ) : null}
          </div>
        );
      return (
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          <p role="status" className="text-xs text-ok">
            Connected to{' '}
            <strong title={server.title && server.title !== server.name ? `serverInfo.name “${server.name}”` : undefined}>
              {revealInvisible(server.title ?? server.name)}
            </strong>
            {server.version ? ` ${server.version}` : ''} · {protocolVersion} ({era === 'modern' ? 'stateless 2026 era' : '2025 era'}
            {state.eraSource === 'remembered'
              ? ', remembered for this server'
              : state.eraSource === 're-probed'
                ? ', re-probed: the remembered era failed'
                : ''}
            ){state.connection.via === 'proxy' ? ' · via Toolscope’s local proxy' : ''}
            <Runs runs={runs} />
          </p>
          {instructions?.trim() ? (
            <details className="relative text-xs" title={`${formatCount(instructions.length)} characters, given to the model`}>
              <summary className="cursor-pointer text-subtle">Server instructions</summary>
              <pre className="absolute left-0 z-30 mt-1 max-h-72 w-[36rem] max-w-[90vw] overflow-auto rounded-md border border-line bg-panel p-2 whitespace-pre-wrap shadow-lg">
                {instructions}
              </pre>
            </details>
          ) : null}
        </div>
      );
    }
    case 'failed':
      return (
        <>
          <p role="status" className={runs ? 'text-xs text-muted' : 'sr-only'}>
            Not connected.
            <Runs runs={runs} />
          </p>
          <p
            role="alert"
            className="basis-full rounded-md border border-danger-line bg-danger-surface px-3 py-2 text-sm text-danger-strong"
          >
            Could not connect to {state.url}
            {state.via === 'proxy' ? ' through Toolscope’s local proxy' : ''}. {describeFailure(state.failure)}
          </p>
        </>
      );
  }
}

function SignInOffer({ url, onSignIn }: { url: string; onSignIn: (clientId: string, persist: boolean) => void }) {
  const [clientId, setClientId] = useState('');
  const { persisted } = useServerGrant(url);
  const [persist, setPersist] = useState(persisted);
  return (
    <div className="flex basis-full flex-wrap items-end gap-3 text-sm">
      <Button variant="primary" onClick={() => onSignIn(clientId, persist)}>
        Sign in with OAuth
      </Button>
      <label className="flex flex-col gap-1 text-xs font-medium text-subtle">
        OAuth client ID (optional)
        <input
          className={inputClass}
          value={clientId}
          onChange={(event) => setClientId(event.target.value)}
          placeholder="registered by hand"
          spellCheck={false}
        />
      </label>
      {clientId.trim() ? (
        <span className="text-xs text-subtle">
          Register this redirect URI for it: <code>{`${window.location.origin}/oauth-callback.html`}</code>
        </span>
      ) : null}
      <label className="flex items-center gap-1 text-xs">
        <input type="checkbox" checked={persist} onChange={(event) => setPersist(event.target.checked)} />
        Stay signed in on this device (stores the tokens in this browser)
      </label>
    </div>
  );
}

function ProxyOffer({ onUse }: { onUse: (remember: boolean) => void }) {
  const [remember, setRemember] = useState(true);
  return (
    <div className="flex basis-full flex-wrap items-center gap-3 text-sm">
      <Button onClick={() => onUse(remember)}>Use the local proxy</Button>
      <label className="flex items-center gap-1 text-xs">
        <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
        Always use the proxy for this server
      </label>
      <span className="text-xs text-muted">Toolscope’s own server forwards the MCP traffic, so the browser’s CORS rules do not apply.</span>
    </div>
  );
}
