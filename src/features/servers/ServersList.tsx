// "Servers": the servers connected in this tab, when there are several — each with its era, its
// state (and its calls still running: off screen they keep running, their answers kept in its run
// list) and its own Disconnect; the ones not on screen list their tools, and a tool opens its
// server's workspace (its own call session, sign-in, headers and trust decisions) on that tool.
import { Button } from '../../components/ui/Button.tsx';
import { formatCount } from '../../lib/count.ts';
import { ServerText } from '../../components/ui/ServerText.tsx';
import { revealInvisible } from '../../lib/text.ts';

export interface ServerItem {
  url: string;
  /** Unique among the servers shown (a second server of one name says its address). */
  label: string;
  era: string;
  onScreen: boolean;
  tools: readonly { name: string }[];
  loading: boolean;
  error?: string;
  /** Calls still running there (off screen too: they keep running, and their answers stay in its run list). */
  running: number;
}

interface Props {
  servers: readonly ServerItem[];
  onOpen: (url: string, tool?: string) => void;
  onDisconnect: (url: string) => void;
  onAdd: () => void;
  onHosts: () => void;
}

const runningText = (count: number) => (count ? ` · ${count === 1 ? 'a call running' : `${formatCount(count)} calls running`}` : '');

export function ServersList({ servers, onOpen, onDisconnect, onAdd, onHosts }: Props) {
  return (
    <section aria-label="Connected servers" className="flex max-h-[45%] shrink-0 flex-col gap-1 overflow-auto text-xs">
      <div className="flex items-center gap-1">
        <h2 className="font-semibold">
          Servers <span className="font-normal text-muted">{servers.length}</span>
        </h2>
        <Button variant="ghost" className="ml-auto px-1 py-0 text-xs" onClick={onHosts}>
          Hosts
        </Button>
        <Button variant="ghost" className="px-1 py-0 text-xs" onClick={onAdd}>
          Add server
        </Button>
      </div>
      <ul aria-label="Servers" className="flex flex-col gap-1">
        {servers.map((server) => (
          <li
            key={server.url}
            aria-label={revealInvisible(server.label)}
            aria-current={server.onScreen ? 'true' : undefined}
            className={server.onScreen ? 'rounded-md border border-info-line bg-info-surface p-1' : 'rounded-md border border-line p-1'}
          >
            <div className="flex items-center gap-1">
              <span className="min-w-0 flex-1 truncate font-semibold" title={server.url}>
                <ServerText text={server.label} />
              </span>
              {server.onScreen ? null : (
                <Button
                  variant="ghost"
                  className="px-1 py-0 text-xs"
                  aria-label={`Open ${revealInvisible(server.label)}`}
                  onClick={() => onOpen(server.url)}
                >
                  Open
                </Button>
              )}
              <Button
                variant="ghost"
                className="px-1 py-0 text-xs"
                aria-label={`Disconnect ${revealInvisible(server.label)}`}
                onClick={() => onDisconnect(server.url)}
              >
                ✕
              </Button>
            </div>
            <p className={server.onScreen ? 'text-info-strong' : 'text-muted'}>
              {server.era} · {server.onScreen ? 'on screen' : 'connected'}
              {runningText(server.running)}
            </p>
            {server.onScreen ? (
              <p className="text-info-strong">Its {formatCount(server.tools.length)} tools are listed below.</p>
            ) : (
              <ServerTools server={server} onOpen={onOpen} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ServerTools({ server, onOpen }: { server: ServerItem; onOpen: Props['onOpen'] }) {
  if (server.error)
    return (
      <p className="text-danger">
        Its tools could not be listed: <ServerText text={server.error} />
      </p>
    );
  if (server.loading && server.tools.length === 0) return <p className="text-muted">Listing its tools…</p>;
  return (
    // The UI contract's "Tool list", one per server (this one scoped by its server's list item).
    <ul aria-label="Tool list" className="flex flex-wrap gap-x-2">
      {server.tools.map((tool) => (
        <li key={tool.name}>
          <button
            type="button"
            className="inline-flex min-h-6 min-w-6 items-center font-mono text-link hover:underline"
            title={revealInvisible(`Open ${tool.name} on ${server.label}`)}
            onClick={() => onOpen(server.url, tool.name)}
          >
            <ServerText text={tool.name} />
          </button>
        </li>
      ))}
    </ul>
  );
}
