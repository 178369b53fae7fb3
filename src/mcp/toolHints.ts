// What a tool's annotations mean to a person: display name, hint badges with the spec defaults,
// the annotation filter and the search over the list.
import type { McpTool, ToolAnnotations } from './tools.ts';

export type HintFilter = 'all' | 'read-only' | 'destructive' | 'open-world';

/** Whether the tool passes a hint filter, judged with spec defaults applied. */
export function matchesHintFilter(tool: Pick<McpTool, 'annotations'>, filter: HintFilter): boolean {
  const hints = Object.fromEntries(hintViews(tool.annotations).map((hint) => [hint.key, hint]));
  switch (filter) {
    case 'all':
      return true;
    case 'read-only':
      return hints.readOnlyHint?.value === true;
    case 'destructive':
      return hints.destructiveHint?.value === true && hints.destructiveHint.applicable;
    case 'open-world':
      return hints.openWorldHint?.value === true;
  }
}

/** Display name rule of the spec: `title`, else `annotations.title`, else `name`. */
export function displayName(tool: Pick<McpTool, 'name' | 'title' | 'annotations'>): string {
  return tool.title?.trim() || tool.annotations.title?.trim() || tool.name;
}

export type HintKey = 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint';

export interface HintView {
  key: HintKey;
  /** Badge label when the hint is true, e.g. "Destructive". */
  label: string;
  value: boolean;
  /** True when the server left the hint out and the spec default applies. */
  isDefault: boolean;
  /** destructive/idempotent mean nothing for a read-only tool. */
  applicable: boolean;
}

const HINT_LABELS: Record<HintKey, string> = {
  readOnlyHint: 'Read-only',
  destructiveHint: 'Destructive',
  idempotentHint: 'Idempotent',
  openWorldHint: 'Open world',
};

// Spec defaults when absent: readOnly false, destructive true, idempotent false, openWorld true.
const HINT_DEFAULTS: Record<HintKey, boolean> = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

export function hintViews(annotations: ToolAnnotations): HintView[] {
  const readOnly = annotations.readOnlyHint ?? HINT_DEFAULTS.readOnlyHint;
  return (Object.keys(HINT_LABELS) as HintKey[]).map((key) => {
    const declared = annotations[key];
    return {
      key,
      label: HINT_LABELS[key],
      value: declared ?? HINT_DEFAULTS[key],
      isDefault: declared === undefined,
      applicable: !(readOnly && (key === 'destructiveHint' || key === 'idempotentHint')),
    };
  });
}

/**
 * How well a tool matches a search, best first: 0 its exact name, 1 a name that starts with it,
 * 2 a name that contains it, 3 its title, 4 its description; undefined: no match. A person who
 * types a tool's exact name finds it first, not third.
 */
export function toolRank(tool: McpTool, query: string): number | undefined {
  const needle = query.trim().toLowerCase();
  if (!needle) return 0;
  const name = tool.name.toLowerCase();
  if (name === needle) return 0;
  if (name.startsWith(needle)) return 1;
  if (name.includes(needle)) return 2;
  if ([tool.title, tool.annotations.title].some((field) => field?.toLowerCase().includes(needle))) return 3;
  return tool.description?.toLowerCase().includes(needle) ? 4 : undefined;
}

export const toolMatches = (tool: McpTool, query: string): boolean => toolRank(tool, query) !== undefined;

/** The tools that match, best first (ties keep the server's order). */
export function searchTools(tools: readonly McpTool[], query: string): McpTool[] {
  if (!query.trim()) return [...tools];
  return tools
    .flatMap((tool, index) => {
      const rank = toolRank(tool, query);
      return rank === undefined ? [] : [{ tool, rank, index }];
    })
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((match) => match.tool);
}
