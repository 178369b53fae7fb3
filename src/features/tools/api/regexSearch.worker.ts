// The regex variant of the tool search, off the page's thread: a pattern such as ^(\w+\s?)*$
// backtracks for minutes on an ordinary description (270 s on the demo's search_catalog), and a
// regex cannot be interrupted — only the worker running it can be stopped (regexSearch.ts).
import { rankByRegex, type RankedTool } from '../../../report/toolSearch.ts';
import type { McpTool } from '../../../mcp/tools.ts';

interface WorkerScope {
  onmessage: ((event: MessageEvent<{ id: number; tools?: McpTool[]; pattern: string }>) => void) | null;
  postMessage: (message: { id: number; ranked: RankedTool[] }) => void;
}
const scope = self as unknown as WorkerScope;
let tools: McpTool[] = [];

scope.onmessage = (event) => {
  const { id, pattern } = event.data;
  if (event.data.tools) tools = event.data.tools;
  scope.postMessage({ id, ranked: rankByRegex(tools, pattern) });
};
