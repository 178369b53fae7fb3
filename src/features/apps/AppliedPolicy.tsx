// The policy an app runs under, shown under the App view's profile line.
import type { buildAppCsp } from '../../mcp/apps/appHosts.ts';
import { revealInvisible } from '../../lib/text.ts';

/**
 * The policy the app runs under, for review (SEP-1865: the host SHOULD log CSP configurations and
 * SHOULD warn when a UI asks for external origins): the origins it declared, the entries left out.
 */
export default function AppliedPolicy({ built }: { built: ReturnType<typeof buildAppCsp> }) {
  const origins = [...new Set(built.policy.match(/(?:https?|wss?):\/\/[^\s;]+/g) ?? [])];
  return (
    <details className="text-xs">
      <summary className="cursor-pointer">
        Policy applied ·{' '}
        {origins.length ? (
          <span className="text-warn">
            reaches {origins.length} external origin{origins.length === 1 ? '' : 's'} it declared
          </span>
        ) : (
          'no external origin'
        )}
        {built.rejected.length ? ` · ${built.rejected.length} declared entr${built.rejected.length === 1 ? 'y' : 'ies'} left out` : ''}
      </summary>
      <code aria-label="Applied CSP" className="block break-all font-mono text-[11px]">
        {built.policy}
      </code>
      {origins.length ? <p>External origins: {revealInvisible(origins.join(', '))}</p> : null}
      <p aria-label="WebRTC" className="text-subtle">
        WebRTC is outside CSP: Toolscope removes RTCPeerConnection from the app, its frames and its relay, but in this browser an app can
        still open one through a frame it gives a srcdoc or an address, read by index before that frame loads. toolscope render closes that
        path too.
      </p>
      {built.rejected.map((entry) => (
        <p key={`${entry.field} ${entry.value}`} className="text-warn">
          Left out of {entry.field}: {revealInvisible(entry.value)} (not an origin)
        </p>
      ))}
    </details>
  );
}
