// Which server this is, and whether it is still there — one chip in the top bar, and the server
// switcher. For HTTP: the server's name and its protocol revision ("Toolscope demo shop ·
// 2026-07-28"); for stdio: the same name and the child's pid; "· 2 servers" when the tab holds
// several. Its one popover, "Server details", holds the rest (the URL, the era in words, the path;
// for stdio the full command, folder, environment names, Restart, Stop, Console; then what the
// owner adds: instructions, Call settings, the Servers list, Add server, Diagnose). It turns amber
// the moment the server is gone — the child exited, the last request got no HTTP answer, or its
// answer broke off — and says so in the outcome vocabulary.
import { Button } from '../../components/ui/Button.tsx';
import { Popover, closePopover } from '../../components/ui/Popover.tsx';
import { cn } from '../../lib/cn.ts';
import { redactUrl } from '../../lib/redactUrl.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import { describeState, type StdioStatus } from '../../mcp/wire/stdio.ts';
import { revealInvisible } from '../../lib/text.ts';

/** What is wrong with the connected server, in the outcome vocabulary's words (undefined: nothing known). */
export type ServerHealth = 'unreachable' | 'stream-cut' | 'server-stopped';

/** The stdio server this launch runs, when the connection is its bridge. */
export interface StdioChip {
  command: string;
  status?: StdioStatus;
  /** The child's last stderr line (its last words, when it died). */
  lastWords?: string;
  onRestart: () => void;
  onStop: () => void;
  onConsole: () => void;
}

const HEALTH_WORD: Record<ServerHealth, string> = {
  unreachable: 'Unreachable',
  'stream-cut': 'Stream cut',
  'server-stopped': 'Server stopped',
};

const HEALTH_WHY: Record<ServerHealth, string> = {
  unreachable: 'stopped answering (no HTTP response to the last request)',
  'stream-cut': 'broke off its last answer mid-stream',
  'server-stopped': 'is not running',
};

interface Props {
  connection: McpConnection;
  /** How the era was found: said in the popover. */
  eraNote?: string;
  /** Where this server was found (the registry entry), when it came from there. */
  source?: string;
  health?: ServerHealth;
  stdio?: StdioChip;
  /** How many servers the tab holds (this one too). */
  serverCount?: number;
  /** The rest of "Server details" (instructions, Call settings, Servers, Add server, Diagnose). */
  children?: React.ReactNode;
}

export function ServerChip({ connection, eraNote, health, stdio, source, serverCount = 1, children }: Props) {
  const { server, protocolVersion, era } = connection;
  const name = revealInvisible(server.title ?? server.name);
  const state = stdio?.status?.state;
  const pid = state && (state.status === 'running' || state.status === 'starting') ? state.pid : undefined;
  const stopped = health === 'server-stopped' && state ? describeState(state) : undefined;
  // A stdio server is named by its serverInfo, as over HTTP (every Node server's command reads
  // "node index.js"); its pid says which start of the child answers; the command is in the popover.
  const label = stdio && pid ? `${name} · pid ${pid}` : name;
  const eraWords = `${protocolVersion} (${era === 'modern' ? 'stateless 2026 era' : '2025 era'}${eraNote ? `, ${eraNote}` : ''})`;
  // The child's stderr is the server's words: invisible characters shown, never acted on.
  const lastWords = stdio?.lastWords === undefined ? undefined : revealInvisible(stdio.lastWords);
  const stdioText = stdio
    ? `stdio: ${stdio.status?.command ?? stdio.command}${pid ? ` (pid ${pid})` : stopped ? ` — ${stopped}` : ''}${
        stopped && lastWords ? ` · last stderr: ${lastWords}` : ''
      }`
    : '';
  const summary = health
    ? `${HEALTH_WORD[health]} · ${label}${stopped ? ` · ${stopped}` : ''}${stopped && lastWords ? ` · ${lastWords}` : ''}`
    : `${label} · ${protocolVersion}`;
  const title = health
    ? `${name} ${HEALTH_WHY[health]}${stdio ? ` · ${stdioText}` : ''}`
    : `${name}${server.version ? ` ${server.version}` : ''} · ${eraWords}`;
  return (
    <div role="status" aria-label="Server" className="flex min-w-0 items-center gap-1 text-xs">
      <Popover
        label="Server details"
        className="min-w-0 [&>summary]:flex [&>summary]:min-w-0 [&>summary]:list-none [&>summary::-webkit-details-marker]:hidden"
        title={title}
        summary={
          <span
            className={cn(
              'inline-flex min-h-6 min-w-0 max-w-full items-center gap-1.5 rounded-full border px-2 py-0.5 align-middle',
              health ? 'border-warn-line bg-warn-surface font-semibold text-warn' : 'border-line text-ink',
            )}
          >
            <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', health ? 'bg-amber-500' : 'bg-emerald-500')} />
            {health ? <span className="shrink-0">{HEALTH_WORD[health]} ·</span> : <span className="sr-only">Connected to </span>}
            {/* The name gives way first; the pid (which start of the child answers) stays whole. */}
            <span className="max-w-[30ch] min-w-[6ch] truncate">{name}</span>
            {label !== name ? <span className="shrink-0">{label.slice(name.length)}</span> : null}
            {stopped ? (
              <span className="max-w-[20ch] truncate" title={lastWords}>
                · {stopped}
              </span>
            ) : health ? null : (
              // On a phone the era goes before the name is cut (it stays in the popover).
              <span className="hidden shrink-0 text-muted sm:inline">· {protocolVersion}</span>
            )}
            {connection.via === 'proxy' ? (
              <span className="shrink-0 text-muted">
                · <span className="sr-only">via Toolscope’s local </span>proxy
              </span>
            ) : null}
            {serverCount > 1 ? <span className="shrink-0 font-semibold">· {serverCount} servers</span> : null}
            <span aria-hidden="true" className="shrink-0 text-muted">
              ▾
            </span>
            {/* The whole story for screen readers and text search (the chip shows the short form). */}
            <span className="sr-only">
              {health ? ` — ${name} ${HEALTH_WHY[health]}` : ''}
              {stdio ? ` · ${stdioText}` : ''}
            </span>
          </span>
        }
        // On a phone the chip sits mid-row: the panel spans the screen instead of running off its edge.
        panelClassName="w-[min(36rem,92vw)] max-md:fixed max-md:inset-x-2 max-md:top-20 max-md:w-auto max-md:max-w-none"
      >
        <ServerDetails
          connection={connection}
          name={name}
          eraWords={eraWords}
          stdio={stdio}
          stdioState={state}
          summary={summary}
          source={source}
        />
        {children}
      </Popover>
      {health === 'server-stopped' && stdio ? (
        <Button className="shrink-0 px-2 py-0.5 text-xs" onClick={stdio.onRestart}>
          Restart
        </Button>
      ) : null}
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 font-mono break-all">{children}</dd>
    </>
  );
}

function ServerDetails({
  connection,
  name,
  eraWords,
  stdio,
  stdioState,
  summary,
  source,
}: {
  connection: McpConnection;
  name: string;
  eraWords: string;
  stdio?: StdioChip;
  stdioState?: StdioStatus['state'];
  summary: string;
  source?: string;
}) {
  const { server } = connection;
  return (
    <div className="mb-2 flex flex-col gap-2">
      <p className="font-semibold">{summary}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <Row label="Server">
          {name}
          {server.title && server.title !== server.name ? ` (serverInfo.name “${revealInvisible(server.name)}”)` : ''}
          {server.version ? ` ${server.version}` : ''}
        </Row>
        <Row label="Protocol">{eraWords}</Row>
        {stdio ? (
          <>
            <Row label="Command">{stdio.status?.command ?? stdio.command}</Row>
            {stdio.status?.cwd ? <Row label="Folder">{stdio.status.cwd}</Row> : null}
            {stdio.status?.envKeys ? (
              <Row label="Environment">{stdio.status.envKeys.length ? stdio.status.envKeys.join(', ') : 'none'}</Row>
            ) : null}
            <Row label="Process">
              {stdioState ? describeState(stdioState) : 'unknown'}
              {stdio.status && stdio.status.generation > 1 ? ` · start ${stdio.status.generation}` : ''}
            </Row>
          </>
        ) : (
          <>
            <Row label="URL">{redactUrl(connection.url).url}</Row>
            <Row label="Path">{connection.via === 'proxy' ? 'through Toolscope’s local proxy' : 'direct from this page'}</Row>
            {source ? <Row label="Found in">{revealInvisible(source)}</Row> : null}
          </>
        )}
      </dl>
      {stdio ? (
        <div className="flex flex-wrap gap-1">
          <Button
            className="px-2 py-0.5 text-xs"
            onClick={(event) => {
              closePopover(event);
              stdio.onRestart();
            }}
          >
            Restart server
          </Button>
          <Button
            className="px-2 py-0.5 text-xs"
            onClick={(event) => {
              closePopover(event);
              stdio.onStop();
            }}
          >
            Stop
          </Button>
          <Button
            variant="ghost"
            className="px-2 py-0.5 text-xs"
            onClick={(event) => {
              closePopover(event);
              stdio.onConsole();
            }}
          >
            Console
          </Button>
        </div>
      ) : null}
    </div>
  );
}

// Loaded with the connected screen, not in the start screen's bundle (ConnectionStatus loads it lazily).
export default ServerChip;
