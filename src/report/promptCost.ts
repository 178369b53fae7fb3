// What a host puts in the model's prompt for this server: each tool's name, title, description
// and inputSchema (annotations, icons, outputSchema and _meta stay with the host), with its size
// and its cost in tokens.
import type { McpTool } from '../mcp/tools.ts';

export interface ToolCost {
  name: string;
  bytes: number;
  tokens: number;
}

export interface PromptCost {
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
// A run of 200 or more such characters is counted in slices of 100 characters: linear in the text,
// within a token per slice of the exact count, and said to be approximate.
const LONG_RUN = 200;
const SLICE = 100;
const LETTER = /[\p{L}\p{M}]/u;
const SPACE = /\s/u;
const DIGIT = /\p{N}/u;

/** o200k's pretoken classes: 0 digits (split in threes anyway), 1 letters and marks, 2 punctuation and symbols, 3 whitespace. */
function classOf(code: number, char: string): number {
  if (code < 128) {
    if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) return 1;
    if (code >= 48 && code <= 57) return 0;
    return code === 32 || (code >= 9 && code <= 13) ? 3 : 2;
  }
  return LETTER.test(char) ? 1 : SPACE.test(char) ? 3 : DIGIT.test(char) ? 0 : 2;
}

/**
 * The runs of 200+ characters of one class (start and end, in UTF-16 units), found by one linear
 * scan: a regular expression with an open-ended count overflows V8's stack on a 10 MB run.
 */
function longRuns(text: string): [number, number][] {
  const runs: [number, number][] = [];
  let start = 0;
  let kind = -1;
  let length = 0;
  let index = 0;
  for (const char of text) {
    const next = classOf(char.codePointAt(0)!, char);
    if (next !== kind) {
      if (kind > 0 && length >= LONG_RUN) runs.push([start, index]);
      kind = next;
      start = index;
      length = 0;
    }
    length++;
    index += char.length;
  }
  if (kind > 0 && length >= LONG_RUN) runs.push([start, index]);
  return runs;
}

/** What a report says beside an approximate count. */
export const APPROXIMATE_NOTE =
  'approximate: a text holds a run of 200+ characters without a break, counted in slices of 100 (exact counting costs the square of its length)';

/** Whether a text is counted approximately (it holds a long run of one character class). */
export const countedApproximately = (text: string): boolean => text.length >= LONG_RUN && longRuns(text).length > 0;

/** A tokenizer's count made linear: long runs counted in slices (see above), the rest exactly. */
export function boundedCount(count: (text: string) => number): (text: string) => number {
  return (text) => {
    const runs = text.length >= LONG_RUN ? longRuns(text) : [];
    if (!runs.length) return count(text);
    let total = 0;
    let last = 0;
    for (const [start, end] of runs) {
      if (start > last) total += count(text.slice(last, start));
      for (let at = start; at < end;) {
        let to = Math.min(end, at + SLICE);
        // Never between the two halves of a surrogate pair.
        if (to < end && /[\uD800-\uDBFF]/.test(text[to - 1] ?? '')) to++;
        total += count(text.slice(at, to));
        at = to;
      }
      last = end;
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

export function promptCost(tools: readonly McpTool[], tokenizer: Tokenizer): PromptCost {
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
