// A prompt or a resource in the tool screen's frame (components/ui/WorkFrame): the header and the
// "Request" toolbar with the verb (Get prompt, Read resource) at the place of Call tool, the form
// under it; the response pane headed by "Outcome" (Success · ms · size) with Copy as JSON, then
// what came back. Each request is timed here, and its end reported (History keeps it).
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { OutcomeLine, RESPONSE_TOP, RequestBar, VERB_WIDTH, WorkFrame } from '../../components/ui/WorkFrame.tsx';
import { humanDuration } from '../../lib/age.ts';
import { formatBytes } from '../../mcp/results.ts';
import { failureOutcome, plainOutcome } from '../../session/outcome.ts';
import { WIDE } from '../../web/media.ts';
import { panes } from '../../web/panesStore.ts';
import { CopyJson } from './CopyJson.tsx';
import { Failed } from './OfferArguments.tsx';
import type { Timed } from './timed.ts';

interface Props<Value> {
  /** The region's name ("Prompt: args-prompt"). */
  label: string;
  header: ReactNode;
  /** What the toolbar heads ("Arguments", "Variables", "Resource"). */
  heading: string;
  verb: string;
  onSend: () => void;
  pending: boolean;
  /** Required fields left empty, after a try (nothing was sent). */
  missing: readonly string[];
  tried: boolean;
  /** The form and what it reads (under the toolbar). */
  request: ReactNode;
  method: string;
  /** The last request as it ended. */
  sent?: Timed<Value>;
  /** What "Copy as JSON" copies of a success. */
  raw: (value: Value) => unknown;
  /** What the response pane says before the first request. */
  idle: string;
  /** What came back. */
  children: (value: Value) => ReactNode;
}

export function OfferFrame<Value>({
  label,
  header,
  heading,
  verb,
  onSend,
  pending,
  missing,
  tried,
  request,
  method,
  sent,
  raw,
  idle,
  children,
}: Props<Value>) {
  const send = () => {
    onSend();
    // Below 1280 px the panes take turns: the answer comes forward.
    if (!missing.length && !window.matchMedia(WIDE).matches) panes.show('response');
  };
  const outcome = pending ? plainOutcome('working') : sent ? (sent.ok ? plainOutcome('success') : failureOutcome(sent.failure)) : undefined;
  return (
    <section aria-label={label} className="flex min-h-0 min-w-0 flex-col xl:h-full">
      <WorkFrame
        request={
          <>
            {header}
            <RequestBar
              heading={heading}
              verb={
                <Button variant="primary" className={VERB_WIDTH} onClick={send} disabled={pending}>
                  {verb}
                </Button>
              }
              below={
                tried && missing.length ? (
                  <p role="alert" className="text-sm text-danger">
                    Not sent: {missing.join(', ')} {missing.length === 1 ? 'is' : 'are'} required.
                  </p>
                ) : null
              }
            />
            {request}
          </>
        }
        response={
          outcome ? (
            <>
              <div className={RESPONSE_TOP}>
                <OutcomeLine
                  outcome={outcome}
                  detail={
                    pending
                      ? `${method}…`
                      : sent
                        ? `${humanDuration(sent.durationMs)}${sent.ok ? ` · ${formatBytes(sent.bytes)}` : ''}`
                        : undefined
                  }
                  actions={sent?.ok && !pending ? <CopyJson value={raw(sent.value)} label="Copy as JSON" /> : undefined}
                />
              </div>
              {/* The pill owns the body: while a new request runs, the last answer is not shown under "Working". */}
              {pending ? null : sent && !sent.ok ? <Failed method={method} error={sent.error} /> : sent?.ok ? children(sent.value) : null}
            </>
          ) : (
            <p className="text-sm text-muted">{idle}</p>
          )
        }
      />
    </section>
  );
}
