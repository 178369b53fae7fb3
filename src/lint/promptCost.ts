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
  };
}
