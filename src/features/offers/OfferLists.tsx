// The sidebar's Prompts and Resources tabs: each list as the server gives it (every page), what
// the listing refused or where it stopped, and a row per entry starting with its name; picking one
// opens it in the work area (PromptView, ResourceView).
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import { describeFailure, failureOf } from '../../mcp/errors.ts';
import type { Listing } from '../../mcp/serverOffers.ts';
import type { ToolIcon } from '../../mcp/tools.ts';
import { revealInvisible } from '../../lib/text.ts';
import { usePromptListing, useResourceListing, useTemplateListing } from './api/offerQueries.ts';

/** What is open in the work area: a prompt's name, a resource's URI or a template's uriTemplate. */
export type OfferPick = { kind: 'prompt'; name: string } | { kind: 'resource'; uri: string } | { kind: 'template'; uriTemplate: string };

/** Draws an entry's icon (the tool list's, the app's to give: only ever an <img>, never inline SVG). */
export type RenderIcon = (icons: readonly ToolIcon[]) => ReactNode;

interface Row {
  key: string;
  icons: readonly ToolIcon[];
  name: string;
  title?: string;
  detail?: string;
  pick: OfferPick;
}

function Rows({
  label,
  rows,
  open,
  onOpen,
  renderIcon,
}: {
  label: string;
  rows: Row[];
  open?: OfferPick;
  onOpen: (pick: OfferPick) => void;
  renderIcon?: RenderIcon;
}) {
  // Most servers give no icons: then no icon column at all.
  const withIcons = renderIcon !== undefined && rows.some((row) => row.icons.length > 0);
  const isOpen = (pick: OfferPick) => open !== undefined && JSON.stringify(open) === JSON.stringify(pick);
  return (
    // One line per entry, as the tool list draws its rows: the title first (the name when there is
    // none), the raw name muted after it; the description or URI in the tooltip (the button's description).
    <ul aria-label={label} className="flex flex-col">
      {rows.map((row) => {
        const title = revealInvisible(row.title || row.name);
        const name = revealInvisible(row.name);
        const detail = row.detail ? revealInvisible(row.detail) : undefined;
        return (
          <li key={row.key}>
            <button
              type="button"
              aria-current={isOpen(row.pick) ? 'true' : undefined}
              title={[row.title ? `${title} (${name})` : name, detail].filter(Boolean).join('\n')}
              className={cn(
                'flex min-h-8 w-full items-center gap-2 rounded-md px-2 py-1 text-left text-sm hover:bg-hover',
                isOpen(row.pick) && 'bg-selected font-medium',
              )}
              onClick={() => onOpen(row.pick)}
            >
              {withIcons ? renderIcon(row.icons) : null}
              <span className="min-w-0 shrink truncate">{title}</span>
              {row.title && row.title !== row.name ? (
                <span className={cn('min-w-0 flex-1 truncate font-mono text-xs', isOpen(row.pick) ? 'text-subtle' : 'text-muted')}>
                  {name}
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Loading, failure, refusals and where the walk stopped, for one list. */
function ListState<Item>({ query, method, children }: { query: UseQueryResult<Listing<Item>>; method: string; children: ReactNode }) {
  if (query.isPending) return <p className="text-sm text-muted">Listing ({method})…</p>;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {method} failed: {describeFailure(failureOf(query.error))}
      </p>
    );
  }
  const { refused, stop, pages } = query.data;
  return (
    <>
      {children}
      {refused ? (
        <p role="note" className="text-xs text-warn">
          {refused} {refused === 1 ? 'entry' : 'entries'} without a name or URI left out.
        </p>
      ) : null}
      {stop ? <p className="text-xs text-warn">{stop}</p> : null}
      {pages > 1 ? <p className="text-xs text-muted">{pages} pages</p> : null}
    </>
  );
}

interface ListProps {
  connection: McpConnection;
  authContext: string;
  open?: OfferPick;
  onOpen: (pick: OfferPick) => void;
  renderIcon?: RenderIcon;
}

export function PromptList({ connection, authContext, open, onOpen, renderIcon }: ListProps) {
  const listing = usePromptListing(connection, authContext);
  const prompts = listing.data?.items ?? [];
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2 overflow-auto">
      <ListState query={listing} method="prompts/list">
        <p className="text-xs text-muted">
          {prompts.length} {prompts.length === 1 ? 'prompt' : 'prompts'}
        </p>
        <Rows
          label="Prompt list"
          open={open}
          onOpen={onOpen}
          renderIcon={renderIcon}
          rows={prompts.map((prompt) => ({
            key: prompt.name,
            icons: prompt.icons,
            name: prompt.name,
            title: prompt.title,
            detail: prompt.description,
            pick: { kind: 'prompt', name: prompt.name },
          }))}
        />
      </ListState>
    </div>
  );
}

export function ResourceList({ connection, authContext, open, onOpen, renderIcon }: ListProps) {
  const resources = useResourceListing(connection, authContext);
  const templates = useTemplateListing(connection, authContext);
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2 overflow-auto">
      <ListState query={resources} method="resources/list">
        <h3 className="text-xs font-semibold">
          {resources.data?.items.length} {resources.data?.items.length === 1 ? 'resource' : 'resources'}
        </h3>
        <Rows
          label="Resource list"
          open={open}
          onOpen={onOpen}
          renderIcon={renderIcon}
          rows={(resources.data?.items ?? []).map((resource) => ({
            key: resource.uri,
            icons: resource.icons,
            name: resource.name,
            title: resource.title,
            detail: [resource.uri, resource.mimeType].filter(Boolean).join(' · '),
            pick: { kind: 'resource', uri: resource.uri },
          }))}
        />
      </ListState>
      <ListState query={templates} method="resources/templates/list">
        <h3 className="text-xs font-semibold">
          {templates.data?.items.length} {templates.data?.items.length === 1 ? 'template' : 'templates'}
        </h3>
        <Rows
          label="Resource templates"
          open={open}
          onOpen={onOpen}
          renderIcon={renderIcon}
          rows={(templates.data?.items ?? []).map((template) => ({
            key: template.uriTemplate,
            icons: template.icons,
            name: template.name,
            title: template.title,
            detail: template.uriTemplate,
            pick: { kind: 'template', uriTemplate: template.uriTemplate },
          }))}
        />
      </ListState>
    </div>
  );
}
