import { useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { revealInvisible } from '../../lib/text.ts';
import { APPROXIMATE_NOTE, type PromptCost as View } from '../../report/promptCost.ts';
import { formatCount } from '../../lib/count.ts';

const PREVIEW_CHARS = 100_000;
const ROWS = 200;

/** What the model is given: the tool list JSON as a host sends it, and what each tool costs. */
export function PromptCostView({ view }: { view: View }) {
  const [all, setAll] = useState(false);
  const json = all ? view.json : view.json.slice(0, PREVIEW_CHARS);
  return (
    <section aria-label="Model's view" className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">Model’s view</h3>
      <p className="text-xs text-subtle">
        The tool list a host places in the prompt (name, title, description, inputSchema):{' '}
        <strong>
          {view.approximate ? '≈ ' : ''}
          {formatCount(view.totalTokens)} tokens
        </strong>
        , {formatCount(view.totalBytes)} bytes, counted with {view.tokenizer}
        {view.approximate ? ` (${APPROXIMATE_NOTE})` : ''}. Most expensive first.
      </p>
      {/* Focusable, so the keyboard can scroll it (a long list of tools overflows). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to scroll by keys */}
      <div role="region" aria-label="What each tool costs" tabIndex={0} className="max-h-72 overflow-auto rounded-md border border-line">
        <table className="w-full text-xs">
          <thead className="sticky top-0 bg-panel text-left">
            <tr>
              <th className="px-2 py-1 font-medium">Tool</th>
              <th className="px-2 py-1 text-right font-medium">Bytes</th>
              <th className="px-2 py-1 text-right font-medium">Tokens</th>
              <th className="px-2 py-1 text-right font-medium">Share</th>
            </tr>
          </thead>
          <tbody>
            {view.perTool.slice(0, ROWS).map((cost) => (
              <tr key={cost.name} className="border-t border-line/60">
                <td className="max-w-80 truncate px-2 py-0.5 font-mono">{revealInvisible(cost.name)}</td>
                <td className="px-2 py-0.5 text-right tabular-nums">{formatCount(cost.bytes)}</td>
                <td className="px-2 py-0.5 text-right tabular-nums">{formatCount(cost.tokens)}</td>
                <td className="px-2 py-0.5 text-right tabular-nums">
                  {view.totalTokens ? `${((cost.tokens / view.totalTokens) * 100).toFixed(1)} %` : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {view.perTool.length > ROWS ? (
          <p className="px-2 py-1 text-xs text-muted">{formatCount(view.perTool.length - ROWS)} cheaper tools not shown.</p>
        ) : null}
      </div>
      <details>
        <summary className="text-xs">The tool list JSON</summary>
        <pre
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to scroll by keys
          tabIndex={0}
          aria-label="The tool list JSON"
          className="mt-1 max-h-96 overflow-auto rounded-md bg-hover p-2 font-mono text-xs whitespace-pre-wrap break-words"
        >
          {json}
        </pre>
        {json.length < view.json.length ? (
          <Button className="mt-1 text-xs" onClick={() => setAll(true)}>
            Show all ({formatCount(view.json.length)} characters)
          </Button>
        ) : null}
      </details>
    </section>
  );
}
