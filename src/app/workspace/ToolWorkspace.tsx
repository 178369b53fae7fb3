import { Tabs } from '../../components/ui/Tabs.tsx';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ResponseBar } from '../../features/call/ResponseBar.tsx';
import { AppAlone, FoldedRequest, ToolApp, useFocusApp, type ToolApps } from './ToolApp.tsx';
import { ResultActions } from '../../features/history/ResultActions.tsx';
import { ComparisonPane } from '../../features/history/Comparison.tsx';
import type { ComparisonView } from '../../features/history/api/useCallHistory.ts';
import type { CopyKind } from '../../features/history/policy.ts';
import { copyWithToast } from '../../web/toasts.ts';
import { errorMessage } from '../../lib/errorMessage.ts';
import { ToolFindings } from '../../features/report/ToolFindings.tsx';
import { useStableCallback } from '../../web/stableCallback.ts';
import { ChunkBoundary } from '../../components/ui/ChunkBoundary.tsx';
import { RequestNotes, RequestToolbar, ResultArea } from '../../features/call/CallPanel.tsx';
import { formSuitability } from '../../schema/complexity.ts';
import { focusWhenReady } from '../../web/focusFirstField.ts';
import { useCallShortcut } from '../../web/keyboard.ts';
import { WIDE, useMediaQuery } from '../../web/media.ts';
import { panes } from '../../web/panesStore.ts';
import type { Notice } from '../../session/callEntrance.ts';
import type { RequestOptions } from '../../session/callDecision.ts';
import { useCallChecks } from '../../features/call/useCallChecks.ts';
import type { CallRun, CallState } from '../../session/runs.ts';
import { RunList } from '../../features/call/RunList.tsx';
import { NotSent } from '../../features/call/NotSent.tsx';
import { useAppBlocked } from '../../features/apps/useAppBlocked.ts';
import { ToolHeader } from '../../features/tools/ToolHeader.tsx';
import { useStepUp } from '../../features/connection/useOAuth.ts';
import { useRestartServer } from '../../features/stdio/useStdioServer.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import type { McpTool } from '../../mcp/tools.ts';
import { applyFormValue, emptyDraft, type ArgumentsDraft } from '../../schema/argumentsDraft.ts';
import { HandleOffers } from '../../features/call/HandleOffers.tsx';
import { collectHandles, offersFor, type Handle } from '../../mcp/handles.ts';
import { UseIn } from '../../features/call/UseIn.tsx';
import { retryableLazy } from '../../web/chunks.ts';
import { RunPane, type RunKind, type RunPaneHandlers } from './RunPane.tsx';
import { WorkFrame } from '../../components/ui/WorkFrame.tsx';

// The form (RJSF + Ajv) and the result renderers are the heavy parts: load them on demand.
const ArgumentsForm = retryableLazy(() => import('../../features/tools/ArgumentsForm.tsx'));
const ResultView = retryableLazy(() => import('../../features/results/ResultView.tsx'));
// MCP Apps (ext-apps' bridge and its schemas) load only when an app tool's result is shown.

interface Props {
  tool: McpTool;
  connection: McpConnection;
  draft?: ArgumentsDraft;
  onDraftChange: (draft: ArgumentsDraft) => void;
  /** This tool's runs, newest first. */
  runs: readonly CallRun[];
  /** Asks for a call through the one call path (checks, gate, limits): the form's own origin. */
  onRequest: (args: Record<string, unknown>, options: Omit<RequestOptions, 'origin'>) => void;
  /** The same call again (a run's arguments, as sent) through the one call path, after a sign-in. */
  onRetry?: (args: Record<string, unknown>) => void;
  onCancel: (runId: number) => void;
  /** Why this tool's last request was not sent (from any origin), until the next one. */
  notice?: Notice;
  /** id-like values earlier results returned (offered for parameters of the same name). */
  handles?: readonly Handle[];
  /** Tools with a top-level parameter of this name (where a result's value can be used). */
  targetsOf?: (key: string) => string[];
  /** Opens `tool` with `key` set to `value` in its form. */
  onUseIn?: (tool: string, key: string, value: string | number) => void;
  /** What the response bar offers for a finished run (History's copy, save and compare). */
  runActions?: RunActions;
  /** Each new value asks to focus the first empty required field (the tool was opened by a click, the palette, a link). */
  focusRequest?: number;
  /** The run to show first (instead of the newest). */
  initialRunId?: number;
  /** The run whose server question waits for the person ("Needs input"). */
  askingRunId?: number;
  /** What a link put in this form that the form does not show (above the form). */
  linkNotice?: ReactNode;
  /** How this tool runs as a task (2025 wire, taskSupport optional or required). */
  task?: Parameters<typeof RequestToolbar>[0]['task'];
  /** MCP Apps: the sandbox origin (Toolscope's own server) and the app's own calls. */
  apps?: ToolApps;
  /** "Load test" and "Fuzz": the session's gates, and where a finished run is kept (History). */
  load?: RunPaneHandlers;
}

export interface RunActions {
  copy: (run: CallRun, kind: CopyKind) => { title: string; text: string; notes: string[] };
  /** Copy as … of arguments not sent yet (the tool header's Copy link). */
  copyArgs: (tool: string, args: Record<string, unknown>, kind: CopyKind) => { title: string; text: string; notes: string[] };
  save: (run: CallRun, name: string) => Promise<void>;
  /** Undefined when there is nothing earlier to compare the run with. */
  previousOf: (run: CallRun) => (() => Promise<ComparisonView>) | undefined;
}

export function ToolWorkspace({
  tool,
  connection,
  askingRunId,
  draft = emptyDraft(),
  onDraftChange,
  runs,
  onRequest,
  onRetry,
  onCancel,
  notice,
  handles = [],
  targetsOf,
  onUseIn,
  runActions,
  focusRequest,
  initialRunId,
  linkNotice,
  apps,
  task,
  load,
}: Props) {
  // The run picked in the run list, until a newer run starts (from anywhere): then the newest.
  // An MCP App's own calls stay in the app: the pane keeps showing the run that opened it.
  const shownRuns = useMemo(() => runs.filter((run) => run.origin !== 'app'), [runs]);
  const newest = shownRuns[0]?.id;
  const [picked, setPicked] = useState<{ id: number; newest?: number } | undefined>(() =>
    initialRunId === undefined ? undefined : { id: initialRunId, newest },
  );
  const shownRun = (picked?.newest === newest ? runs.find((run) => run.id === picked?.id) : undefined) ?? shownRuns[0];
  // Why the last request was not sent owns the response pane (its pill and its body) until the
  // next request — or until the person picks an earlier run from the list to look at it.
  const [passedNotice, setPassedNotice] = useState<Notice>();
  const shownNotice = notice !== passedNotice ? notice : undefined;
  const showRun = useCallback(
    (id: number) => {
      setPicked({ id, newest });
      setPassedNotice(notice);
    },
    [newest, notice],
  );
  // A load test or a fuzz run owns the response pane from its item under ⋯ until the next call starts.
  const [loadFor, setLoadFor] = useState<{ newest?: number; kind: RunKind }>();
  const loadShown = load !== undefined && loadFor !== undefined && loadFor.newest === newest;
  const openLoad = (kind: RunKind) => {
    setLoadFor({ newest, kind });
    if (!window.matchMedia(WIDE).matches) panes.show('response');
  };
  const runState: CallState = shownRun?.state ?? { status: 'idle' };
  // A request that was not sent has no body: the previous run's result is not shown under its pill.
  const callState: CallState = shownNotice ? { status: 'idle' } : runState;
  /** What the shown run sent (a retry after a sign-in sends exactly that again). */
  const sentArgs = runState.status === 'idle' ? undefined : runState.args;
  // Below 1280 px the request and the response take turns (tabs here, or the "Panes" tabs on a
  // narrow screen); a new run brings the response forward.
  const wide = useMediaQuery(WIDE);
  // Only where the app can run (Toolscope's own server gives it its origin): else its text is all there is.
  const appShown = Boolean(tool.app && apps?.sandboxOrigin) && callState.status === 'done' && !callState.result.isError && !shownNotice;
  const focusApp = useFocusApp(tool, appShown, wide);
  const seenNewest = useRef(newest);
  useEffect(() => {
    if (newest === undefined || newest === seenNewest.current) return;
    seenNewest.current = newest;
    if (!window.matchMedia(WIDE).matches) panes.show('response');
  }, [newest]);
  const cancelShown = useCallback(() => {
    if (shownRun) onCancel(shownRun.id);
  }, [shownRun, onCancel]);
  const blocked = notice?.kind === 'invalid' ? notice.message : undefined;
  const checkFailure = notice?.kind === 'check-failed' ? notice.message : undefined;
  const stepUp = useStepUp();
  const restartServer = useRestartServer();
  const { schemaNote, validation } = useCallChecks(tool.inputSchema);
  const running = callState.status === 'running';

  // Esc stops a plain call; a task is cancelled only by its own button (tasks/cancel reaches the server).
  const escCancels = running && !callState.task;
  useEffect(() => {
    if (!escCancels) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') cancelShown();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [escCancels, cancelShown]);

  // The form's call: the one call path decides. What is sent is what the editor shows: JSON text
  // that does not parse is never sent — not the form's last valid value, not by "Send anyway".
  const unparsed = draft.mode === 'json' ? draft.jsonError : undefined;
  const tryCall = () => onRequest(draft.value, { unparsed });

  // Ctrl+Enter / ⌘Enter calls the open tool wherever the focus is — except in another text field
  // (the tool search, the palette, a filter), whose Enter is its own — through the same checks and gate.
  const request = useRef<HTMLDivElement>(null);
  // Stable identities for the memoized form (and the key handler), calling the latest code.
  const submitForm = useStableCallback(tryCall);
  const changeDraft = useStableCallback(onDraftChange);
  useCallShortcut(request, submitForm);

  // Opening the tool (any route but ↑/↓ in the list) puts the focus in its first empty required field.
  useEffect(() => {
    const root = request.current;
    if (!focusRequest || !root) return;
    return focusWhenReady(root, () => ({
      form: root.querySelector('form[aria-label="Arguments"]'),
      fallback: root.querySelector<HTMLElement>('[aria-keyshortcuts$="+Enter"]'),
    }));
  }, [focusRequest]);
  const { usable: formUsable } = useMemo(() => formSuitability(tool.inputSchema), [tool.inputSchema]);

  const outcome = callState.status === 'done' || callState.status === 'failed' ? callState : undefined;
  // "Compare with previous" opens in the response pane, beside the result, for the run it was asked on.
  const [comparison, setComparison] = useState<{ runId: number; view?: ComparisonView; problem?: string }>();
  const [paneTab, setPaneTab] = useState<'result' | 'comparison'>('result');
  const shownComparison = comparison && comparison.runId === shownRun?.id ? comparison : undefined;
  const compareWith = shownRun && runActions ? runActions.previousOf(shownRun) : undefined;
  const compare = () => {
    if (!shownRun || !compareWith) return;
    const runId = shownRun.id;
    setComparison({ runId });
    setPaneTab('comparison');
    compareWith().then(
      (view) => setComparison({ runId, view }),
      (error: unknown) => setComparison({ runId, problem: errorMessage(error) }),
    );
  };
  const actions =
    shownRun && runActions && callState.status === 'done' ? (
      <ResultActions
        tool={tool.name}
        onCopy={(kind) => copyWithToast(runActions.copy(shownRun, kind))}
        onSave={(name) => void runActions.save(shownRun, name)}
        onCompare={compareWith ? compare : undefined}
      />
    ) : undefined;
  const { count: blockedCount, onAppViolation } = useAppBlocked(shownRun?.id, apps?.onViolation);
  const bar =
    callState.status !== 'idle' || shownNotice ? (
      <ResponseBar
        tool={tool}
        state={callState}
        notice={shownNotice}
        onCancel={cancelShown}
        actions={actions}
        appBlocked={blockedCount}
        asking={shownRun !== undefined && shownRun.id === askingRunId}
      />
    ) : null;

  const resultBody = shownNotice ? (
    <NotSent notice={shownNotice} earlierRuns={runs.length} />
  ) : outcome ? (
    <>
      {/* An app tool's interface above its result (the text fallback a host without apps shows stays below). */}
      {apps && callState.status === 'done' && !callState.result.isError ? (
        <ToolApp
          key={shownRun?.id}
          tool={tool}
          connection={connection}
          args={callState.args}
          result={callState.result.raw}
          apps={apps}
          onViolation={onAppViolation}
          focus={{ on: focusApp.on, onChange: focusApp.setOn }}
        />
      ) : null}
      {focusApp.alone ? (
        <AppAlone onShow={() => focusApp.setOn(false)} />
      ) : (
        <ChunkBoundary
          label="the result view"
          onRetry={ResultView.retry}
          loading={<p className="text-sm text-muted">Loading result view…</p>}
        >
          {() => (
            <ResultView.Component
              state={outcome}
              tool={tool}
              connection={connection}
              signIn={stepUp && onRetry && sentArgs ? (challenge) => stepUp(challenge, () => onRetry(sentArgs)) : stepUp}
              retry={onRetry && sentArgs && connection.hasBearerToken ? () => onRetry(sentArgs) : undefined}
              onRestartServer={restartServer}
            />
          )}
        </ChunkBoundary>
      )}
    </>
  ) : null;
  const resultView = shownComparison ? (
    <>
      <Tabs
        label="Response view"
        tabs={[
          { id: 'result', label: 'This result' },
          { id: 'comparison', label: 'Comparison' },
        ]}
        active={paneTab}
        onChange={setPaneTab}
      />
      {paneTab === 'result' ? (
        resultBody
      ) : shownComparison.view ? (
        <ComparisonPane title={shownComparison.view.title} diff={shownComparison.view.diff} onClose={() => setComparison(undefined)} />
      ) : (
        <p className="text-sm text-muted">{shownComparison.problem ?? 'Comparing…'}</p>
      )}
    </>
  ) : (
    resultBody
  );

  return (
    <WorkFrame
      requestRef={request}
      folded={focusApp.folded ? <FoldedRequest onShow={() => focusApp.setOn(false)} /> : undefined}
      request={
        <>
          <ToolHeader tool={tool} serverUrl={connection.url} />
          <ToolFindings tool={tool} serverUrl={connection.url} runs={runs} checks={validation} />
          {linkNotice}
          <HandleOffers
            offers={offersFor(tool.inputSchema, handles)}
            current={draft.value}
            onUse={(name, value) => onDraftChange(applyFormValue(draft, { ...draft.value, [name]: value }))}
          />
          {/* The form and the call button appear together: a button that shows first and then moves
              down when the form arrives is a click that lands on the form. */}
          <ChunkBoundary label="the form" onRetry={ArgumentsForm.retry} loading={<p className="text-sm text-muted">Loading form…</p>}>
            {() => (
              <>
                <RequestToolbar
                  tool={tool}
                  state={callState}
                  onCall={tryCall}
                  invalid={blocked !== undefined && unparsed === undefined}
                  onSendAnyway={() => onRequest(draft.value, { unchecked: true, unparsed })}
                  mode={formUsable ? draft.mode : 'json'}
                  formUsable={formUsable}
                  onMode={(mode) => onDraftChange({ ...draft, mode })}
                  task={task}
                  onLoadTest={load && !tool.unusable ? () => openLoad('load') : undefined}
                  onFuzz={load && !tool.unusable ? () => openLoad('fuzz') : undefined}
                  onCopyLink={runActions ? () => copyWithToast(runActions.copyArgs(tool.name, draft.value, 'link')) : undefined}
                />
                <RequestNotes schemaNote={schemaNote} checkFailure={checkFailure} blocked={blocked} />
                <ArgumentsForm.Component
                  schema={tool.inputSchema}
                  draft={draft}
                  onChange={changeDraft}
                  onSubmit={submitForm}
                  showErrors={blocked !== undefined}
                />
              </>
            )}
          </ChunkBoundary>
        </>
      }
      response={
        <>
          {loadShown ? (
            <RunPane kind={loadFor.kind} tool={tool} args={draft.value} handlers={load} onClose={() => setLoadFor(undefined)} />
          ) : (
            <ResultArea state={callState} bar={bar} result={resultView} />
          )}
          {focusApp.alone ? null : <RunList runs={runs} shownId={shownNotice ? undefined : shownRun?.id} onShow={showRun} />}
          {!loadShown && outcome?.status === 'done' && targetsOf && onUseIn ? (
            <UseIn
              handles={collectHandles([{ tool: tool.name, runId: shownRun?.id ?? 0, structuredContent: outcome.result.structuredContent }])}
              targets={(key) => targetsOf(key).filter((name) => name !== tool.name)}
              onUse={onUseIn}
            />
          ) : null}
        </>
      }
    />
  );
}
