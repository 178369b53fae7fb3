// A call that needs a sign-in (lazy auth): what the server asked for — from a 401/403 challenge or
// a result's `_meta["mcp/www_authenticate"]` — "Sign in and retry" (the same call again, through
// the one call path, once signed in), and what the major hosts do with this challenge.
import { Button } from '../../components/ui/Button.tsx';
import type { OAuthChallenge } from '../../mcp/errors.ts';
import { revealInvisible } from '../../lib/text.ts';
import { challengeKind, hostReactions } from '../../report/hostReactions.ts';

const HEADLINES = {
  'http-401': 'The server answered HTTP 401: this tool needs a sign-in.',
  'http-403-scope': 'The server answered HTTP 403 insufficient_scope: the token lacks a scope this tool needs.',
  meta: 'The result carries a sign-in challenge in _meta["mcp/www_authenticate"] (ChatGPT’s form).',
} as const;

export function SignInRequired({
  challenge,
  onSignIn,
  onRetry,
}: {
  challenge: OAuthChallenge;
  /** Signs in (with the challenge's scope), then sends the same call again. */
  onSignIn?: () => void;
  /** Sends the same call again with the token the connection has now (after a sign-in elsewhere). */
  onRetry?: () => void;
}) {
  const kind = challengeKind(challenge);
  return (
    <section aria-label="Sign-in required" className="flex flex-col gap-2 rounded-md border border-warn-line bg-warn-surface p-3 text-sm">
      <p className="font-semibold">Sign-in required</p>
      <p>{HEADLINES[kind]}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted">Scope asked</dt>
        <dd className="font-mono">{challenge.scope ? revealInvisible(challenge.scope) : '(none named)'}</dd>
        <dt className="text-muted">Resource metadata</dt>
        <dd className="font-mono break-all">
          {challenge.resourceMetadataUrl ? revealInvisible(challenge.resourceMetadataUrl) : '(none named)'}
        </dd>
        {challenge.errorDescription ? (
          <>
            <dt className="text-muted">The server says</dt>
            <dd>{revealInvisible(challenge.errorDescription.slice(0, 500))}</dd>
          </>
        ) : null}
      </dl>
      <div className="flex flex-wrap gap-2">
        {onSignIn ? (
          <Button variant="primary" onClick={onSignIn}>
            Sign in and retry
          </Button>
        ) : null}
        {onRetry ? <Button onClick={onRetry}>Retry</Button> : null}
      </div>
      <details>
        <summary className="cursor-pointer text-xs font-medium">How hosts react</summary>
        <ul aria-label="How hosts react" className="mt-1 flex flex-col gap-1 text-xs">
          {hostReactions(challenge).map((reaction) => (
            <li key={reaction.host}>
              <strong>{reaction.host}</strong>: {reaction.does} {reaction.documented ? '' : '(not documented as such) '}
              <a className="text-link underline" href={reaction.source} target="_blank" rel="noreferrer noopener">
                source
              </a>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
