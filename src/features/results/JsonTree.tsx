import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../lib/cn.ts';
import { revealInvisible } from '../../lib/text.ts';
import { glimpseOf, isSmallTree, jsonRows, previewOf, type JsonRow } from './jsonRows.ts';
import { formatCount } from '../../lib/count.ts';

/** 24 px: the target size WCAG 2.2 asks of each row's button (2.5.8). */
const ROW_HEIGHT = 24;
const NONE: ReadonlySet<string> = new Set();
const NO_MARKS: ReadonlyMap<string, string> = new Map();
/** Up to this many rows are all in the page (findable with Ctrl+F); more are virtualized. */
const PLAIN_ROWS = 300;
const VIEW_HEIGHT = 480;

/**
 * A collapsible JSON tree with copy; values render as text only. A small value opens fully
 * expanded; a big one opens at its top level, shows long arrays in ranges of 100, and renders
 * only the rows in view — a 5 MB structuredContent costs a few rows, not a 50,000-node DOM,
 * and nothing is serialized until Copy is pressed.
 */
export function JsonTree({
  value,
  label,
  marks = NO_MARKS,
}: {
  value: unknown;
  label: string;
  /** What failed where: JSON Pointer ('' the root) → message; each such row is marked, the first scrolled into view. */
  marks?: ReadonlyMap<string, string>;
}) {
  const [copied, setCopied] = useState(false);
  const expandAll = useMemo(() => isSmallTree(value), [value]);
  // What the person opened or closed, for this value (a new value starts afresh).
  const [toggles, setToggles] = useState<{ of: unknown; ids: ReadonlySet<string> }>({ of: value, ids: new Set() });
  const toggled = toggles.of === value ? toggles.ids : NONE;
  const rows = useMemo(() => jsonRows(value, expandAll, toggled), [value, expandAll, toggled]);
  // The first failure in view once the tree is shown (within the tree's own scroll, the page's too).
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (marks.size) box.current?.querySelector('[data-mark="failed"]')?.scrollIntoView({ block: 'nearest' });
  }, [marks]);
  const toggle = (id: string) => {
    const ids = new Set(toggled);
    if (!ids.delete(id)) ids.add(id);
    setToggles({ of: value, ids });
  };
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-end">
        <Button
          variant="ghost"
          className="text-xs"
          onClick={() => {
            const json = JSON.stringify(value, null, 2) ?? 'undefined';
            void navigator.clipboard?.writeText(json).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : `Copy ${label}`}
        </Button>
      </div>
      <div ref={box} className="rounded-md border border-line p-1 font-mono text-xs">
        {rows.length <= PLAIN_ROWS ? (
          <ul aria-label={`${label} tree`}>
            {rows.map((row) => (
              <li key={row.id} style={{ height: ROW_HEIGHT }}>
                <RowView row={row} onToggle={toggle} mark={markOf(marks, row)} />
              </li>
            ))}
          </ul>
        ) : (
          <VirtualRows rows={rows} label={label} onToggle={toggle} marks={marks} />
        )}
      </div>
    </div>
  );
}

/** A row's mark: its own failure, or (collapsed) that one lies inside it. */
function markOf(marks: ReadonlyMap<string, string>, row: JsonRow): { message: string; inside: boolean } | undefined {
  if (!marks.size || row.kind === 'range') return undefined;
  const own = marks.get(row.id);
  if (own !== undefined) return { message: own, inside: false };
  if (row.expanded) return undefined;
  for (const [path, message] of marks) if (path.startsWith(`${row.id}/`)) return { message, inside: true };
  return undefined;
}

function VirtualRows({
  rows,
  label,
  onToggle,
  marks,
}: {
  rows: JsonRow[];
  label: string;
  onToggle: (id: string) => void;
  marks: ReadonlyMap<string, string>;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
    // Before the first measure (and in a hidden <details>), a screenful.
    initialRect: { width: 0, height: VIEW_HEIGHT },
  });
  return (
    <div ref={scroller} className="overflow-auto" style={{ height: VIEW_HEIGHT }}>
      <ul aria-label={`${label} tree`} className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          return row ? (
            <li key={row.id} className="absolute inset-x-0" style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}>
              <RowView row={row} onToggle={onToggle} mark={markOf(marks, row)} />
            </li>
          ) : null;
        })}
      </ul>
    </div>
  );
}

function RowView({ row, onToggle, mark }: { row: JsonRow; onToggle: (id: string) => void; mark?: { message: string; inside: boolean } }) {
  const indent = { paddingLeft: row.depth * 14 };
  const flagged = mark ? 'bg-danger-surface' : undefined;
  const failure = mark ? (
    <span className="ml-2 font-sans text-danger-strong">
      ✗ {mark.inside ? `inside: ${revealInvisible(mark.message)}` : revealInvisible(mark.message)}
    </span>
  ) : null;
  const name =
    row.key === undefined ? null : (
      <span className={cn('shrink-0', typeof row.key === 'number' ? 'text-subtle' : 'text-purple-800 dark:text-purple-300')}>
        {typeof row.key === 'number' ? row.key : revealInvisible(previewOf(row.key, 120))}:{' '}
      </span>
    );
  if (row.kind === 'value') {
    return (
      <div className={cn('truncate whitespace-pre leading-6', flagged)} style={indent} data-mark={mark ? 'failed' : undefined}>
        <span className="inline-block w-4" />
        {name}
        <span className={valueClass(row.value)}>{revealInvisible(previewOf(row.value))}</span>
        {failure}
      </div>
    );
  }
  const summary =
    row.kind === 'range'
      ? `[${row.range?.[0] ?? 0} … ${row.range?.[1] ?? 0}]`
      : `${row.kind === 'array' ? `${formatCount(row.count)} ${row.count === 1 ? 'item' : 'items'}` : `${formatCount(row.count)} ${row.count === 1 ? 'key' : 'keys'}`}${
          row.expanded || row.count === 0 ? '' : ` ${glimpseOf(row.value as object)}`
        }`;
  return (
    <button
      type="button"
      aria-expanded={row.expanded}
      onClick={() => onToggle(row.id)}
      data-mark={mark ? 'failed' : undefined}
      className={cn(
        'flex h-6 w-full items-center truncate whitespace-pre text-left leading-6 hover:bg-hover focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-500',
        flagged,
      )}
      style={indent}
    >
      <span aria-hidden="true" className="inline-block w-4 shrink-0 text-subtle">
        {row.expanded ? '▾' : '▸'}
      </span>
      {name}
      <span className="min-w-0 truncate text-subtle">{revealInvisible(summary)}</span>
      {failure}
    </button>
  );
}

function valueClass(value: unknown): string {
  if (typeof value === 'string') return 'text-ok';
  if (typeof value === 'number' || typeof value === 'bigint') return 'text-blue-800 dark:text-blue-300';
  if (typeof value === 'boolean') return 'text-amber-800 dark:text-amber-300';
  return 'text-subtle';
}
