import { useSyncExternalStore } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { copyHeaderValues } from '../../web/copyPrefs.ts';
import { Popover } from '../../components/ui/Popover.tsx';
import { customHeaderProblem } from '../../mcp/wire/proxy.ts';

export interface HeaderRow {
  id: number;
  name: string;
  value: string;
}

const inputClass = 'min-w-0 flex-1 rounded-md border border-field bg-panel px-2 py-1 text-xs';

/** Extra request headers for servers that want e.g. an X-API-Key; values are masked. */
export function HeadersEditor({
  rows,
  onChange,
  disabled,
  reveal = 0,
}: {
  rows: readonly HeaderRow[];
  onChange: (rows: HeaderRow[]) => void;
  disabled: boolean;
  /** Changing this opens the editor (a saved server needs a value filled in). */
  reveal?: number;
}) {
  const copyValues = useSyncExternalStore(copyHeaderValues.subscribe, copyHeaderValues.getSnapshot);
  const update = (id: number, change: Partial<HeaderRow>) => onChange(rows.map((row) => (row.id === id ? { ...row, ...change } : row)));
  return (
    <Popover key={reveal} defaultOpen={reveal > 0} summary={`Custom headers${rows.length ? ` (${rows.length})` : ''}`}>
      <div className="flex w-[28rem] max-w-full flex-col gap-1">
        {rows.map((row, index) => {
          const problem = row.name.trim() ? customHeaderProblem(row.name) : undefined;
          return (
            <div key={row.id} className="flex flex-wrap items-center gap-1">
              <input
                className={inputClass}
                aria-label={`Header ${index + 1} name`}
                placeholder="X-API-Key"
                value={row.name}
                readOnly={disabled}
                onChange={(event) => update(row.id, { name: event.target.value })}
              />
              <input
                className={inputClass}
                type="password"
                autoComplete="off"
                aria-label={`Header ${index + 1} value`}
                value={row.value}
                readOnly={disabled}
                onChange={(event) => update(row.id, { value: event.target.value })}
              />
              <Button
                variant="ghost"
                className="text-xs"
                disabled={disabled}
                onClick={() => onChange(rows.filter((other) => other.id !== row.id))}
              >
                Remove header {index + 1}
              </Button>
              {problem ? <span className="w-full text-danger">{problem}</span> : null}
            </div>
          );
        })}
        <Button
          variant="ghost"
          className="self-start text-xs"
          disabled={disabled}
          onClick={() => onChange([...rows, { id: Date.now() + rows.length, name: '', value: '' }])}
        >
          Add header
        </Button>
        <p className="text-muted">
          Sent on every request to this server and kept in memory only; values are hidden in Traffic and History, and copies name them as
          environment variables.
        </p>
        <label className="flex items-center gap-1 text-muted">
          <input type="checkbox" checked={copyValues} onChange={(event) => copyHeaderValues.set(event.target.checked)} />
          Put header values in copied curl and TypeScript (never a secret-named header’s)
        </label>
      </div>
    </Popover>
  );
}

/** The rows as a header object, skipping blank names. */
export const headersOf = (rows: readonly HeaderRow[]): Record<string, string> =>
  Object.fromEntries(rows.filter((row) => row.name.trim()).map((row) => [row.name.trim(), row.value]));
