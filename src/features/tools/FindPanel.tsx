// "Find a tool": the tool-search simulator in the page. For a query, the server's tools ranked as
// hosts' tool search ranks them (src/report/toolSearch.ts: BM25, or the regex variant), each with its
// score and the words that matched, near-ties marked. A person says which tool a query should find
// ("Expect"); those pairs export as the queries file `toolscope report --queries` checks in CI.
import { useEffect, useMemo, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Select } from '../../components/ui/Select.tsx';
import { revealInvisible } from '../../lib/text.ts';
import { displayName } from '../../mcp/toolHints.ts';
import type { McpTool } from '../../mcp/tools.ts';
import { patternOf, toolIndex, type SearchMode } from '../../report/toolSearch.ts';
import type { ToolQuery } from '../../report/queries.ts';
import { REGEX_LIMIT_MS, rankRegexOffThread, type RegexAnswer } from './api/regexSearch.ts';

const MODES: readonly SearchMode[] = ['bm25', 'regex'];
const SHOWN = 20;

interface Props {
  tools: readonly McpTool[];
  onOpenTool: (name: string) => void;
  /** Opens "Model": the same question asked of a real model. */
  onAskModel?: () => void;
}

export default function FindPanel({ tools, onOpenTool, onAskModel }: Props) {
  const [query, setQuery] = useState('');
  const [mode, setMode] = useState<SearchMode>('bm25');
  const [expected, setExpected] = useState<readonly ToolQuery[]>([]);
  const trimmed = query.trim();
  // Indexed once per tool list; each keystroke only searches.
  const rank = useMemo(() => toolIndex(tools), [tools]);
  const problem = mode === 'regex' && trimmed ? patternOf(trimmed) : undefined;
  const validPattern = problem instanceof RegExp;
  // BM25 here (fast, bounded); a pattern in a worker with a time limit (it can backtrack for minutes).
  const [regex, setRegex] = useState<{ pattern: string; answer: RegexAnswer }>();
  useEffect(() => {
    if (mode !== 'regex' || !trimmed || !validPattern) return undefined;
    let live = true;
    void rankRegexOffThread(tools, trimmed).then((answer) => {
      if (live) setRegex({ pattern: trimmed, answer });
    });
    return () => {
      live = false;
    };
  }, [mode, trimmed, validPattern, tools]);
  const regexAnswer = mode === 'regex' && regex?.pattern === trimmed ? regex.answer : undefined;
  const ranked = useMemo(
    () => (!trimmed ? [] : mode === 'bm25' ? rank(trimmed, mode) : regexAnswer && 'ranked' in regexAnswer ? regexAnswer.ranked : []),
    [rank, trimmed, mode, regexAnswer],
  );
  const searching = mode === 'regex' && trimmed !== '' && validPattern && regexAnswer === undefined;
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const expect = (name: string) =>
    setExpected((previous) => [
      ...previous.filter((item) => !(item.query === trimmed && item.mode === mode)),
      { query: trimmed, expect: name, top: 3, mode },
    ]);
  const exportQueries = () => {
    const url = URL.createObjectURL(new Blob([`${JSON.stringify(expected, null, 2)}\n`], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'queries.json';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <section aria-label="Find a tool" className="flex flex-col gap-3">
      <header>
        <h2 className="text-lg font-semibold">Find a tool</h2>
        <p className="text-sm text-muted">
          How a host’s tool search ranks this server’s {tools.length} tools for the words a user types — before the model sees any.
          {onAskModel ? (
            <>
              {' '}
              Which one would a model pick?{' '}
              <Button variant="ghost" className="px-1 py-0 text-sm" onClick={onAskModel}>
                Model
              </Button>
            </>
          ) : null}
        </p>
      </header>
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="search"
          aria-label="Query"
          className="min-w-0 flex-1 rounded-md border border-field bg-panel px-2 py-1.5 text-sm"
          placeholder={mode === 'bm25' ? 'read a file' : '(?i)read.*file'}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <label className="flex items-center gap-1 text-xs text-subtle">
          Search mode
          <Select aria-label="Search mode" className="text-xs" value={mode} options={MODES} onChange={setMode} />
        </label>
      </div>
      <p className="text-xs text-muted">
        {mode === 'bm25'
          ? 'BM25 (k1 1.2, b 0.75) over the name split into words, the title, the description and the parameters, as Claude’s BM25 tool search.'
          : 'A Python-style pattern (re.search; (?i) for case, at most 200 characters) over the same fields, as Claude’s regex tool search.'}
      </p>
      {problem && !(problem instanceof RegExp) ? (
        <p role="alert" className="text-sm text-danger">
          {problem.error}
        </p>
      ) : null}
      {regexAnswer && 'timedOut' in regexAnswer ? (
        <p role="alert" className="text-sm text-danger">
          The pattern ran past {REGEX_LIMIT_MS / 1000} s and was stopped: it backtracks without end (nested quantifiers such as (\w+\s?)*).
          A host’s regex search would hang or time out on it too.
        </p>
      ) : null}
      {regexAnswer && 'unavailable' in regexAnswer ? (
        <p role="alert" className="text-sm text-danger">
          {regexAnswer.unavailable}
        </p>
      ) : null}
      {searching ? <p className="text-sm text-muted">Searching…</p> : null}
      {trimmed && !ranked.length && !searching && !(problem && !validPattern) && !(regexAnswer && !('ranked' in regexAnswer)) ? (
        <p className="text-sm text-muted">No tool matches “{trimmed}”: a host’s search would not offer any.</p>
      ) : null}
      {ranked.length ? (
        <ol aria-label="Ranking" className="flex flex-col gap-1">
          {ranked.slice(0, SHOWN).map((found, index) => {
            const tool = byName.get(found.name);
            const isExpected = expected.some((item) => item.query === trimmed && item.mode === mode && item.expect === found.name);
            return (
              <li key={found.name} className="flex flex-wrap items-baseline gap-x-2 rounded-md border border-line px-2 py-1 text-sm">
                <span className="font-mono font-medium">{revealInvisible(found.name)}</span>
                <span className="text-xs text-muted tabular-nums">
                  #{index + 1} · score {found.score}
                </span>
                {found.tie ? <span className="text-xs font-medium text-warn">tie — a search cannot tell it from its neighbour</span> : null}
                <span className="text-xs text-subtle">matched: {found.matched.map(revealInvisible).join(', ')}</span>
                {tool && displayName(tool) !== tool.name ? (
                  <span className="text-xs text-muted">{revealInvisible(displayName(tool))}</span>
                ) : null}
                <span className="ml-auto flex gap-1">
                  <Button variant="ghost" className="px-2 py-0.5 text-xs" onClick={() => onOpenTool(found.name)}>
                    Open
                  </Button>
                  <Button
                    className="px-2 py-0.5 text-xs"
                    aria-pressed={isExpected}
                    aria-label={`Expect ${found.name} for this query`}
                    onClick={() => expect(found.name)}
                  >
                    Expect
                  </Button>
                </span>
              </li>
            );
          })}
        </ol>
      ) : null}
      <div className="flex flex-wrap items-center gap-2 border-t border-line pt-2 text-xs">
        <span className="text-muted">
          {expected.length
            ? `${expected.length} ${expected.length === 1 ? 'query' : 'queries'} with the tool each should find`
            : 'Press Expect on the tool a query should find; the queries export as a file for toolscope report --queries.'}
        </span>
        <Button className="ml-auto px-2 py-0.5 text-xs" disabled={!expected.length} onClick={exportQueries}>
          Export queries
        </Button>
      </div>
    </section>
  );
}
