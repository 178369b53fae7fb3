// "Servers": the servers connected in this tab, in the chip's popover (the server switcher) — each
// on one line with its era, how many tools it lists, its state (and its calls still running: off
// screen they keep running, their answers kept in its run list) and its own Disconnect. "Open"
// brings one on screen (its own call session, sign-in, headers and trust decisions); "Hosts" shows
// every tool of the set as a host names it.
import { Button } from '../../components/ui/Button.tsx';
import { closePopover } from '../../components/ui/Popover.tsx';
import { countOf, formatCount } from '../../lib/count.ts';
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
  onHosts: () => void;
}

const runningText = (count: number) => (count ? ` · ${count === 1 ? 'a call running' : `${formatCount(count)} calls running`}` : '');

const toolsText = (server: ServerItem) =>
  server.error ? '' : server.loading && server.tools.length === 0 ? ' · listing tools…' : ` · ${countOf(server.tools.length, 'tool')}`;

export function ServersList({ servers, onOpen, onDisconnect, onHosts }: Props) {
  return (
    <section aria-label="Connected servers" className="flex flex-col gap-1 border-t border-line pt-2">
      <div className="flex items-center gap-1">
        <h3 className="font-semibold">
          Servers <span className="font-normal text-muted">{servers.length}</span>
        </h3>
        <Button
          variant="ghost"
          className="ml-auto min-h-6 px-2 py-0 text-xs"
          onClick={(event) => {
            closePopover(event);
            onHosts();
          }}
        >
          Hosts
        </Button>
      </div>
      <ul aria-label="Servers" className="flex max-h-48 flex-col overflow-auto">
        {servers.map((server) => (
          <li
            key={server.url}
            aria-label={revealInvisible(server.label)}
            aria-current={server.onScreen ? 'true' : undefined}
            className={server.onScreen ? 'rounded-md bg-info-surface px-1' : 'rounded-md px-1 hover:bg-hover'}
          >
            <div className="flex min-h-7 items-center gap-1">
              {server.onScreen ? (
                <span className="min-w-0 shrink truncate font-semibold" title={server.url}>
                  <ServerText text={server.label} />
                </span>
              ) : (
                <button
                  type="button"
                  className="min-h-6 min-w-0 shrink truncate text-left font-semibold text-link hover:underline"
                  aria-label={`Open ${revealInvisible(server.label)}`}
                  title={`Open ${revealInvisible(server.label)} (${server.url})`}
                  onClick={(event) => {
                    closePopover(event);
                    onOpen(server.url);
                  }}
                >
                  <ServerText text={server.label} />
                </button>
              )}
              <span className={`min-w-0 flex-1 truncate ${server.onScreen ? 'text-info-strong' : 'text-muted'}`}>
                · {server.era}
                {toolsText(server)} · {server.onScreen ? 'on screen' : 'connected'}
                {runningText(server.running)}
              </span>
              <Button
                variant="ghost"
                className="min-h-6 min-w-6 px-1 py-0 text-xs"
                aria-label={`Disconnect ${revealInvisible(server.label)}`}
                title={`Disconnect ${revealInvisible(server.label)}`}
                onClick={() => onDisconnect(server.url)}
              >
                ✕
              </Button>
            </div>
            {server.error ? (
              <p className="pb-1 text-danger">
                Its tools could not be listed: <ServerText text={server.error} />
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
