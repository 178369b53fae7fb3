// What the app did that a host would not show: calls refused, errors it threw, storage the
// browser refused it, what a stricter host would block, loads its CSP blocked (with the
// `_meta.ui.csp` that would allow them), a library's eval probe, and its event log.
import { Button } from '../../components/ui/Button.tsx';
import type { AppHostSnapshot } from '../../apphost/hostSession.ts';
import { storageRefusal } from '../../mcp/apps/appHosts.ts';
import { cspToAllow, type AppCsp } from '../../mcp/apps/mcpApps.ts';
import { revealInvisible } from '../../lib/text.ts';
import { copyWithToast } from '../../web/toasts.ts';

export default function AppFindings({ snapshot, declared }: { snapshot: AppHostSnapshot; declared: AppCsp | undefined }) {
  const { refusals, errors, findings, violations, probed, events } = snapshot;
  const blocks = violations.filter((violation) => !/^(wasm-)?eval$/.test(violation.blocked));
  const allow = cspToAllow(blocks, declared ?? {});
  const snippet = JSON.stringify({ _meta: { ui: { csp: allow.csp } } }, null, 2);
  const storage = errors.map((error) => storageRefusal(error)).find(Boolean);
  return (
    <>
      {refusals.length ? (
        <ul aria-label="Refused app calls" className="flex flex-col gap-0.5 text-xs text-danger">
          {refusals.map((refusal, index) => (
            <li key={index}>{revealInvisible(refusal)}</li>
          ))}
        </ul>
      ) : null}
      {errors.length ? (
        <ul aria-label="App errors" className="flex flex-col gap-0.5 text-xs text-danger">
          {errors.map((error) => (
            <li key={error}>{revealInvisible(error)}</li>
          ))}
        </ul>
      ) : null}
      {storage ? (
        <p aria-label="Storage refused" className="text-xs text-muted">
          {storage}
        </p>
      ) : null}
      {findings.length ? (
        <section aria-label="Stricter hosts" className="flex flex-col gap-0.5 text-xs">
          <p className="font-semibold">What a stricter host would block ({findings.length})</p>
          <ul className="flex flex-col gap-0.5 text-warn">
            {findings.map((finding) => (
              <li key={`${finding.directive} ${finding.what}`}>
                <span className="font-mono">{finding.directive}</span> {revealInvisible(finding.text)}
                {finding.evidence ? (
                  <>
                    {' '}
                    Seen: <code className="break-all">{revealInvisible(finding.evidence)}</code>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {blocks.length ? (
        <details className="text-xs" open>
          <summary className="cursor-pointer">
            <span className="rounded-full border border-warn-line bg-warn-surface px-2 py-0.5 font-semibold text-warn">
              CSP · {blocks.length + snapshot.moreViolations} blocked
            </span>
          </summary>
          <section aria-label="CSP violations" className="mt-1 flex flex-col gap-1">
            <ul className="flex flex-col gap-0.5 text-warn">
              {blocks.map((violation) => (
                <li key={`${violation.directive} ${violation.blocked}`}>
                  <span className="font-mono">{violation.directive}</span> {revealInvisible(violation.blocked)} — not declared in
                  _meta.ui.csp
                  {declared ? '' : ' (it declares no CSP)'}
                </li>
              ))}
              {snapshot.moreViolations ? <li>and {snapshot.moreViolations} more blocked loads, not listed</li> : null}
            </ul>
            {Object.keys(allow.csp).length ? (
              <>
                <p>What the resource would declare to allow them (hosts that follow the spec build the same policy):</p>
                <pre aria-label="CSP to declare" className="overflow-auto rounded bg-hover p-1 font-mono text-[11px]">
                  {snippet}
                </pre>
                <Button
                  className="self-start px-2 py-0.5 text-xs"
                  onClick={() => copyWithToast({ title: '_meta.ui.csp copied', text: snippet, notes: [] })}
                >
                  Copy _meta.ui.csp
                </Button>
              </>
            ) : null}
            {allow.cannot.length ? <p className="text-muted">No declaration allows: {revealInvisible(allow.cannot.join(', '))}.</p> : null}
          </section>
        </details>
      ) : null}
      {probed ? (
        <p className="text-xs text-muted">
          A library in the app probed for eval (an empty function, as zod does to pick a faster path, then compiles that path); it falls
          back where eval is blocked, so this is not a finding.
        </p>
      ) : null}
      {events.length ? (
        <details className="text-xs">
          <summary>App events ({events.length})</summary>
          <ul aria-label="App events" className="flex flex-col gap-0.5">
            {events.map((event) => (
              <li key={event.id}>
                <span className="font-semibold">{event.kind}</span> {revealInvisible(event.text)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}
