// The rows of a JSON tree as a flat list (what a virtualized list renders): only expanded
// containers contribute children, and a container with more than GROUP children shows them in
// ranges of GROUP ("[0 … 99]"), each expandable, as browser devtools do — so expanding an array
// of 50,000 records costs 500 rows, not 50,000, and nothing walks what is not on screen.
import { formatCount } from '../../lib/count.ts';

export const GROUP = 100;
/** A tree with at most this many nodes opens fully expanded; a bigger one opens at its top level. */
export const SMALL_TREE_NODES = 400;

export interface JsonRow {
  /** Stable id of the row: the path of keys, or of a range. */
  id: string;
  depth: number;
  /** The object key or array index of the node; undefined for the root and for ranges. */
  key?: string | number;
  kind: 'object' | 'array' | 'value' | 'range';
  /** The node itself (for 'range': the container the range is of). */
  value: unknown;
  /** Children of a container (or the size of a range). */
  count: number;
  /** Index span of a range row, inclusive. */
  range?: [number, number];
  expanded: boolean;
}

const isContainer = (value: unknown): value is object => value !== null && typeof value === 'object';

/** Whether the tree has at most `limit` nodes (stops counting past it). */
export function isSmallTree(value: unknown, limit = SMALL_TREE_NODES): boolean {
  let seen = 0;
  const stack: unknown[] = [value];
  while (stack.length) {
    const node = stack.pop();
    if (++seen > limit) return false;
    if (isContainer(node)) for (const child of Object.values(node)) stack.push(child);
  }
  return true;
}

const childId = (parent: string, key: string | number) => `${parent}/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`;

/**
 * The visible rows. A container is expanded when `expandAll` says so (or it is the root), unless
 * its id is in `toggled` — which flips it either way.
 */
export function jsonRows(value: unknown, expandAll: boolean, toggled: ReadonlySet<string>): JsonRow[] {
  const rows: JsonRow[] = [];
  const isOpen = (id: string) => (id === '' || expandAll) !== toggled.has(id);
  const visit = (node: unknown, id: string, depth: number, key: string | number | undefined) => {
    if (!isContainer(node)) {
      rows.push({ id, depth, key, kind: 'value', value: node, count: 0, expanded: false });
      return;
    }
    const array = Array.isArray(node);
    const keys: (string | number)[] | undefined = array ? undefined : Object.keys(node);
    const count = array ? node.length : (keys?.length ?? 0);
    const expanded = isOpen(id);
    rows.push({ id, depth, key, kind: array ? 'array' : 'object', value: node, count, expanded });
    if (!expanded) return;
    const keyAt = (index: number) => (array ? index : (keys?.[index] ?? index));
    const child = (index: number, childDepth: number) => {
      const name = keyAt(index);
      visit((node as Record<string | number, unknown>)[name], childId(id, name), childDepth, name);
    };
    if (count <= GROUP) {
      for (let index = 0; index < count; index++) child(index, depth + 1);
      return;
    }
    for (let start = 0; start < count; start += GROUP) {
      const end = Math.min(start + GROUP, count) - 1;
      const rangeId = `${id}#${start}`;
      const rangeOpen = expandAll !== toggled.has(rangeId);
      rows.push({
        id: rangeId,
        depth: depth + 1,
        kind: 'range',
        value: node,
        count: end - start + 1,
        range: [start, end],
        expanded: rangeOpen,
      });
      if (rangeOpen) for (let index = start; index <= end; index++) child(index, depth + 2);
    }
  };
  visit(value, '', 0, undefined);
  return rows;
}

/**
 * A string as the tree shows it: in quotes, as written (inner quotes are not escaped — it reads
 * as the value, as in browser devtools), with line breaks, tabs and other control characters
 * spelled out so that every row stays one line.
 */
export function quoted(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is spelled out
  const spelled = text.replace(/[\u0000-\u001f\u007f]/g, (char) =>
    char === '\n' ? '\\n' : char === '\r' ? '\\r' : char === '\t' ? '\\t' : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `"${spelled}"`;
}

/** How a primitive reads in the tree, with long strings cut (the full value is in Copy). */
export function previewOf(value: unknown, maxChars = 300): string {
  if (typeof value === 'string') {
    return value.length > maxChars ? `${quoted(value.slice(0, maxChars))}… (${formatCount(value.length)} characters)` : quoted(value);
  }
  if (value === undefined) return 'undefined';
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return JSON.stringify(value) ?? typeof value;
}

/**
 * A closed container at a glance, as devtools show it: its first members, primitives in full
 * (strings cut), nested containers as {…} / […], up to about `maxChars`.
 */
export function glimpseOf(value: object, maxChars = 90): string {
  const array = Array.isArray(value);
  const parts: string[] = [];
  let length = 0;
  let shown = 0;
  const entries = array ? value.entries() : Object.entries(value).values();
  for (const [key, member] of entries) {
    const text = member !== null && typeof member === 'object' ? (Array.isArray(member) ? '[…]' : '{…}') : previewOf(member as unknown, 24);
    const part = array ? text : `${String(key)}: ${text}`;
    if (shown > 0 && length + part.length > maxChars) break;
    parts.push(part);
    length += part.length + 2;
    shown++;
  }
  const count = array ? value.length : Object.keys(value).length;
  const more = shown < count ? ', …' : '';
  return array ? `[${parts.join(', ')}${more}]` : `{${parts.join(', ')}${more}}`;
}
