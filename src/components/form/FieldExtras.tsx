// What the field template adds around RJSF's own fields (see schema/formSchema.ts for the marks):
// the unset / null / value choice of a nullable field, a raw JSON editor for a part whose
// schema is a remote reference, and "Add" for a recursive part (expanded on demand, so a
// tree schema never renders forever).
import { useEffect, useState } from 'react';
import { Button } from '../ui/Button.tsx';
import { errorMessage } from '../../lib/errorMessage.ts';

export type NullState = 'unset' | 'null' | 'value';

export const nullStateOf = (value: unknown): NullState => (value === undefined ? 'unset' : value === null ? 'null' : 'value');

/** A first value of the field's type, for "a value" chosen from unset or null. */
export function startingValue(schema: Record<string, unknown>): unknown {
  if (schema.default !== undefined && schema.default !== null) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum.find((option) => option !== null);
  const types: unknown[] = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((entry) => entry !== 'null');
  switch (type) {
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    case 'object':
      return {};
    case 'array':
      return [];
    default:
      return '';
  }
}

export function NullChoice({
  label,
  value,
  required,
  onChoose,
}: {
  label: string;
  value: unknown;
  required: boolean;
  onChoose: (state: NullState) => void;
}) {
  const state = nullStateOf(value);
  return (
    <span className="flex items-center gap-2 text-xs text-muted">
      <select
        className="null-choice"
        aria-label={`Send ${label} as`}
        value={required && state === 'unset' ? 'value' : state}
        onChange={(event) => onChoose(event.target.value as NullState)}
      >
        {required ? null : <option value="unset">not sent (unset)</option>}
        <option value="null">null</option>
        <option value="value">a value</option>
      </select>
      {state === 'null' ? 'Sends null.' : state === 'unset' && !required ? 'Not sent unless you enter a value.' : null}
    </span>
  );
}

/** A JSON editor for one field; unparseable text stays as typed and is not sent. */
export function RawJsonField({
  id,
  label,
  reference,
  value,
  required,
  onChange,
}: {
  id: string;
  label: string;
  reference: string;
  value: unknown;
  required: boolean;
  onChange: (value: unknown) => void;
}) {
  const [text, setText] = useState(() => (value === undefined ? '' : JSON.stringify(value, null, 2)));
  const [error, setError] = useState<string>();
  return (
    <div className="flex flex-col gap-1">
      <p role="note" className="text-xs text-warn">
        This part’s schema is {reference.slice(0, 200)}, a remote schema Toolscope never fetches: enter {label} as JSON.
      </p>
      <textarea
        id={id}
        aria-label={label}
        aria-required={required || undefined}
        className="min-h-20 rounded-md border border-field bg-panel p-2 font-mono text-xs"
        value={text}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          if (!next.trim()) {
            setError(undefined);
            onChange(undefined);
            return;
          }
          try {
            onChange(JSON.parse(next));
            setError(undefined);
          } catch (caught) {
            setError(errorMessage(caught));
          }
        }}
      />
      {error ? <p className="text-xs text-danger">Not valid JSON yet (not sent): {error}</p> : null}
    </div>
  );
}

/** A required field with a single allowed value: shown as text and set without asking. */
export function FixedValue({
  id,
  value,
  current,
  onSet,
}: {
  id: string;
  value: unknown;
  current: unknown;
  /** Absent while the field's object is not being sent at all. */
  onSet?: (value: unknown) => void;
}) {
  const matches = JSON.stringify(current) === JSON.stringify(value);
  useEffect(() => {
    if (!matches) onSet?.(value);
  }, [matches, value, onSet]);
  return (
    <p id={id} className="font-mono text-sm">
      {JSON.stringify(value)} <span className="font-sans text-xs text-muted">(the only allowed value)</span>
    </p>
  );
}

export function AddRecursive({ id, label, onAdd }: { id: string; label: string; onAdd: () => void }) {
  return (
    <Button id={id} className="self-start px-2 py-0.5 text-xs" onClick={onAdd}>
      Add {label}
    </Button>
  );
}
