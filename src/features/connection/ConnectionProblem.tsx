// Why the last attempt to connect failed, and what can be done about it here: the doctor's probe
// of a CORS refusal, a sign-in for a server that asks for one, Toolscope's proxy for one that
// cannot be reached from the page.

import { useEffect, useState } from 'react';
import { useDiagnosis } from './api/useDiagnosis.ts';
import { Button } from '../../components/ui/Button.tsx';
import { describeFailure } from '../../mcp/errors.ts';
import type { ProxySession } from '../../mcp/wire/proxy.ts';
import type { ConnectionPath } from './api/connectionPath.ts';
import { useRememberProxy, useServerGrant } from './api/serverMemory.ts';
import type { ConnectionState } from './useConnection.ts';
import type { SignInRequest } from './useOAuth.ts';

type Unconnected = Exclude<ConnectionState, { status: 'connected' }>;
const fieldClass = 'w-full rounded-md border border-field bg-panel px-2 py-1.5 text-sm';

/** The failed attempt: what went wrong, then the one next step that can help (sign in, or the proxy after a CORS refusal). */
export function ConnectionProblem({
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
