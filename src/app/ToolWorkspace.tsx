import { lazy, Suspense, useEffect, useState } from 'react';
import { CallPanel } from '../features/call/CallPanel.tsx';
import type { CallState } from '../features/call/useToolCalls.ts';
import { ToolHeader } from '../features/tools/ToolHeader.tsx';
import type { McpConnection } from '../mcp/connection.ts';
import type { McpTool } from '../mcp/tools.ts';
import { emptyDraft, type ArgumentsDraft } from '../schema/argumentsDraft.ts';

// The form (RJSF + Ajv) and the result renderers are the heavy parts: load them on demand.
const ArgumentsForm = lazy(() => import('../features/tools/ArgumentsForm.tsx'));
const ResultView = lazy(() => import('../features/results/ResultView.tsx'));

interface Props {
  tool: McpTool;
  connection: McpConnection;
  draft?: ArgumentsDraft;
  onDraftChange: (draft: ArgumentsDraft) => void;
  callState: CallState;
  onCall: (args: Record<string, unknown>) => void;
  onCancel: () => void;
}

export function ToolWorkspace({ tool, connection, draft = emptyDraft(), onDraftChange, callState, onCall, onCancel }: Props) {
  const [blocked, setBlocked] = useState<string>();
  const running = callState.status === 'running';

  useEffect(() => {
    if (!running) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [running, onCancel]);

  const tryCall = async () => {
    if (draft.mode === 'json' && draft.jsonError) {
      setBlocked(`The JSON does not parse: ${draft.jsonError}`);
      return;
    }
    const { validateAgainst } = await import('../schema/validate.ts');
    const verdict = validateAgainst(tool.inputSchema, draft.value);
    if (verdict.status === 'invalid') {
      setBlocked(
        `${verdict.issues.length} argument ${verdict.issues.length === 1 ? 'problem' : 'problems'}: ${verdict.issues.map((issue) => `${issue.path} ${issue.message}`).join('; ')}`,
      );
      return;
    }
    setBlocked(undefined);
    onCall(draft.value);
  };

  const outcome = callState.status === 'done' || callState.status === 'failed' ? callState : undefined;

  return (
    <div className="flex flex-col gap-4">
      <ToolHeader tool={tool} serverUrl={connection.url} />
      <Suspense fallback={<p className="text-sm text-slate-500">Loading form…</p>}>
        <ArgumentsForm
          schema={tool.inputSchema}
          draft={draft}
          onChange={onDraftChange}
          onSubmit={() => void tryCall()}
          showErrors={blocked !== undefined}
        />
      </Suspense>
      {blocked ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Not sent — {blocked}. Fix the arguments, or use “Send anyway” to test the server’s own validation.
        </p>
      ) : null}
      <CallPanel
        tool={tool}
        state={callState}
        onCall={() => void tryCall()}
        onCancel={onCancel}
        invalid={blocked !== undefined}
        onSendAnyway={() => {
          setBlocked(undefined);
          onCall(draft.value);
        }}
        result={
          outcome ? (
            <Suspense fallback={<p className="text-sm text-slate-500">Loading result view…</p>}>
              <ResultView state={outcome} tool={tool} connection={connection} />
            </Suspense>
          ) : null
        }
      />
    </div>
  );
}
