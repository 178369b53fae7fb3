// The work area's one frame, for a tool, a prompt and a resource alike: the request (header, the
// "Request" toolbar with the verb, the form) and the response side by side on a wide screen, each
// scrolling on its own with a splitter between them (its width remembered); below 1280 px they
// take turns (tabs here, or the "Panes" tabs on a phone). The toolbar and the outcome line live
// here too, so every primitive puts its verb and its "Outcome" at the same place.
import { type CSSProperties, type ReactNode, type Ref } from 'react';
import { cn } from '../../lib/cn.ts';
import { NARROW, WIDE, useMediaQuery } from '../../web/media.ts';
import { panes, usePanes } from '../../web/panesStore.ts';
import { Splitter } from './Splitter.tsx';
import { Tabs } from './Tabs.tsx';
import { MIN_PANE, useSplit } from './useSplit.ts';
import { OutcomePill } from './OutcomePill.tsx';

const REQUEST_WIDTH_KEY = 'toolscope:request-width';

interface Props {
  request: ReactNode;
  response: ReactNode;
  /** The request pane's element (the call shortcut and the first field's focus look inside it). */
  requestRef?: Ref<HTMLDivElement>;
  /** The request folded away (an app in focus): what stands in its place. */
  folded?: ReactNode;
}

/** Which of the two panes shows: both from 1280 px, else the one the "Request"/"Response" tabs chose. */
export function useFrameView(): 'both' | 'request' | 'response' {
  const wide = useMediaQuery(WIDE);
  const { pane } = usePanes();
  return wide ? 'both' : pane === 'response' ? 'response' : 'request';
}

export function WorkFrame({ request, response, requestRef, folded }: Props) {
  const wide = useMediaQuery(WIDE);
  const narrow = useMediaQuery(NARROW);
  const view = useFrameView();
  const { container, width, max, setWidth, commit } = useSplit(REQUEST_WIDTH_KEY);
  return (
    <div ref={container} className="flex flex-col gap-4 xl:h-full xl:flex-row xl:gap-2">
      {!wide && !narrow ? (
        <Tabs
          label="Request and response"
          className="text-sm"
          tabs={[
            { id: 'request', label: 'Request' },
            { id: 'response', label: 'Response' },
          ]}
          active={view === 'response' ? 'response' : 'request'}
          onChange={panes.show}
        />
      ) : null}
      <div
        ref={requestRef}
        style={width ? ({ '--request-width': `${width}px` } as CSSProperties) : undefined}
        className={cn(
          'flex min-w-0 flex-col gap-4 xl:min-h-0 xl:w-[var(--request-width,50%)] xl:max-w-[calc(100%-20rem)] xl:shrink-0 xl:overflow-auto xl:pr-2',
          (view === 'response' || folded) && 'hidden',
        )}
      >
        {request}
      </div>
      {folded}
      <Splitter
        label="Resize request and response"
        className={folded ? 'hidden' : 'hidden xl:flex'}
        value={width ?? MIN_PANE}
        min={MIN_PANE}
        max={max}
        onChange={setWidth}
        onCommit={commit}
      />
      <div className={cn('flex min-w-0 flex-1 flex-col gap-3 xl:min-h-0 xl:overflow-auto', view === 'request' && 'hidden')}>{response}</div>
    </div>
  );
}

/** The verb's button (Call tool, Get prompt, Read resource): one width, so it stands at one place. */
export const VERB_WIDTH = 'min-w-36';

/**
 * The request pane's sticky toolbar "Request": what is filled in on the left (`heading`, then
 * `children`), the verb (Call tool, Get prompt, Read resource) and its "⋯" at the right end.
 */
export function RequestBar({
  heading,
  children,
  verb,
  below,
}: {
  heading: ReactNode;
  children?: ReactNode;
  verb: ReactNode;
  below?: ReactNode;
}) {
  return (
    <div className="sticky top-0 z-10 -mx-1 flex flex-col gap-1 border-b border-line bg-canvas px-1 py-2">
      <div role="toolbar" aria-label="Request" className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold">{heading}</h3>
        {children}
        <div className="ml-auto flex items-center gap-2">{verb}</div>
      </div>
      {below}
    </div>
  );
}

/** The response pane's first line: the outcome as one pill, how long it took and how big the answer was, then its actions. */
export function OutcomeLine({
  outcome,
  detail,
  actions,
}: {
  outcome: { kind: string; label: string; tone: 'ok' | 'warn' | 'danger' | 'neutral' | 'running' };
  /** "120 ms · 1.2 KB", or the time running so far. */
  detail?: ReactNode;
  /** Copy as ▾, Save — or Cancel while it runs. */
  actions?: ReactNode;
}) {
  return (
    // One line: the outcome gives way (its detail truncates) before the actions wrap.
    <div className="flex items-center gap-2">
      <p role="status" aria-label="Outcome" className="flex min-w-0 items-center gap-2 text-sm">
        <OutcomePill outcome={outcome} />
        <span className="min-w-0 truncate text-xs text-muted">
          <span className="sr-only"> · </span>
          {detail}
        </span>
      </p>
      {actions ? <div className="ml-auto flex shrink-0 items-center gap-1">{actions}</div> : null}
    </div>
  );
}

/** The response pane's sticky top, which the outcome line heads. */
export const RESPONSE_TOP = 'sticky top-0 z-10 flex flex-col gap-1 border-b border-line bg-panel pb-2';
