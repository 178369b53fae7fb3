// The server's Server Card as the report read it (SEP-2127's extension): where it was found, whether
// a browser may read it, what it says; its differences with the server are the report's
// `server-card-*` findings. No card is said in a line, not as a problem.
import { isRecord } from '../../mcp/guards.ts';
import { revealInvisible } from '../../lib/text.ts';
import type { CardRead } from '../../registry/serverCard.ts';

const text = (value: unknown) => (typeof value === 'string' ? revealInvisible(value) : undefined);

export function ServerCardView({ read }: { read?: CardRead }) {
  if (!read) return null;
  if (!read.found)
    return (
      <p className="text-xs text-muted">
        No Server Card (looked at {read.tried.map((url) => revealInvisible(url)).join(' and ')}) — optional: nothing to check.
        {read.blocked?.length ? (
          <span className="block text-warn">
            This page could not read {read.blocked.map((url) => revealInvisible(url)).join(' or ')} at all (a network error, or an answer
            without CORS): <code>npx toolscope report {'<url>'}</code> reads it from Node.
          </span>
        ) : null}
      </p>
    );
  const card = isRecord(read.card) ? read.card : undefined;
  const remotes = card && Array.isArray(card.remotes) ? card.remotes.filter(isRecord) : [];
  return (
    // One line inside Findings (what it says opens under it): its differences are findings of their own.
    <section aria-label="Server Card" className="text-xs">
      <details>
        <summary className="cursor-pointer truncate py-1 text-subtle">
          <span className="font-semibold text-ink">Server Card</span>{' '}
          {card ? `${text(card.name) ?? '—'} ${text(card.version) ?? ''} · ` : ''}
          {revealInvisible(read.url)}
          {read.via === 'catalog' ? ' (listed in the origin’s /.well-known/mcp/catalog.json)' : ''} ·{' '}
          {read.cors === undefined ? <span className="text-warn">no CORS: a browser page cannot read it</span> : `CORS ${read.cors}`}
        </summary>
        <div className="flex flex-col gap-1 rounded-md border border-line p-2">
          {read.unreadable ? <p className="text-danger">Not a card: {read.unreadable}.</p> : null}
          {card ? (
            <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5">
              <dt className="text-muted">name</dt>
              <dd className="font-mono break-all">{text(card.name) ?? '—'}</dd>
              <dt className="text-muted">version</dt>
              <dd className="font-mono">{text(card.version) ?? '—'}</dd>
              {card.title !== undefined ? (
                <>
                  <dt className="text-muted">title</dt>
                  <dd>{text(card.title)}</dd>
                </>
              ) : null}
              <dt className="text-muted">remotes</dt>
              <dd className="font-mono break-all">
                {remotes.length
                  ? remotes
                      .map(
                        (remote) =>
                          `${text(remote.type) ?? '?'} ${text(remote.url) ?? '?'}${Array.isArray(remote.supportedProtocolVersions) ? ` (${remote.supportedProtocolVersions.map(String).join(', ')})` : ''}`,
                      )
                      .join(' · ')
                  : 'none'}
              </dd>
            </dl>
          ) : null}
          <p className="text-muted">Its differences with this server, if any, are the server-card-* findings below.</p>
        </div>
      </details>
    </section>
  );
}
