// Will a model find the tool? Hosts no longer put every tool in front of the model: a search over
// the tools' names, descriptions and parameters picks the few it sees (Claude's tool search tool,
// platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool: a BM25 variant for
// natural-language queries and a regex variant, Python `re.search`, over tool names, descriptions,
// argument names and argument descriptions). This ranks a server's tools the same two ways,
// deterministically and offline.
//
// BM25 is MiniSearch's (BM25 with k1 = 1.2, b = 0.75 and BM25+'s δ set to 0, i.e. plain Okapi
// BM25), summed over four fields of equal weight: the name split into words (`_`, `-`, `.`,
// camelCase), the title, the description, and the parameters' names (split the same way) and
// descriptions. Terms are lowercased words of letters and digits; English stop words are dropped.
import MiniSearch from 'minisearch';
import type { McpTool } from '../mcp/tools.ts';

export type SearchMode = 'bm25' | 'regex';

export interface RankedTool {
  name: string;
  score: number;
  /** The query's words (BM25) or the fields (regex) that matched. */
  matched: string[];
  /** Within NEAR_TIE of the tool ranked next to it: a search cannot tell them apart. */
  tie: boolean;
}

/** Two scores this close (relative) are a near-tie. */
export const NEAR_TIE = 0.05;
/** Claude's regex variant accepts patterns of at most 200 characters. */
export const MAX_PATTERN = 200;

const STOP_WORDS = new Set(
  'a an and are as at be by can for from how i in into is it its me my of on or that the this to was what when which with you your'.split(
    ' ',
  ),
);

/** Words of an identifier or a text: split at `_`, `-`, `.`, spaces and camelCase, lowercased, stop words dropped. */
export function searchTerms(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0 && !STOP_WORDS.has(word));
}

interface Doc {
  id: number;
  name: string;
  title: string;
  description: string;
  params: string;
}

function paramsText(tool: McpTool): string {
  const properties = (tool.inputSchema as { properties?: unknown }).properties;
  if (typeof properties !== 'object' || properties === null) return '';
  return Object.entries(properties as Record<string, unknown>)
    .map(([key, value]) => {
      const description = typeof value === 'object' && value !== null ? (value as { description?: unknown }).description : undefined;
      return `${key} ${typeof description === 'string' ? description : ''}`;
    })
    .join(' ');
}

const docOf = (tool: McpTool, id: number): Doc => ({
  id,
  name: tool.name,
  title: tool.title ?? '',
  description: tool.description ?? '',
  params: paramsText(tool),
});

/**
 * Near-ties that matter: a host's search hands the model its first few results (Claude's returns
 * 3–5), so a tie is marked where one of the two is among the first TIE_DEPTH — at the top, and at
 * the cut. Further down, weak matches that score alike are not news.
 */
export const TIE_DEPTH = 5;

function markTies(ranked: Omit<RankedTool, 'tie'>[]): RankedTool[] {
  const close = (index: number, other: number) => {
    const [a, b] = [ranked[index], ranked[other]];
    if (!a || !b || Math.min(index, other) >= TIE_DEPTH) return false;
    return Math.abs(a.score - b.score) <= NEAR_TIE * Math.max(a.score, b.score);
  };
  return ranked.map((tool, index) => ({ ...tool, tie: close(index, index - 1) || close(index, index + 1) }));
}

const round = (score: number) => Math.round(score * 1000) / 1000;

/** A server's tools indexed once, ranked for as many queries as asked (the Find panel types on). */
export function toolIndex(tools: readonly McpTool[]): (query: string, mode?: SearchMode) => RankedTool[] {
  let index: MiniSearch<Doc> | undefined;
  return (query, mode = 'bm25') => {
    if (mode === 'regex') return rankByRegex(tools, query);
    index ??= bm25Index(tools);
    return rankByBm25(tools, index, query);
  };
}

/** The tools ranked for a query, best first (BM25: only tools that match a word; regex: only tools that match). */
export function rankTools(tools: readonly McpTool[], query: string, mode: SearchMode = 'bm25'): RankedTool[] {
  return toolIndex(tools)(query, mode);
}

function bm25Index(tools: readonly McpTool[]): MiniSearch<Doc> {
  const index = new MiniSearch<Doc>({
    fields: ['name', 'title', 'description', 'params'],
    tokenize: (text) => searchTerms(text),
    processTerm: (term) => term,
    searchOptions: { bm25: { k: 1.2, b: 0.75, d: 0 }, combineWith: 'OR' },
  });
  index.addAll(tools.map(docOf));
  return index;
}

function rankByBm25(tools: readonly McpTool[], index: MiniSearch<Doc>, query: string): RankedTool[] {
  const results = index.search(query, { tokenize: (text) => searchTerms(text) });
  return markTies(
    results.map((result) => ({
      name: tools[result.id as number]?.name ?? '',
      score: round(result.score),
      matched: [...new Set(result.queryTerms)],
    })),
  );
}

/** A Python-style pattern as a JS RegExp: `(?i)` at the start becomes the `i` flag. */
export function patternOf(query: string): RegExp | { error: string } {
  if (query.length > MAX_PATTERN)
    return { error: `The pattern is ${query.length} characters; the regex variant accepts at most ${MAX_PATTERN}.` };
  const insensitive = query.startsWith('(?i)');
  try {
    return new RegExp(insensitive ? query.slice(4) : query, insensitive ? 'i' : '');
  } catch (error) {
    return { error: `Not a valid pattern: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** The regex variant alone (what the page runs in a worker: a pattern can backtrack for minutes). */
export function rankByRegex(tools: readonly McpTool[], query: string): RankedTool[] {
  const pattern = patternOf(query);
  if (!(pattern instanceof RegExp)) return [];
  const ranked = tools.flatMap((tool, id) => {
    const doc = docOf(tool, id);
    const fields = (['name', 'title', 'description', 'params'] as const).filter((field) => pattern.test(doc[field]));
    // re.search finds or not: a tool matching in more fields ranks higher, the list's order breaks ties.
    return fields.length ? [{ name: tool.name, score: fields.length, matched: [...fields] }] : [];
  });
  return markTies(ranked.sort((a, b) => b.score - a.score));
}
