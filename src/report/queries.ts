// A server's findability in CI: a file of queries, each with the tool it should find
// (`[{ "query": "read a file", "expect": "read_text_file", "top": 3, "mode": "bm25" }]`). Each
// expectation the ranking does not meet is an error finding (`query-expectation`); every query is
// reported, met or not (one JUnit test case each). `"mode": "model"` asks a model instead (issue
// 66): the CLI asks it first (src/model/) and hands its choice in as `chosen`; met when the model
// chose the expected tool, the BM25 rank of the same query beside it.
import type { McpTool } from '../mcp/tools.ts';
import type { Finding } from './findings.ts';
import { toolIndex, type SearchMode } from './toolSearch.ts';

export interface ToolQuery {
  query: string;
  expect: string;
  /** The expected tool must rank within the first `top` (default 3). */
  top: number;
  mode: SearchMode | 'model';
  /** A model-mode query's answer, asked before the outcomes are judged (absent: not asked). */
  chosen?: ModelChosen;
}

/** What a model chose for a query: the tool it would call (none: it answered in words), its words, which model. */
export interface ModelChosen {
  tool?: string;
  text: string;
  model: string;
}

export interface QueryOutcome extends ToolQuery {
  /** 1-based rank of the expected tool; undefined when the search does not return it (model: 1 when chosen). */
  rank?: number;
  met: boolean;
  /** A model-mode query: where BM25 ranks the expected tool for the same words (disagreement is the finding). */
  searchRank?: number;
}

const MAX_QUERIES = 500;
const FIX =
  'Use the words people search with in the tool’s name, title or description, and words that set it apart from the tools ranked above it.';

/** Reads a queries file; a wrong entry is said with its index, never guessed. */
export function parseQueries(text: string): { queries: ToolQuery[] } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { error: `not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  if (!Array.isArray(parsed)) return { error: 'expected a JSON array of { "query", "expect", "top"?, "mode"? }' };
  if (parsed.length > MAX_QUERIES) return { error: `${parsed.length} queries; at most ${MAX_QUERIES}` };
  const queries: ToolQuery[] = [];
  for (const [index, entry] of parsed.entries()) {
    const item = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
    const { query, expect, top = 3, mode = 'bm25' } = item;
    if (typeof query !== 'string' || !query.trim()) return { error: `entry ${index}: "query" must be a non-empty string` };
    if (typeof expect !== 'string' || !expect) return { error: `entry ${index}: "expect" must be a tool name` };
    if (typeof top !== 'number' || !Number.isInteger(top) || top < 1) return { error: `entry ${index}: "top" must be a whole number ≥ 1` };
    if (mode !== 'bm25' && mode !== 'regex' && mode !== 'model')
      return { error: `entry ${index}: "mode" must be "bm25", "regex" or "model"` };
    queries.push({ query, expect, top, mode });
  }
  return { queries };
}

const ordinal = (rank: number) =>
  `${rank}${rank % 10 === 1 && rank !== 11 ? 'st' : rank % 10 === 2 && rank !== 12 ? 'nd' : rank % 10 === 3 && rank !== 13 ? 'rd' : 'th'}`;

export function queryOutcomes(tools: readonly McpTool[], queries: readonly ToolQuery[]): { outcomes: QueryOutcome[]; findings: Finding[] } {
  return outcomesOver(
    tools,
    queries,
    (expect) => new Set([expect]),
    (query) => `For "${query.query}" (${query.mode}) the server lists no tool named ${query.expect}.`,
  );
}

/** One connected server of several: its config key (how the person named it), its serverInfo name, its tools. */
export interface UnionServer {
  key: string;
  name: string;
  tools: readonly McpTool[];
}

/** A tool of the union by the name a query file and the page give it: `server/tool`, the server its config key. */
export const unionName = (key: string, tool: string) => `${key}/${tool}`;

/**
 * The tools of several servers as one list for tool search, each named `key/tool` (a host's search
 * sees the server's name in the tool's too: mcp__server__tool).
 */
export const unionTools = (servers: readonly UnionServer[]): McpTool[] =>
  servers.flatMap((server) => server.tools.map((tool) => ({ ...tool, name: unionName(server.key, tool.name) })));

/**
 * Queries ranked over every connected server's tools at once. An `expect` names `server/tool` (the
 * config key, or the server's own name) or a bare tool name (any server's tool of that name).
 */
export function unionQueryOutcomes(
  servers: readonly UnionServer[],
  queries: readonly ToolQuery[],
): { outcomes: QueryOutcome[]; findings: Finding[] } {
  const targets = (expect: string): Set<string> => {
    for (const server of servers)
      for (const prefix of [server.key, server.name])
        if (expect.startsWith(`${prefix}/`)) return new Set([unionName(server.key, expect.slice(prefix.length + 1))]);
    return new Set(servers.flatMap((server) => (server.tools.some((tool) => tool.name === expect) ? [unionName(server.key, expect)] : [])));
  };
  return outcomesOver(
    unionTools(servers),
    queries,
    targets,
    (query) => `For "${query.query}" (${query.mode}) no connected server lists a tool ${query.expect}.`,
  );
}

function outcomesOver(
  tools: readonly McpTool[],
  queries: readonly ToolQuery[],
  targetsOf: (expect: string) => ReadonlySet<string>,
  unlisted: (query: ToolQuery) => string,
): { outcomes: QueryOutcome[]; findings: Finding[] } {
  const outcomes: QueryOutcome[] = [];
  const findings: Finding[] = [];
  const search = toolIndex(tools);
  for (const query of queries) {
    const targets = targetsOf(query.expect);
    if (query.mode === 'model') {
      const judged = modelOutcome(query, targets, search(query.query, 'bm25'), tools);
      outcomes.push(judged.outcome);
      if (judged.finding) findings.push(judged.finding);
      continue;
    }
    const ranked = search(query.query, query.mode);
    const index = ranked.findIndex((tool) => targets.has(tool.name));
    const rank = index === -1 ? undefined : index + 1;
    const met = rank !== undefined && rank <= query.top;
    outcomes.push({ ...query, ...(rank !== undefined ? { rank } : {}), met });
    if (met) continue;
    const listed = tools.some((tool) => targets.has(tool.name));
    const ahead = ranked.slice(0, Math.min(index === -1 ? query.top : index, 5)).map((tool) => tool.name);
    findings.push({
      rule: 'query-expectation',
      severity: 'error',
      ...(listed ? { tool: query.expect } : {}),
      message: !listed
        ? unlisted(query)
        : rank === undefined
          ? `For "${query.query}" (${query.mode}), ${query.expect} is not found at all${ahead.length ? `; found first: ${ahead.join(', ')}` : ''}.`
          : `For "${query.query}" (${query.mode}), ${query.expect} ranks ${ordinal(rank)} (expected in the top ${query.top}); ahead of it: ${ahead.join(', ')}.`,
      fix: FIX,
    });
  }
  return { outcomes, findings };
}

/** A model-mode query: met when the model chose the expected tool; BM25's rank of it said beside. */
function modelOutcome(
  query: ToolQuery,
  targets: ReadonlySet<string>,
  ranked: readonly { name: string }[],
  tools: readonly McpTool[],
): { outcome: QueryOutcome; finding?: Finding } {
  const index = ranked.findIndex((tool) => targets.has(tool.name));
  const searchRank = index === -1 ? undefined : index + 1;
  const chosen = query.chosen;
  const met = chosen?.tool !== undefined && targets.has(chosen.tool);
  const outcome: QueryOutcome = { ...query, ...(met ? { rank: 1 } : {}), met, ...(searchRank ? { searchRank } : {}) };
  if (met) return { outcome };
  const listed = tools.some((tool) => targets.has(tool.name));
  const bm25 = searchRank ? `BM25 ranks it ${ordinal(searchRank)}` : 'BM25 does not find it';
  const said = chosen?.text.trim() ? ` It said: “${chosen.text.trim().slice(0, 200)}”` : '';
  const message = !chosen
    ? `For "${query.query}" (model) no model was asked.`
    : !listed
      ? `For "${query.query}" (model ${chosen.model}) the server lists no tool named ${query.expect}.`
      : chosen.tool
        ? `For "${query.query}" (model ${chosen.model}), the model chose ${chosen.tool}, not ${query.expect}; ${bm25}.`
        : `For "${query.query}" (model ${chosen.model}), the model called no tool (expected ${query.expect}); ${bm25}.${said}`;
  return {
    outcome,
    finding: { rule: 'query-expectation', severity: 'error', ...(listed ? { tool: query.expect } : {}), message, fix: FIX },
  };
}
