// The model's answer to one question, as the Model panel shows it: the tool it would call (or
// none), BM25's first pick and its rank of the model's choice, the arguments checked against the
// tool's schema, the model's words, and "Run it" (or "Open on <server>") through the one call path.
import { Button } from '../../components/ui/Button.tsx';
import { ServerText } from '../../components/ui/ServerText.tsx';
import { revealInvisible } from '../../lib/text.ts';
import type { ModelChoice } from '../../model/modelWire.ts';

export interface Origin {
  url: string;
  tool: string;
  label: string;
}

export interface Asked {
  question: string;
  /** Where the chosen name comes from (absent: no tool, or a name nobody offered). */
  origin?: Origin;
  choice: ModelChoice;
  model: string;
  /** BM25's first tool and the rank it gives the model's choice. */
  bm25: { first?: string; rankOfChoice?: number };
  /** The arguments against the chosen tool's inputSchema. */
  argsCheck: string;
  expected: string;
}

export function Choice({
  asked,
  onRun,
  elsewhere,
}: {
  asked: Asked;
  onRun: (args: Record<string, unknown>) => void;
  /** The chosen tool is another server's: it opens there (its own gate), its arguments shown here. */
  elsewhere?: string;
}) {
  const { choice, bm25 } = asked;
  return (
    <section aria-label="Model's choice" className="flex flex-col gap-2 rounded-md border border-line p-2">
      <p>
        {choice.tool ? (
          <>
            <strong>{asked.model}</strong> would call{' '}
            <span className="font-mono font-semibold">
              <ServerText text={choice.tool} />
            </span>
          </>
        ) : (
          <>
            <strong>{asked.model}</strong> called no tool
          </>
        )}
        {choice.usage ? (
          <span className="text-muted">
            {' '}
            · {choice.usage.input ?? '?'} tokens in, {choice.usage.output ?? '?'} out
          </span>
        ) : null}
      </p>
      <p className="text-subtle">
        BM25 for the same words:{' '}
        {bm25.first ? (
          <>
            first{' '}
            <span className="font-mono">
              <ServerText text={bm25.first} />
            </span>
            {choice.tool
              ? bm25.rankOfChoice
                ? `; the model’s choice ranks ${bm25.rankOfChoice}`
                : '; the model’s choice is not found'
              : ''}
            {choice.tool && bm25.first !== choice.tool ? ' — the search and the model disagree.' : '.'}
          </>
        ) : (
          'no tool matches.'
        )}
      </p>
      {choice.tool ? (
        <>
          <pre className="max-h-48 overflow-auto rounded bg-hover p-2 font-mono text-xs">
            <ServerText text={JSON.stringify(choice.args ?? {}, null, 2)} />
          </pre>
          <p className={asked.argsCheck.startsWith('✓') ? 'text-ok' : 'text-warn'}>
            <ServerText text={asked.argsCheck} />
          </p>
        </>
      ) : null}
      {choice.text.trim() ? (
        <p className="whitespace-pre-wrap">
          <ServerText text={choice.text.trim()} />
        </p>
      ) : null}
      {choice.tool && choice.args && asked.origin ? (
        <div>
          <Button onClick={() => onRun(choice.args ?? {})}>{elsewhere ? `Open on ${revealInvisible(elsewhere)}` : 'Run it'}</Button>
        </div>
      ) : null}
    </section>
  );
}
