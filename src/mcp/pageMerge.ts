// The pages of a tools/list walk as one list: a name seen twice is kept once, with a finding.
import type { McpTool, ToolsPage } from './tools.ts';

/**
 * Joins pages into one list. Names are unique per server (MCP Tools): a repeated name is a
 * finding, and only its first definition is kept so selecting by name stays unambiguous.
 */
export function mergePages(pages: readonly ToolsPage[]): { tools: McpTool[]; findings: string[] } {
  return createPageMerger()(pages);
}

/**
 * An incremental `mergePages`: called again with the same pages plus new ones (pages arrive
 * one by one), it processes only the new pages, so loading n tools stays O(n).
 */
export function createPageMerger() {
  let merged: readonly ToolsPage[] = [];
  let seen = new Map<string, number>();
  let tools: McpTool[] = [];
  let findings: string[] = [];
  return (pages: readonly ToolsPage[]): { tools: McpTool[]; findings: string[] } => {
    const extendsMerged = merged.length <= pages.length && merged.every((page, index) => pages[index] === page);
    if (!extendsMerged) {
      merged = [];
      seen = new Map();
      tools = [];
      findings = [];
    }
    if (pages.length === merged.length) return { tools, findings };
    tools = [...tools];
    findings = [...findings];
    for (let pageIndex = merged.length; pageIndex < pages.length; pageIndex++) {
      const page = pages[pageIndex];
      if (!page) continue;
      findings.push(...page.findings.map((finding) => `Page ${pageIndex + 1}: ${finding}`));
      for (const tool of page.tools) {
        const firstPage = seen.get(tool.name);
        if (firstPage !== undefined) {
          findings.push(
            `Page ${pageIndex + 1}: the name "${tool.name.slice(0, 128)}" was already used on page ${firstPage}; tool names must be unique, so this copy is hidden.`,
          );
          continue;
        }
        seen.set(tool.name, pageIndex + 1);
        tools.push(tool);
      }
    }
    merged = [...pages];
    return { tools, findings };
  };
}
