import { Button } from '../../components/ui/Button.tsx';
import { StatusItem, type StatusTone } from '../../components/ui/StatusItem.tsx';
import { webUrl } from '../../mcp/links.ts';
import type { OAuthExchange, OAuthLeg } from '../../mcp/auth/oauth.ts';
import type { OAuthView } from './useOAuth.ts';

const MARK: Record<OAuthLeg['status'], string> = { running: '…', ok: '✓', warn: '!', failed: '✗', waiting: '→' };
const TONE: Record<OAuthLeg['status'], StatusTone> = { running: 'info', ok: 'ok', warn: 'warn', failed: 'fail', waiting: 'active' };

function Exchange({ exchange }: { exchange: OAuthExchange }) {
  return (
    <li className="flex flex-col gap-1 border-t border-line pt-1">
      <p className="font-mono break-all">
        {exchange.method} {exchange.url}
        {exchange.status !== undefined ? ` → ${exchange.status}` : ''}
        {exchange.via === 'proxy' ? ' (through Toolscope’s local proxy)' : exchange.via === 'browser' ? ' (opened by you)' : ''}
      </p>
      {exchange.error ? <p className="text-danger">{exchange.error}</p> : null}
      {exchange.requestBody ? <pre className="max-h-40 overflow-auto whitespace-pre-wrap">{exchange.requestBody}</pre> : null}
      {exchange.responseHeaders?.length ? (
        <pre className="max-h-32 overflow-auto whitespace-pre-wrap text-muted">
          {exchange.responseHeaders.map(([name, value]) => `${name}: ${value}`).join('\n')}
        </pre>
      ) : null}
      {exchange.responseBody ? <pre className="max-h-60 overflow-auto whitespace-pre-wrap">{exchange.responseBody}</pre> : null}
    </li>
  );
}

/** The OAuth legs one by one, with their raw requests, so a failing sign-in shows where it failed. */
export function OAuthPanel({ view, onDismiss }: { view: OAuthView; onDismiss: () => void }) {
  if (view.status === 'idle') return null;
  // Only an https (or this machine's http) sign-in page is offered as a link.
  const link = webUrl(view.authorizationUrl);
  return (
    <section aria-label="OAuth sign-in" className="flex max-h-80 flex-col gap-2 overflow-y-auto rounded-md border border-line p-2 text-sm">
      {/* Open while it matters; folded once signed in (the steps stay one click away). */}
      <details key={view.status === 'done' ? 'done' : 'active'} open={view.status !== 'done'}>
        <summary className="cursor-pointer text-xs font-medium text-subtle">OAuth sign-in steps ({view.legs.length})</summary>
        <ol className="mt-1 flex flex-col gap-1">
          {view.legs.map((leg, index) => (
            <StatusItem key={index} tone={TONE[leg.status]} mark={MARK[leg.status]}>
              <strong>{leg.title}:</strong> {leg.sentence}
              {leg.exchanges.length ? (
                <details className="text-xs text-subtle">
                  <summary className="cursor-pointer">
                    {leg.exchanges.length === 1 ? '1 request' : `${leg.exchanges.length} requests`}
                  </summary>
                  <ul className="mt-1 flex flex-col gap-1">
                    {leg.exchanges.map((exchange, at) => (
                      <Exchange key={at} exchange={exchange} />
                    ))}
                  </ul>
                </details>
              ) : null}
            </StatusItem>
          ))}
        </ol>
      </details>
      {view.status === 'running' ? <p className="text-subtle">Discovering how this server signs in…</p> : null}
      {view.status === 'waiting' ? (
        link ? (
          <p className="flex flex-wrap items-center gap-2">
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-md bg-blue-600 px-3 py-1.5 font-medium text-white hover:bg-blue-700"
            >
              Open the sign-in page at {link.host}
            </a>
            <span className="text-xs text-subtle">
              It opens in a new tab; Toolscope continues when the authorization server sends you back.
            </span>
          </p>
        ) : (
          <p className="text-danger">The authorization URL is not https; Toolscope will not open it.</p>
        )
      ) : null}
      {view.status === 'exchanging' ? <p className="text-subtle">Exchanging the code for a token…</p> : null}
      {view.sentence ? (
        <p aria-live="polite" className={view.status === 'failed' ? 'font-medium text-danger' : 'font-medium text-ok'}>
          {view.status === 'failed' ? `Sign-in failed: ${view.sentence}` : view.sentence}
        </p>
      ) : null}
      <Button className="self-start text-xs" variant="ghost" onClick={onDismiss}>
        {view.status === 'waiting' || view.status === 'running' ? 'Stop the sign-in' : 'Hide sign-in details'}
      </Button>
    </section>
  );
}
