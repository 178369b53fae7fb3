// What the page shows while no server is open: why the last attempt failed (and what to try),
// the built-in demo in one click, and the servers this browser knows (saved, then recent).
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { ViewDialog } from '../../components/ui/ViewDialog.tsx';
import { ago } from '../../lib/age.ts';
import { revealInvisible } from '../../lib/text.ts';
import type { ProxySession } from '../../mcp/wire/proxy.ts';
import type { ConnectionPath } from './api/connectionPath.ts';
import { forgetRecentServer, loadRecentServers, type RecentServer } from './api/recentServers.ts';
import { useSavedServers } from './api/serverMemory.ts';
import type { SavedServer } from './api/serverList.ts';
import type { ConnectionState } from './useConnection.ts';
import type { SignInRequest } from './useOAuth.ts';
import { ConnectionProblem } from './ConnectionProblem.tsx';

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
  // A returning person: the servers they use lead, and finding another is one button away (the
  // start screen's budget: 12 controls, one filled).
  const returning = others.length > 0 || servers.length > 0;
  const [finding, setFinding] = useState(false);
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
        {/* Once the demo is among the recent servers, its Reconnect is the way back to it. */}
        {demoUrl && !others.some((entry) => entry.url === demoUrl) ? (
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
      {returning ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => setFinding(true)}>Find a server…</Button>
          <span className="text-xs text-muted">Search the MCP Registry, or check a server.json.</span>
        </div>
      ) : (
        children
      )}
      {finding ? (
        <ViewDialog title="Find a server" onClose={() => setFinding(false)}>
          {children}
        </ViewDialog>
      ) : null}
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
