import { memo, useEffect, useMemo } from 'react';
import { ChunkBoundary } from '../../components/ui/ChunkBoundary.tsx';
import { SchemaForm } from '../../components/form/SchemaForm.tsx';
import { NO_DEFAULTS_BEHAVIOR, declaredDefaults } from '../../components/form/validators.ts';
import { isRecord } from '../../mcp/guards.ts';
import { applyFormValue, applyJsonText, type ArgumentsDraft } from '../../schema/argumentsDraft.ts';
import { formSuitability } from '../../schema/complexity.ts';
import { defaultsKept } from '../../schema/defaultsKept.ts';
import { propertiesAt, valuesAt } from '../../schema/schemaPath.ts';
import { retryableLazy } from '../../web/chunks.ts';

// CodeMirror loads only when someone edits JSON.
const JsonEditor = retryableLazy(() => import('../../components/form/JsonEditor.tsx'));

interface Props {
  schema: unknown;
  draft: ArgumentsDraft;
  onChange: (draft: ArgumentsDraft) => void;
  onSubmit: () => void;
  showErrors: boolean;
}

/** The fields (or the JSON editor); the request toolbar above switches between them. */
function ArgumentsForm({ schema, draft, onChange, onSubmit, showErrors }: Props) {
  const { usable, unsuitable } = useMemo(() => formSuitability(schema), [schema]);
  const mode = usable ? draft.mode : 'json';
  const hasProperties = usable && isRecord(schema) && isRecord(schema.properties) && Object.keys(schema.properties).length > 0;
  // What the form shows is what gets sent: put the declared defaults into a new draft once — and
  // say which of them still go out with the call.
  const defaults = useMemo(() => {
    try {
      return usable && isRecord(schema) ? declaredDefaults(schema) : undefined;
    } catch {
      return undefined;
    }
  }, [usable, schema]);
  const kept = useMemo(() => defaultsKept(defaults, draft.value), [defaults, draft.value]);
  useEffect(() => {
    if (draft.seeded || !usable || !isRecord(schema)) return;
    onChange(defaults === undefined ? { ...draft, seeded: true } : applyFormValue(draft, defaults));
  }, [draft, usable, schema, onChange, defaults]);
  return (
    <div className="flex flex-col gap-2">
      {!usable ? (
        <p role="note" className="text-sm text-warn">
          {unsuitable ?? 'This tool’s inputSchema is not a schema object, so no form can be generated; edit the arguments as JSON.'}
        </p>
      ) : null}
      {mode === 'json' ? (
        <JsonArguments draft={draft} onChange={onChange} onSubmit={onSubmit} schema={schema} />
      ) : (
        <>
          {!hasProperties ? <p className="text-sm text-muted">This tool takes no arguments.</p> : null}
          {kept.length ? (
            <p className="text-xs text-muted">
              Sends the schema’s defaults too: <span className="font-mono">{kept.join(', ')}</span> (change or clear a field to send
              otherwise).
            </p>
          ) : null}
          {isRecord(schema) ? (
            <SchemaForm
              label="Arguments"
              schema={schema}
              value={draft.value}
              onChange={(value) => onChange(applyFormValue(draft, value))}
              onSubmit={() => onSubmit()}
              behavior={NO_DEFAULTS_BEHAVIOR}
              liveErrors={showErrors}
              fallback={(error) => (
                <>
                  <p role="note" className="text-sm text-warn">
                    Toolscope could not build a form for this schema ({error.message}); edit the arguments as JSON.
                  </p>
                  <JsonArguments draft={draft} onChange={onChange} onSubmit={onSubmit} schema={schema} />
                </>
              )}
            />
          ) : null}
        </>
      )}
    </div>
  );
}

/** The exact arguments object as JSON text; an unparseable draft is kept as typed. */
function JsonArguments({ draft, onChange, onSubmit, schema }: Pick<Props, 'draft' | 'onChange' | 'onSubmit' | 'schema'>) {
  return (
    <form
      aria-label="Arguments"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <div className="flex flex-col gap-1 text-xs font-medium">
        <span aria-hidden="true">Arguments JSON</span>
        <ChunkBoundary
          label="the JSON editor"
          onRetry={JsonEditor.retry}
          loading={<p className="text-sm text-muted">Loading the JSON editor…</p>}
        >
          {() => (
            <JsonEditor.Component
              label="Arguments JSON"
              value={draft.jsonText}
              onChange={(text) => onChange(applyJsonText(draft, text))}
              propertiesAt={(path) => propertiesAt(schema, path)}
              valuesAt={(path) => valuesAt(schema, path)}

              invalid={draft.jsonError !== undefined}
              onSubmit={onSubmit}
            />
          )}
        </ChunkBoundary>
      </div>
      {draft.jsonError ? (
        <p role="alert" className="text-xs text-danger">
          {draft.jsonError}. Nothing is sent until it parses; the form keeps its last valid value.
        </p>
      ) : null}
    </form>
  );
}

/** Memoized: a form re-renders when its schema, draft or error display changes, not on every call's progress. */
export default memo(ArgumentsForm);
