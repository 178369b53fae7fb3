// Two versions of a server's tool list — the one seen last visit and now, or before and after a
// list_changed or a restart: tools added, removed, changed field by field, and whether the order
// changed (hosts' prompt caches notice). The one tool-list diff.
import type { McpTool } from '../mcp/tools.ts';
import { diffJson, type JsonChange } from './diff.ts';

export interface ToolSnapshot {
  name: string;
  title?: string;
  description?: string;
  inputSchema: unknown;
  outputSchema?: unknown;
  annotations: McpTool['annotations'];
  icons: McpTool['icons'];
}

export interface ToolListChange {
  added: string[];
  removed: string[];
  changed: { name: string; fields: JsonChange[] }[];
  reordered: boolean;
}

export const snapshotOf = (tool: McpTool): ToolSnapshot => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: tool.inputSchema,
  outputSchema: tool.outputSchema,
  annotations: tool.annotations,
  icons: tool.icons,
});

// Drops keys whose value is undefined, so a stored (JSON) snapshot compares equal to a fresh one.
const plain = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

export function diffToolLists(before: readonly ToolSnapshot[], after: readonly ToolSnapshot[]): ToolListChange {
  const old = new Map(before.map((tool) => [tool.name, tool]));
  const next = new Map(after.map((tool) => [tool.name, tool]));
  const changed = after.flatMap((tool) => {
    const previous = old.get(tool.name);
    if (!previous) return [];
    const fields = diffJson(plain(previous), plain(tool));
    return fields.length ? [{ name: tool.name, fields }] : [];
  });
  const common = (list: readonly ToolSnapshot[], other: Map<string, ToolSnapshot>) =>
    list.map((tool) => tool.name).filter((name) => other.has(name));
  const orderBefore = common(before, next);
  const orderAfter = common(after, old);
  return {
    added: after.filter((tool) => !old.has(tool.name)).map((tool) => tool.name),
    removed: before.filter((tool) => !next.has(tool.name)).map((tool) => tool.name),
    changed,
    reordered: orderBefore.some((name, index) => orderAfter[index] !== name),
  };
}

export const isUnchanged = (change: ToolListChange) =>
  !change.added.length && !change.removed.length && !change.changed.length && !change.reordered;

export function describeListChange(change: ToolListChange): string {
  const list = (names: readonly string[]) =>
    names.length > 5 ? `${names.slice(0, 5).join(', ')} and ${names.length - 5} more` : names.join(', ');
  return [
    change.added.length ? `added ${list(change.added)}` : '',
    change.removed.length ? `removed ${list(change.removed)}` : '',
    change.changed.length ? `changed ${list(change.changed.map((tool) => tool.name))}` : '',
    change.reordered ? 'the order changed' : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/** What the live tool list says after the server announced a change (or restarted). */
export function describeLiveChange(before: readonly McpTool[], after: readonly McpTool[], cause: 'notification' | 'restart'): string {
  const parts = describeListChange(diffToolLists(before.map(snapshotOf), after.map(snapshotOf)));
  if (cause === 'restart')
    return parts ? `The server restarted and its tool list changed: ${parts}.` : 'The server restarted; its tools are the same.';
  return parts ? `The server changed its tool list: ${parts}.` : 'The server said its tool list changed, but the tools are the same.';
}
