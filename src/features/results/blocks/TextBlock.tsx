import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { formatBytes } from '../../../mcp/results.ts';
import { JsonTree } from '../JsonTree.tsx';
import { Markdown } from '../Markdown.tsx';

const LIMIT = 20_000;

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  const trimmed = text.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(trimmed) };
  } catch {
    return { ok: false };
  }
}

/** Text as text; JSON text also as a tree; very long text truncated with "Show all". */
export function TextBlock({ text, markdown = false }: { text: string; markdown?: boolean }) {
  const [all, setAll] = useState(false);
  const [asMarkdown, setAsMarkdown] = useState(markdown);
  const json = useMemo(() => parseJson(text), [text]);
  const long = text.length > LIMIT;
  const shown = long && !all ? `${text.slice(0, LIMIT)}…` : text;
  return (
    <div className="flex flex-col gap-1">
      {asMarkdown ? (
        <Markdown text={shown} />
      ) : (
        <pre
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to scroll by keys
          tabIndex={0}
          className="max-h-96 overflow-auto rounded-md bg-hover p-2 font-mono text-sm whitespace-pre-wrap break-words"
        >
          {shown}
        </pre>
      )}
      {json.ok ? null : (
        <Button variant="ghost" className="self-start text-xs" aria-pressed={asMarkdown} onClick={() => setAsMarkdown(!asMarkdown)}>
          {asMarkdown ? 'Show source' : 'Render as Markdown'}
        </Button>
      )}
      {long && !all ? (
        <Button variant="ghost" className="self-start text-xs" onClick={() => setAll(true)}>
          Show all ({formatBytes(new TextEncoder().encode(text).length)})
        </Button>
      ) : null}
      {json.ok ? (
        <details>
          <summary className="cursor-pointer text-xs text-muted">View as JSON tree</summary>
          <JsonTree value={json.value} label="JSON" />
        </details>
      ) : null}
    </div>
  );
}
