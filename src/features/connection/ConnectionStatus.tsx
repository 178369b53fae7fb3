// What the top bar says beside the connection form: "Not connected.", "Connecting to …", the chip
// (connected: its popover "Server details" holds the instructions, Call settings, the Servers
// list and the rest of `details`), or the last attempt's failure.
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { formatCount } from '../../lib/count.ts';
import { revealInvisible } from '../../lib/text.ts';
import type { ServerHealth, StdioChip } from './ServerChip.tsx';
import { ChunkBoundary } from '../../components/ui/ChunkBoundary.tsx';
import { retryableLazy } from '../../web/chunks.ts';

// The chip and its popover load with the connected screen (boot's warmUp preloads both), not in the start screen's bundle.
const ServerChip = retryableLazy(() => import('./ServerChip.tsx'));
export const preloadServerChip = ServerChip.preload;
import type { ConnectionState } from './useConnection.ts';

/** What runs behind this connection when it is Toolscope's stdio bridge ("stdio: node build/index.js (pid 1234)"). */
export type RunsLine = { text: string; ended: boolean } | undefined;

function Runs({ runs }: { runs: RunsLine }) {
  if (!runs) return null;
  return <span className={runs.ended ? 'font-semibold text-danger' : 'text-subtle'}> · {runs.text}</span>;
}

export function ConnectionStatus({
  state,
  runs,
  health,
  onRetry,
  stdio,
  source,
  details,
  detailsSlot,
  stillConnected,
  serverCount,
}: {
  state: ConnectionState;
  serverCount: number;
  stillConnected: readonly string[];
  runs: RunsLine;
  health?: ServerHealth;
  onRetry?: () => void;
  stdio?: StdioChip;
  source?: string;
  /** What else "Server details" holds (saved servers, Diagnose, Sign out). */
  details: ReactNode;
  detailsSlot?: (element: HTMLDivElement | null) => void;
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
          <ChunkBoundary
            label="the server chip"
            onRetry={ServerChip.retry}
            loading={
              <p role="status" aria-label="Server" className={`${line} text-subtle`}>
                Connected to {revealInvisible(state.connection.server.title ?? state.connection.server.name)}
              </p>
            }
          >
            {() => (
              <ServerChip.Component
                connection={state.connection}
                eraNote={eraNote}
                health={health}
                stdio={state.connection.bridged ? stdio : undefined}
                source={source}
                serverCount={serverCount}
              >
                <div className="flex flex-col gap-2">
                  <section aria-label="Server instructions" className="flex flex-col gap-1">
                    <h3 className="font-semibold">
                      Server instructions{' '}
                      {instructions?.trim() ? (
                        <span className="font-normal text-muted">{formatCount(instructions.length)} characters, given to the model</span>
                      ) : null}
                    </h3>
                    {instructions?.trim() ? (
                      <pre
                        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to scroll by keys
                        tabIndex={0}
                        className="max-h-40 overflow-auto whitespace-pre-wrap"
                      >
                        {instructions}
                      </pre>
                    ) : (
                      <p className="text-muted">The server gives no instructions.</p>
                    )}
                  </section>
                  <div ref={detailsSlot} className="contents" />
                  <div className="flex flex-wrap items-center gap-2">{details}</div>
                </div>
              </ServerChip.Component>
            )}
          </ChunkBoundary>
          {(health === 'unreachable' || health === 'stream-cut') && onRetry ? (
            <Button className="shrink-0 px-2 py-0.5 text-xs" onClick={onRetry}>
              Retry
            </Button>
          ) : null}
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
