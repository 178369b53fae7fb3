import { revealInvisible } from '../../lib/text.ts';
import type { Handle } from '../../mcp/handles.ts';

/** A result's id-like values, each sendable to a tool with a parameter of that name ("Use in…"). */
export function UseIn({
  handles,
  targets,
  onUse,
}: {
  handles: readonly Handle[];
  targets: (key: string) => string[];
  onUse: (tool: string, key: string, value: string | number) => void;
}) {
  const usable = handles.map((handle) => [handle, targets(handle.key)] as const).filter(([, tools]) => tools.length);
  if (!usable.length) return null;
  return (
    <div className="flex flex-col gap-1 text-xs">
      {usable.map(([handle, tools]) => (
        <label key={`${handle.key}:${String(handle.value)}`} className="flex flex-wrap items-center gap-1">
          <span className="font-mono">
            {handle.key} = {revealInvisible(JSON.stringify(handle.value).slice(0, 60))}
          </span>
          <select
            aria-label={`Use ${handle.key} in…`}
            value=""
            onChange={(event) => {
              if (event.target.value) onUse(event.target.value, handle.key, handle.value);
            }}
            className="rounded-md border border-field bg-panel px-1 py-0.5"
          >
            <option value="">Use in…</option>
            {tools.map((tool) => (
              <option key={tool} value={tool}>
                {tool}
              </option>
            ))}
          </select>
        </label>
      ))}
    </div>
  );
}
