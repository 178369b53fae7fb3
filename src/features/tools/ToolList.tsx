import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn.ts';
import { displayName, matchesHintFilter, searchTools, type HintFilter } from '../../mcp/toolHints.ts';
import { type McpTool } from '../../mcp/tools.ts';
import { HintBadges, HintLegend } from './HintBadges.tsx';
import { revealInvisible } from '../../lib/text.ts';
import { ToolIcon } from './ToolIcon.tsx';
import { ListFreshness } from './ListFreshness.tsx';
import type { ToolListData } from './api/toolPages.ts';
import { describeFailure, failureOf } from '../../mcp/errors.ts';
import { useSchemaProblems } from './api/useSchemaProblems.ts';
import { FOCUS_TOOL_SEARCH } from '../../web/keyboard.ts';
import { HINT_FILTERS } from './hintFilters.ts';
import { formatCount } from '../../lib/count.ts';

interface Props {
  data: ToolListData;
  serverUrl: string;
  selected?: string;
  /** `keepFocus`: the person is moving through the list with ↑/↓ (the form must not take the focus). */
  onSelect: (name: string, options?: { keepFocus?: boolean }) => void;
  /** The annotation filter, held by the caller so the command palette can set it too. */
  hint: HintFilter;
  onHintChange: (hint: HintFilter) => void;
}

// One line per tool: its title (or name), then its hint badges; the machine name is in the tooltip.
const ROW_HEIGHT = 32;
/** Memoized: a call or a keystroke elsewhere re-renders the page, not 10,000 tools' list. */
export const ToolList = memo(function ToolList({ data, serverUrl, selected, onSelect, hint, onHintChange }: Props) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const visible = useMemo(
    () =>
      deferred.trim() || hint !== 'all' ? searchTools(data.tools, deferred).filter((tool) => matchesHintFilter(tool, hint)) : data.tools,
    [data.tools, deferred, hint],
  );
  const total = data.tools.length;
  const filtering = Boolean(deferred.trim()) || hint !== 'all';
  const count = `${filtering ? `${formatCount(visible.length)} of ` : ''}${formatCount(total)} ${total === 1 ? 'tool' : 'tools'}`;
  // Most servers give no icons: then no icon column at all (grey squares read as checkboxes).
  const withIcons = useMemo(() => data.tools.some((tool) => tool.icons.length > 0), [data.tools]);
  const searchBox = useRef<HTMLInputElement>(null);
  // "/" anywhere (outside a text field) jumps here.
  useEffect(() => {
    const focus = () => searchBox.current?.focus();
    window.addEventListener(FOCUS_TOOL_SEARCH, focus);
    return () => window.removeEventListener(FOCUS_TOOL_SEARCH, focus);
  }, []);

  return (
    <section aria-label="Tools" className="flex min-h-[20rem] flex-1 flex-col gap-2 md:min-h-0">
      <div className="flex items-baseline gap-2">
        <h2 className="text-sm font-semibold">Tools</h2>
        <p className="ml-auto text-xs text-muted" aria-live="polite">
          {count}
          {data.loading
            ? ` · ${data.pagesLoaded} pages loaded, loading more…`
            : ` · ${data.pagesLoaded} ${data.pagesLoaded === 1 ? 'page' : 'pages'}`}
        </p>
      </div>
      <ListFreshness freshness={data.freshness} onReload={data.reload} />
      <input
        ref={searchBox}
        type="search"
        aria-keyshortcuts="/"
        aria-label="Search tools"
        placeholder="Search name, title, description"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          // Enter opens the first match (its form takes the focus); ↓ steps into the list.
          if (event.key === 'Enter') {
            const first = searchTools(data.tools, search).find((tool) => matchesHintFilter(tool, hint));
            if (first) {
              event.preventDefault();
              onSelect(first.name);
            }
          } else if (event.key === 'ArrowDown') {
            const row = event.currentTarget.closest('section')?.querySelector<HTMLElement>('[aria-label="Tool list"] li button');
            if (row) {
              event.preventDefault();
              row.focus();
            }
          }
        }}
        className="rounded-md border border-field bg-panel px-2 py-1.5 text-sm"
      />
      {/* One Tab stop (a radio group): ←/→ pick another filter. */}
      <div role="radiogroup" aria-label="Filter by hint" className="flex flex-wrap gap-1">
        {HINT_FILTERS.map((filter, index) => (
          <button
            key={filter.value}
            type="button"
            role="radio"
            aria-checked={hint === filter.value}
            tabIndex={hint === filter.value ? 0 : -1}
            onClick={() => onHintChange(filter.value)}
            onKeyDown={(event) => {
              const step =
                event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
              if (!step) return;
              event.preventDefault();
              const next = HINT_FILTERS[(index + step + HINT_FILTERS.length) % HINT_FILTERS.length];
              if (!next) return;
              onHintChange(next.value);
              const buttons = event.currentTarget.parentElement?.querySelectorAll<HTMLElement>('[role="radio"]');
              buttons?.[HINT_FILTERS.indexOf(next)]?.focus();
            }}
            className={cn(
              'min-h-6 rounded-full border px-2 py-0.5 text-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-500',
              hint === filter.value ? 'border-accent bg-selected font-semibold text-accent' : 'border-field text-subtle hover:bg-hover',
            )}
            title={filter.label}
          >
            {filter.chip}
          </button>
        ))}
      </div>
      {data.error ? (
        <p role="alert" className="text-sm text-danger">
          Listing tools failed: {describeFailure(failureOf(data.error))}
        </p>
      ) : null}
      {data.stopMessage ? (
        <p role="alert" className="text-sm text-warn">
          {data.stopMessage}
        </p>
      ) : null}
      {data.findings.length ? (
        <details className="text-xs text-warn">
          <summary>
            {data.findings.length} {data.findings.length === 1 ? 'problem' : 'problems'} in the tool list
          </summary>
          <ul className="list-disc pl-4">
            {data.findings.slice(0, 50).map((finding, index) => (
              <li key={index}>{finding}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {(deferred || hint !== 'all') && visible.length === 0 ? <p className="text-sm text-muted">No tool matches.</p> : null}
      {data.loading && data.tools.length === 0 ? (
        <SkeletonRows />
      ) : (
        <VirtualToolList
          tools={visible}
          loading={data.loading}
          serverUrl={serverUrl}
          selected={selected}
          onSelect={onSelect}
          withIcons={withIcons}
        />
      )}
      <HintLegend />
    </section>
  );
});

/** Placeholder rows, the size of real ones, while the first page is on its way (nothing jumps when it lands). */
function SkeletonRows() {
  return (
    <div
      aria-hidden="true"
      data-testid="tool-skeleton"
      className="min-h-48 flex-1 overflow-hidden rounded-md border border-line md:min-h-0"
    >
      {Array.from({ length: 12 }, (_, index) => (
        <div key={index} style={{ height: ROW_HEIGHT }} className="flex items-center gap-2 border-b border-line/60 px-2">
          <span className="h-3 animate-pulse rounded bg-hover" style={{ width: `${45 + ((index * 37) % 40)}%` }} />
          <span className="h-3 w-12 animate-pulse rounded bg-hover" />
        </div>
      ))}
    </div>
  );
}

function VirtualToolList({
  tools,
  loading,
  serverUrl,
  selected,
  onSelect,
  withIcons,
}: {
  tools: McpTool[];
  /** Whether any tool of the server has an icon (else the column is left out). */
  withIcons: boolean;
  /** Pages are still streaming in: the schema checks wait (see useSchemaProblems). */
  loading: boolean;
  serverUrl: string;
  selected?: string;
  /** `keepFocus`: the person is moving through the list with ↑/↓ (the form must not take the focus). */
  onSelect: (name: string, options?: { keepFocus?: boolean }) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: tools.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? -1;
  const onScreen = useMemo(() => tools.slice(first, last + 1), [tools, first, last]);
  const schemaProblemOf = useSchemaProblems(onScreen, loading);
  // One Tab stop for the whole list (roving tabindex): the selected tool's row when it is on
  // screen, else the first row shown; ↑/↓, Home and End move within it.
  const selectedIndex = useMemo(() => tools.findIndex((tool) => tool.name === selected), [tools, selected]);
  const tabStop = selectedIndex >= first && selectedIndex <= last ? selectedIndex : first;
  // ↑/↓ (Home/End) move through the list (selecting as they go); the virtualizer brings the row in.
  const move = (event: KeyboardEvent<HTMLButtonElement>, current: number) => {
    const step = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: tools.length - 1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = Math.min(Math.max(step, 0), tools.length - 1);
    const target = tools[next];
    if (!target) return;
    focusNext.current = next;
    onSelect(target.name, { keepFocus: true });
    virtualizer.scrollToIndex(next);
  };
  // Focus follows once the new selection has rendered (the row may have just scrolled in).
  const focusNext = useRef<number>(undefined);
  useEffect(() => {
    const index = focusNext.current;
    if (index === undefined) return;
    focusNext.current = undefined;
    const timer = setTimeout(() => scroller.current?.querySelector<HTMLElement>(`[data-index="${index}"] button`)?.focus(), 30);
    return () => clearTimeout(timer);
  }, [selected]);
  return (
    <div ref={scroller} className="min-h-48 flex-1 overflow-auto md:min-h-0 rounded-md border border-line">
      <ul aria-label="Tool list" className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const tool = tools[item.index];
          if (!tool) return null;
          const active = tool.name === selected;
          const schemaProblem = schemaProblemOf(tool);
          const title = displayName(tool);
          const named = title !== tool.name;
          return (
            <li
              key={tool.name}
              data-index={item.index}
              className="absolute inset-x-0"
              style={{ height: item.size, transform: `translateY(${item.start}px)` }}
            >
              <button
                type="button"
                onClick={() => onSelect(tool.name)}
                onKeyDown={(event) => move(event, item.index)}
                tabIndex={item.index === tabStop ? 0 : -1}
                aria-current={active ? 'true' : undefined}
                title={tool.unusable ?? (schemaProblem ? `Arguments not fully checked: ${schemaProblem}` : undefined)}
                className={cn(
                  'flex h-full w-full items-center gap-2 border-b border-line/60 px-2 text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-500 hover:bg-hover',
                  // The selection: a tinted row and an accent bar at its edge.
                  active && 'bg-selected shadow-[inset_3px_0_0_var(--color-blue-600)]',
                  tool.unusable && 'opacity-60',
                )}
              >
                {withIcons ? <ToolIcon tool={tool} serverUrl={serverUrl} /> : null}
                <span
                  className={cn('min-w-[45%] flex-1 truncate text-sm', active && 'font-semibold')}
                  title={named ? tool.name : undefined}
                >
                  {revealInvisible(title)}
                </span>
                {/* The machine name, for screen readers and search by name (sighted: the tooltip). */}
                {named ? <span className="sr-only">{` ${revealInvisible(tool.name)}`}</span> : null}
                <span className="flex min-w-0 shrink items-center gap-1 overflow-hidden whitespace-nowrap">
                  <HintBadges annotations={tool.annotations} compact />
                  {tool.unusable ? (
                    <span className="text-[11px] text-warn">not callable</span>
                  ) : schemaProblem ? (
                    <span className="text-[11px] text-warn">schema unchecked</span>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
