// What the page shows while no server is open: why the last attempt failed (and what to try),
// the built-in demo in one click, and the servers this browser knows (saved, then recent).
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useDiagnosis } from './api/useDiagnosis.ts';
import { Button } from '../../components/ui/Button.tsx';
import { ago } from '../../lib/age.ts';
import { revealInvisible } from '../../lib/text.ts';
import { describeFailure } from '../../mcp/errors.ts';
import type { ProxySession } from '../../mcp/wire/proxy.ts';
import type { ConnectionPath } from './api/connectionPath.ts';
import { forgetRecentServer, loadRecentServers, type RecentServer } from './api/recentServers.ts';
import { useRememberProxy, useSavedServers, useServerGrant } from './api/serverMemory.ts';
import type { SavedServer } from './api/serverList.ts';
import type { ConnectionState } from './useConnection.ts';
import type { SignInRequest } from './useOAuth.ts';

type Unconnected = Exclude<ConnectionState, { status: 'connected' }>;

interface Props {
  state: Unconnected;
  /** Toolscope's loopback proxy (its own server), when there is one. */
  proxy: ProxySession | undefined;
  /** The built-in demo MCP server, when Toolscope's own server runs it. */
  demoUrl: string | undefined;
  /** Connects; a recent server's row names the tool to open again. */
  onConnect: (url: string, tool?: string) => void;
  /** A saved server: it fills the connection form (and connects unless a header value is missing). */
  onOpenSaved: (server: SavedServer) => void;
  /** Connects again as last time, by this path (the proxy after a CORS failure). */
  onRetryVia: (path: ConnectionPath) => void;
  onSignIn: (request: SignInRequest) => void;
  /** A link's server never used here before: nothing is sent until the person answers. */
  askLink?: string;
  /** The tool the link opens, if any (named in the question). */
  linkTool?: string;
  onAnswerLink?: (connect: boolean) => void;
  /** More ways to find a server, below the known ones (the registry search). */
  children?: ReactNode;
  /** Servers of the tab still connected while another is added: not offered again, and the bar's Connect is the one filled button. */
  inSet?: ReadonlySet<string>;
}

const fieldClass = 'w-full rounded-md border border-field bg-panel px-2 py-1.5 text-sm';

export function StartScreen({
  state,
  proxy,
  demoUrl,
  onConnect,
  onOpenSaved,
  onRetryVia,
  onSignIn,
  askLink,
  linkTool,
  onAnswerLink,
  children,
  inSet,
}: Props) {
  const { servers } = useSavedServers();
  const [recent, setRecent] = useState(loadRecentServers);
  const [now] = useState(() => Date.now());
  const savedUrls = new Set(servers.map((server) => server.url));
  const others = recent.filter((entry) => !savedUrls.has(entry.url) && !inSet?.has(entry.url));
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 overflow-auto p-4">
      {askLink && onAnswerLink ? <LinkQuestion url={askLink} tool={linkTool} onAnswer={onAnswerLink} /> : null}
      {state.status === 'failed' ? <ConnectionProblem state={state} proxy={proxy} onRetryVia={onRetryVia} onSignIn={onSignIn} /> : null}
      <section aria-labelledby="start-title" className="flex flex-col gap-3">
        <h2 id="start-title" className="text-lg font-semibold">
          Open an MCP server
        </h2>
        <p className="text-sm text-subtle">
          Enter the URL of a Streamable HTTP server above and press Connect, or press Ctrl+K for saved servers and commands. A stdio server
          opens from a terminal: <code className="rounded bg-hover px-1">npx toolscope -- &lt;command&gt;</code>.
        </p>
        {demoUrl ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant={others.length || inSet?.size ? 'secondary' : 'primary'}
              onClick={() => onConnect(demoUrl)}
              disabled={state.status === 'connecting'}
            >
              Try the demo server
            </Button>
            <span className="text-xs text-muted">
              A small shop server built into Toolscope (<span className="font-mono">{demoUrl}</span>): tools that succeed, fail, stream
              progress, ask for input.
            </span>
          </div>
        ) : null}
      </section>
      {servers.length ? (
        <ServerSection title="Saved servers">
          {servers.map((server) => (
            <li key={server.name} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
              <Button variant="ghost" className="px-2 py-0.5 font-medium" onClick={() => onOpenSaved(server)}>
                Connect to {server.name}
              </Button>
              <span className="min-w-0 font-mono text-xs break-all text-muted">{server.url}</span>
              {Object.values(server.headers).some((value) => !value) ? (
                <span className="text-xs text-muted">· asks for {Object.keys(server.headers).join(', ')}</span>
              ) : null}
            </li>
          ))}
        </ServerSection>
      ) : null}
      {others.length ? (
        <ServerSection title="Recent servers">
          {others.map((entry, index) => (
            <RecentRow
              key={entry.url}
              entry={entry}
              now={now}
              // One filled button on the page: the server used last.
              first={index === 0 && !inSet?.size}
              disabled={state.status === 'connecting'}
              onReconnect={() => onConnect(entry.url, entry.tool)}
              onForget={() => setRecent(forgetRecentServer(entry.url))}
            />
          ))}
        </ServerSection>
      ) : null}
      {children}
    </div>
  );
}

/** A server used lately: its name, protocol revision, URL and when — and one button to open it again as it was. */
function RecentRow(props: {
  entry: RecentServer;
  now: number;
  first: boolean;
  disabled: boolean;
  onReconnect: () => void;
  onForget: () => void;
}) {
  const { entry, now, first, disabled, onReconnect, onForget } = props;
  const host = URL.canParse(entry.url) ? new URL(entry.url).host : entry.url;
  const name = revealInvisible(entry.name ?? host);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
      <div className="flex min-w-48 flex-1 basis-48 flex-col">
        <span className="font-medium [overflow-wrap:anywhere]">
          {name}
          {entry.era ? <span className="font-normal text-muted"> · {revealInvisible(entry.era)}</span> : null}
        </span>
        <span className="font-mono text-xs break-all text-muted">{entry.url}</span>
        <span className="text-xs text-muted">
          {ago(now - entry.at)}
          {entry.tool ? ` · opens ${revealInvisible(entry.tool)}` : ''}
          {entry.from ? ` · found in ${revealInvisible(entry.from)}` : ''}
        </span>
      </div>
      <Button variant={first ? 'primary' : 'secondary'} className="shrink-0" disabled={disabled} onClick={onReconnect}>
        Reconnect {name}
      </Button>
      <Button variant="ghost" className="shrink-0 px-2 text-xs" aria-label={`Forget ${entry.url}`} onClick={onForget}>
        Forget
      </Button>
    </li>
  );
}

/** "Connect to <origin>?" for a link's server this browser has not used: the link alone sends nothing. */
function LinkQuestion({ url, tool, onAnswer }: { url: string; tool?: string; onAnswer: (connect: boolean) => void }) {
  const id = useId();
  // Shown as given when it is no URL: connecting will say what is wrong with it.
  const origin = URL.canParse(url) ? new URL(url).origin : url;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 rounded-md border border-warn-line bg-warn-surface px-3 py-2 text-sm">
      <h2 id={id} className="font-semibold text-warn-strong">
        Connect to {origin}?
      </h2>
      <p className="text-subtle">
        A link opened Toolscope on a server you have not used here: <span className="font-mono break-all">{url}</span>
        {tool ? (
          <>
            {' '}
            (tool <span className="font-mono">{tool}</span>, its form filled in, nothing sent)
          </>
        ) : null}
        . Nothing has been sent to it yet.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" onClick={() => onAnswer(true)}>
          Connect to {origin}
        </Button>
        <Button variant="ghost" onClick={() => onAnswer(false)}>
          Not now
        </Button>
      </div>
    </section>
  );
}

/** A titled list of servers (the list is named by its title). */
function ServerSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-1">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      <ul aria-labelledby={id} className="flex flex-col divide-y divide-line rounded-md border border-line">
        {children}
      </ul>
    </section>
  );
}

/** The failed attempt: what went wrong, then the one next step that can help (sign in, or the proxy after a CORS refusal). */
function ConnectionProblem({
  state,
  proxy,
  onRetryVia,
  onSignIn,
}: {
  state: Extract<Unconnected, { status: 'failed' }>;
  proxy: ProxySession | undefined;
  onRetryVia: (path: ConnectionPath) => void;
  onSignIn: (request: SignInRequest) => void;
}) {
  const rememberProxy = useRememberProxy();
  const { failure } = state;
  return (
    <div className="flex flex-col gap-3">
      <p role="alert" className="rounded-md border border-danger-line bg-danger-surface px-3 py-2 text-sm text-danger-strong">
        Could not connect to {state.url}
        {state.via === 'proxy' ? ' through Toolscope’s local proxy' : ''}. {describeFailure(failure)}
      </p>
      {failure.kind === 'auth' ? (
        <SignInOffer
          key={`sign-in:${state.url}`}
          url={state.url}
          onSignIn={(clientId, persist) =>
            onSignIn({ url: state.url, challenge: failure.challenge, purpose: 'connect', clientId, persist })
          }
        />
      ) : null}
      {failure.kind === 'unreachable' ? (
        <div>
          <Button onClick={() => onRetryVia(state.via)}>Try again</Button>
        </div>
      ) : null}
      {proxy && failure.kind === 'cors' ? <CorsDetails session={proxy} url={state.url} /> : null}
      {/* The proxy helps only when the browser itself refused the answer (CORS); it cannot wake a server that does not answer. */}
      {proxy && state.via === 'direct' && failure.kind === 'cors' ? (
        <ProxyOffer
          key={`proxy:${state.url}`}
          onUse={(remember) => {
            if (remember) rememberProxy(state.url);
            onRetryVia('proxy');
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * What exactly the server's CORS lacks, from the connection doctor's probes (run at once through
 * Toolscope's own server, which sees the real headers): the missing headers by name, per era.
 */
function CorsDetails({ session, url }: { session: ProxySession; url: string }) {
  const diagnosis = useDiagnosis(session, url);
  const { mutate } = diagnosis;
  useEffect(() => mutate(), [mutate]);
  const cors = diagnosis.data?.filter((check) => check.check.startsWith('CORS') && (check.status === 'warn' || check.status === 'fail'));
  if (diagnosis.isPending) return <p className="text-xs text-muted">Checking which CORS headers the server lacks…</p>;
  if (!cors?.length) return null;
  return (
    <ul aria-label="What the server’s CORS lacks" className="flex flex-col gap-1 text-sm">
      {cors.map((check) => (
        <li key={check.check} className="rounded-md border border-warn-line bg-warn-surface px-3 py-1.5 text-warn-strong">
          <strong>{check.check}:</strong> {check.sentence}
          {check.fix ? <span className="block text-xs">Fix: {check.fix}</span> : null}
        </li>
      ))}
    </ul>
  );
}

function SignInOffer({ url, onSignIn }: { url: string; onSignIn: (clientId: string, persist: boolean) => void }) {
  const [clientId, setClientId] = useState('');
  const { persisted } = useServerGrant(url);
  const [persist, setPersist] = useState(persisted);
  return (
    <div className="flex flex-wrap items-end gap-3 text-sm">
      <Button variant="primary" onClick={() => onSignIn(clientId, persist)}>
        Sign in with OAuth
      </Button>
      <label className="flex flex-col gap-1 text-xs font-medium text-subtle">
        OAuth client ID (optional)
        <input
          className={fieldClass}
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
  // Nothing is chosen for the person: remembering the proxy is their decision.
  const [remember, setRemember] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <Button onClick={() => onUse(remember)}>Use the local proxy</Button>
      <label className="flex items-center gap-1 text-xs">
        <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
        Always use the proxy for this server
      </label>
      <span className="text-xs text-muted">
        The browser refused this server’s answers (CORS). Toolscope’s own server can forward the MCP traffic instead, where the browser’s
        CORS rules do not apply.
      </span>
    </div>
  );
}
