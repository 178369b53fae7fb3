// Tools a search cannot tell apart (`tools-confusable`). Each tool's own words — its title (or its
// name's words) and its description's first sentence — are the queries a person who wants it would
// type. Two tools are confusable when, for each one's own words, the other scores within MARGIN of
// it: whichever a host's search hands the model first, the other comes along as an equal.
// Calibrated on nine real servers (npm run report:real): one pair flagged at 0.3, the same at 0.4
// (server-filesystem's deprecated read_file beside read_text_file); no pair on the others.
import type { McpTool } from '../mcp/tools.ts';
import type { Finding } from './findings.ts';
import { searchTerms, toolIndex } from './toolSearch.ts';

/** A rival within this fraction of a tool's own score, for its own words, is an equal. */
export const MARGIN = 0.3;
/** Past this many tools the pairwise search is skipped (each tool is one or two searches). */
const MAX_TOOLS = 400;

const firstSentence = (text: string) => text.trim().split(/(?<=[.!?])\s|\n/)[0] ?? '';
const ownWords = (tool: McpTool) =>
  [tool.title ?? tool.annotations.title ?? tool.name, firstSentence(tool.description ?? '')].filter((query) => query.trim());

interface Rival {
  /** The rival's score over the tool's own, for the tool's own words (best of its queries). */
  ratio: number;
  /** The query that brought it closest. */
  query: string;
}

/** For each tool, the others within MARGIN of it on its own words. */
function rivals(tools: readonly McpTool[]): Map<string, Map<string, Rival>> {
  const search = toolIndex(tools);
  const result = new Map<string, Map<string, Rival>>();
  for (const tool of tools) {
    const close = new Map<string, Rival>();
    for (const query of ownWords(tool)) {
      const ranked = search(query);
      const own = ranked.find((entry) => entry.name === tool.name)?.score ?? 0;
      if (own <= 0) continue;
      for (const entry of ranked) {
        const ratio = entry.score / own;
        if (entry.name === tool.name || ratio < 1 - MARGIN) continue;
        if (ratio > (close.get(entry.name)?.ratio ?? 0)) close.set(entry.name, { ratio, query });
      }
    }
    result.set(tool.name, close);
  }
  return result;
}

/** Words one tool's name, title and description have and the other's do not: what would set them apart. */
function separating(tool: McpTool, other: McpTool): string[] {
  const words = (entry: McpTool) => searchTerms(`${entry.name} ${entry.title ?? ''} ${entry.description ?? ''}`);
  const theirs = new Set(words(other));
  return [...new Set(words(tool).filter((word) => !theirs.has(word)))].slice(0, 5);
}

const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;

/** Pairs said one by one; past this many, the rest are counted in one server-wide finding. */
const MAX_PAIRS = 10;

export function confusableFindings(tools: readonly McpTool[]): Finding[] {
  if (tools.length < 2 || tools.length > MAX_TOOLS) return [];
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const close = rivals(tools);
  const pairs: { tool: McpTool; other: McpTool; forTool: Rival; forOther: Rival }[] = [];
  for (const [name, mine] of close) {
    for (const [otherName, forTool] of mine) {
      const forOther = close.get(otherName)?.get(name);
      const [tool, other] = [byName.get(name), byName.get(otherName)];
      // Each pair once, and only when it holds both ways.
      if (forOther && tool && other && name.localeCompare(otherName) < 0) pairs.push({ tool, other, forTool, forOther });
    }
  }
  // The closest pairs first (the weaker of the two ratios decides).
  pairs.sort((a, b) => Math.min(b.forTool.ratio, b.forOther.ratio) - Math.min(a.forTool.ratio, a.forOther.ratio));
  const findings = pairs.slice(0, MAX_PAIRS).map(({ tool, other, forTool, forOther }): Finding => {
    const side = (query: string, own: string, rival: string, ratio: number) =>
      `for ${JSON.stringify(query)} (${own}'s own words) ${rival} scores ${percent(ratio)} of ${own}'s score${ratio > 1 ? ' and ranks first' : ''}`;
    const only = (a: McpTool, b: McpTool) => {
      const words = separating(a, b);
      return words.length ? `words only ${a.name} has: ${words.join(', ')}` : `${a.name} has no word ${b.name} lacks`;
    };
    return {
      rule: 'tools-confusable',
      severity: 'warning',
      tool: tool.name,
      message: `${tool.name} and ${other.name} are hard to tell apart for a tool search (BM25): ${side(forTool.query, tool.name, other.name, forTool.ratio)}; ${side(forOther.query, other.name, tool.name, forOther.ratio)}.`,
      fix: `Say in each description what sets it apart and when to use the other instead (${only(tool, other)}; ${only(other, tool)}).`,
    };
  });
  if (pairs.length > MAX_PAIRS)
    findings.push({
      rule: 'tools-confusable',
      severity: 'warning',
      message: `${pairs.length - MAX_PAIRS} more pairs of tools are as hard to tell apart (${pairs.length} in all; the closest ${MAX_PAIRS} are listed).`,
      fix: 'Give each tool a description that says what it alone does; tools that differ only by an argument may be one tool.',
    });
  return findings;
}
