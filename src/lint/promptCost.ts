// What a host puts in the model's prompt for this server: each tool's name, title, description
// and inputSchema (annotations, icons, outputSchema and _meta stay with the host), with its size
// and its cost in tokens.
import type { McpTool } from '../mcp/tools.ts';

export interface ToolCost {
  name: string;
  bytes: number;
  tokens: number;
}

export interface ModelView {
  /** The tool list JSON as a host sends it, pretty-printed. */
  json: string;
  tokenizer: string;
  totalTokens: number;
  totalBytes: number;
  /** Most expensive first. */
  perTool: ToolCost[];
  /** Some text holds a run of 200+ characters of one class, counted in slices (boundedCount). */
  approximate?: boolean;
}

/** The tokenizer every report counts with (the GPT-4o/GPT-5 encoding; Claude's is not public). */
export const O200K = 'o200k_base via gpt-tokenizer';

export interface Tokenizer {
  name: string;
  count: (text: string) => number;
  /**
   * Counts these texts ahead, elsewhere (the page counts in a worker, so `count` then only reads
   * the answers): called with promptTexts() before a report is built.
   */
  prepare?: (texts: readonly string[]) => Promise<void>;
}

// Byte-pair merging costs the square of a pretoken's length, and o200k's pretokens are runs of one
// class — letters and marks, punctuation and symbols, whitespace (digits come in threes) — so a
// 100 KB description without a space took 9 s, 512 KB over 5 minutes (CJK text is slower still).
// A run of 200 or more such characters is counted in slices of 100 code points: linear in the text,
// within a token per slice of the exact count, and said to be approximate.
const LONG_RUNS = /[\p{L}\p{M}]{200,}|[^\s\p{L}\p{M}\p{N}]{200,}|\s{200,}/gu;
const HAS_LONG_RUN = new RegExp(LONG_RUNS.source, 'u');
const SLICES = /[\s\S]{1,100}/gu;

/** What a report says beside an approximate count. */
export const APPROXIMATE_NOTE =
  'approximate: a text holds a run of 200+ characters without a break, counted in slices of 100 (exact counting costs the square of its length)';

/** Whether a text is counted approximately (it holds a long run of one character class). */
export const countedApproximately = (text: string): boolean => HAS_LONG_RUN.test(text);

/** A tokenizer's count made linear: long runs counted in slices (see above), the rest exactly. */
export function boundedCount(count: (text: string) => number): (text: string) => number {
  return (text) => {
    if (!countedApproximately(text)) return count(text);
    let total = 0;
    let last = 0;
    for (const run of text.matchAll(LONG_RUNS)) {
      if (run.index > last) total += count(text.slice(last, run.index));
      for (const slice of run[0].match(SLICES) ?? []) total += count(slice);
      last = run.index + run[0].length;
    }
    return last < text.length ? total + count(text.slice(last)) : total;
  };
}

export const promptEntry = (tool: McpTool) => ({
  name: tool.name,
  ...(tool.title ? { title: tool.title } : {}),
  ...(tool.description !== undefined ? { description: tool.description } : {}),
  inputSchema: tool.inputSchema,
});

const bytesOf = (text: string) => new TextEncoder().encode(text).length;

/** Every text the model's view counts: each tool's entry, then the whole list. */
export function promptTexts(tools: readonly McpTool[]): string[] {
  const entries = tools.map(promptEntry);
  return [...entries.map((entry) => JSON.stringify(entry)), JSON.stringify({ tools: entries })];
}

export function modelView(tools: readonly McpTool[], tokenizer: Tokenizer): ModelView {
  const entries = tools.map(promptEntry);
  const texts = promptTexts(tools);
  const perTool = entries
    .map((entry, index) => {
      const text = texts[index] ?? '';
      return { name: entry.name, bytes: bytesOf(text), tokens: tokenizer.count(text) };
    })
    .sort((a, b) => b.tokens - a.tokens || a.name.localeCompare(b.name));
  const compact = texts.at(-1) ?? '';
  return {
    json: JSON.stringify({ tools: entries }, null, 2),
    tokenizer: tokenizer.name,
    totalTokens: tokenizer.count(compact),
    totalBytes: bytesOf(compact),
    perTool,
    ...(countedApproximately(compact) ? { approximate: true } : {}),
  };
}
