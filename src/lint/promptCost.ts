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

export interface Tokenizer {
  name: string;
  count: (text: string) => number;
}

export const promptEntry = (tool: McpTool) => ({
  name: tool.name,
  ...(tool.title ? { title: tool.title } : {}),
  ...(tool.description !== undefined ? { description: tool.description } : {}),
  inputSchema: tool.inputSchema,
});

const bytesOf = (text: string) => new TextEncoder().encode(text).length;

export function modelView(tools: readonly McpTool[], tokenizer: Tokenizer): ModelView {
  const entries = tools.map(promptEntry);
  const perTool = entries
    .map((entry) => {
      const text = JSON.stringify(entry);
      return { name: entry.name, bytes: bytesOf(text), tokens: tokenizer.count(text) };
    })
    .sort((a, b) => b.tokens - a.tokens || a.name.localeCompare(b.name));
  const compact = JSON.stringify({ tools: entries });
  return {
    json: JSON.stringify({ tools: entries }, null, 2),
    tokenizer: tokenizer.name,
    totalTokens: tokenizer.count(compact),
    totalBytes: bytesOf(compact),
    perTool,
  };
}
